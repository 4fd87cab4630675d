import { extractWWWAuthenticateParams } from '@modelcontextprotocol/client'
import type { FetchLike } from '@modelcontextprotocol/client'

/** What the server's `WWW-Authenticate: Bearer …` challenge said. */
export interface BearerChallenge {
  resourceMetadataUrl?: URL
  scope?: string
  error?: string
}

/** One server's authorization as the fetch middleware needs it (implemented by the OAuth service). */
export interface ServerAuthorization {
  /** The access token to send, refreshed first when it has expired; undefined when none is held. */
  accessToken(): Promise<string | undefined>
  /** After a 401: try the refresh token once. True when a new access token is now held. */
  refreshAfterRejection(challenge: BearerChallenge): Promise<boolean>
  /**
   * After a 401 nothing could fix: the error that fails the request and marks the server signed out.
   * `hadToken`: the request carried a token (now refused), rather than none at all.
   */
  signInRequired(challenge: BearerChallenge, hadToken: boolean): Error
  /** After a 403 insufficient_scope: waits until the user signed in with more access (or gives up). */
  stepUp(challenge: BearerChallenge, attempt: number): Promise<void>
}

/**
 * Sign-ins for one request that keeps answering 403 insufficient_scope (the spec asks clients to limit
 * these retries). With the sign-in that produced the refused token, that is 3 authorizations in all, the
 * most the official conformance suite accepts.
 */
export const MAX_STEP_UPS = 2

export class StepUpLimitError extends Error {
  override readonly name = 'StepUpLimitError'

  constructor(scope: string | undefined) {
    super(
      `the server still refuses with insufficient_scope${scope ? ` (${scope})` : ''} after ${MAX_STEP_UPS} more sign-ins; ` +
        'it may ask for a scope the authorization server does not grant',
    )
  }
}

/**
 * Puts the bearer token on requests to the MCP server's origin and handles its challenges: a 401 refreshes
 * once and retries, else fails the request with "sign in required"; a 403 insufficient_scope waits for a
 * sign-in with the wider scope and retries, at most 3 times. Retrying is safe in both cases: the server
 * refused the request before acting on it. Requests elsewhere pass through untouched.
 */
export function withServerAuthorization(
  next: FetchLike,
  serverUrl: URL,
  authorization: ServerAuthorization,
): FetchLike {
  return async (input, init) => {
    const target = new URL(input instanceof URL ? input.href : String(input))
    if (target.origin !== serverUrl.origin) return next(input, init)

    let refreshed = false
    for (let stepUps = 0; ;) {
      const headers = new Headers(init?.headers)
      const token = await authorization.accessToken()
      if (token !== undefined) headers.set('authorization', `Bearer ${token}`)
      const response = await next(input, { ...init, headers })

      if (response.status === 401) {
        const challenge = challengeOf(response)
        await response.body?.cancel().catch(() => undefined)
        if (!refreshed && token !== undefined) {
          refreshed = true
          if (await authorization.refreshAfterRejection(challenge)) continue
        }
        throw authorization.signInRequired(challenge, token !== undefined)
      }
      if (response.status === 403) {
        const challenge = challengeOf(response)
        if (challenge.error !== 'insufficient_scope') return response
        await response.body?.cancel().catch(() => undefined)
        if (stepUps >= MAX_STEP_UPS) throw new StepUpLimitError(challenge.scope)
        stepUps++
        await authorization.stepUp(challenge, stepUps)
        continue
      }
      return response
    }
  }
}

function challengeOf(response: Response): BearerChallenge {
  const { resourceMetadataUrl, scope, error } = extractWWWAuthenticateParams(response)
  return {
    ...(resourceMetadataUrl ? { resourceMetadataUrl } : {}),
    ...(scope ? { scope } : {}),
    ...(error ? { error } : {}),
  }
}
