import { SdkError, SdkErrorCode } from '@modelcontextprotocol/client'
import type { ServerCrash } from '../../../shared/chat/transcript-schema'
import type { ServerFailure } from '../../../shared/mcp/server-state'

/**
 * A request cut off because the server's process died while it was out. The SDK only says "Connection
 * closed"; this carries how the server died (its exit description, secrets already masked), so an
 * `unknown` tool result can say the server crashed instead of leaving the user to guess.
 */
export class ServerCrashedError extends Error {
  override readonly name = 'ServerCrashedError'
  readonly crash: ServerCrash

  constructor(crash: ServerCrash, cause: unknown) {
    super(`the server crashed: ${crash.reason}`, { cause })
    this.crash = crash
  }
}

/**
 * The error a request that failed should be reported as: a ServerCrashedError when the connection closed
 * because the server's process ended by itself (the transport knows its exit code or signal), else the
 * error itself. A close MCP Desk caused (restart, disable, quit) has no exit to explain and stays as it is.
 */
export function crashedOr(error: unknown, explain: (error: unknown) => ServerFailure | undefined): unknown {
  if (!(error instanceof SdkError) || error.code !== SdkErrorCode.ConnectionClosed) return error
  const failure = explain(error)
  // Only a process exit has a code or signal: a remote transport's explanation is not a crash.
  if (!failure || (failure.exitCode === undefined && failure.signal === undefined)) return error
  return new ServerCrashedError(
    { reason: failure.reason, exitCode: failure.exitCode ?? null, signal: failure.signal ?? null },
    error,
  )
}
