import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import type { StreamableHTTPReconnectionOptions, FetchLike } from '@modelcontextprotocol/client'
import { createGuardedFetch } from './guarded-fetch'
import { checkRemoteUrl } from './remote-url-policy'
import { checkRemoteHeaders } from './remote-headers'

export { RemoteHeaderRefusedError } from './remote-headers'

export { describeRemoteFailure, type RemoteFailureContext } from './remote-failure'

export interface RemoteTransportOptions {
  url: string
  /** Header values already resolved from the secret store; they go on every request and nowhere else. */
  headers: Record<string, string>
  maxMessageBytes: number
  /** The fetch under the guard; the pinned one (see pinned-fetch.ts) unless a test injects another. */
  fetch?: FetchLike
  /** Wraps the guarded fetch, e.g. with OAuth (bearer token, refresh, step-up); see oauth/oauth-fetch.ts. */
  wrapFetch?: (guarded: FetchLike) => FetchLike
}

/** The server URL is not allowed (see `checkRemoteUrl`); thrown before any request is made. */
export class RemoteUrlRefusedError extends Error {
  override readonly name = 'RemoteUrlRefusedError'

  constructor(readonly reason: string) {
    super(`refused the server URL: ${reason}`)
  }
}

/**
 * Reconnection in the SDK only ever re-opens a GET event stream with `Last-Event-ID` (the standalone
 * stream, or a POST's stream the server made resumable by giving its events ids): it asks the server to
 * replay, it never sends a message again. The only paths where the SDK re-sends a POST are the OAuth retry
 * after 401/403 (needs an `authProvider`, which is never given: OAuth is a fetch wrapper here, and retries
 * only requests the server refused before acting on them) and following a same-origin 307/308 (the
 * guarded fetch turns every 3xx into an error first). So a tool call goes out exactly once and a lost
 * answer stays lost, for the caller to report as unknown. The values keep replays few and short.
 */
export const REMOTE_RECONNECTION_OPTIONS: StreamableHTTPReconnectionOptions = {
  initialReconnectionDelay: 1000,
  maxReconnectionDelay: 10_000,
  reconnectionDelayGrowFactor: 2,
  maxRetries: 2,
}

/**
 * A Streamable HTTP transport for one remote server: URL policy checked first, every request through the
 * guarded fetch (no redirects, messages capped), the configured headers on every request. An event
 * stream over the cap fails the whole connection with that reason (`onerror`, then `onclose`), because
 * the SDK would otherwise leave the requests on that stream waiting forever.
 */
export function createRemoteTransport(options: RemoteTransportOptions): StreamableHTTPClientTransport {
  const decision = checkRemoteUrl(options.url)
  if (!decision.ok) throw new RemoteUrlRefusedError(decision.reason)
  checkRemoteHeaders(options.headers)

  let failed = false
  const guardedFetch = createGuardedFetch({
    maxMessageBytes: options.maxMessageBytes,
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    onEventStreamTooLarge: (error) => {
      // Only ever called from a response, so after `transport` below is assigned.
      if (failed) return
      failed = true
      transport.onerror?.(error)
      void transport.close()
    },
  })
  const transport = new StreamableHTTPClientTransport(decision.url, {
    fetch: options.wrapFetch ? options.wrapFetch(guardedFetch) : guardedFetch,
    // `redirect: 'manual'` also makes the SDK skip its own same-origin following for POST and DELETE.
    requestInit: { headers: { ...options.headers }, redirect: 'manual' },
    redirectPolicy: 'same-origin',
    reconnectionOptions: REMOTE_RECONNECTION_OPTIONS,
  })
  return transport
}
