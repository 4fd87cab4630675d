/**
 * The server needs OAuth authorization and no usable token is held. Thrown from the transport's fetch, so
 * the connection (or the request) fails with it and the server shows "Sign in"; nothing opens by itself.
 */
export class SignInRequiredError extends Error {
  override readonly name = 'SignInRequiredError'

  constructor(
    readonly serverId: string,
    detail: string,
  ) {
    super(`needs sign-in: ${detail}`)
  }
}

/** A sign-in the user started did not finish: denied, expired, cancelled, or the code exchange failed. */
export class SignInFailedError extends Error {
  override readonly name = 'SignInFailedError'
}

/**
 * The SignInRequiredError behind `error`, if any. The 2026 era's `server/discover` probe wraps what the
 * transport threw in its own negotiation error (the sign-in wall is its `cause`).
 */
export function signInRequiredIn(error: unknown): SignInRequiredError | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    if (current instanceof SignInRequiredError) return current
    current = current.cause
  }
  return undefined
}
