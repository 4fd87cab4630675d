import {
  StreamableHTTPClientTransport,
  type StreamableHTTPReconnectionOptions,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js'
import { createGuardedFetch } from './guarded-fetch'
import { checkRemoteUrl } from './remote-url-policy'

export { describeRemoteFailure, type RemoteFailureContext } from './remote-failure'

export interface RemoteTransportOptions {
  url: string
  /** Header values already resolved from the secret store; they go on every request and nowhere else. */
  headers: Record<string, string>
  maxMessageBytes: number
  /** The fetch under the guard; the global one unless a test injects another. */
  fetch?: FetchLike
}

/** The server URL is not allowed (see `checkRemoteUrl`); thrown before any request is made. */
export class RemoteUrlRefusedError extends Error {
  override readonly name = 'RemoteUrlRefusedError'

  constructor(readonly reason: string) {
    super(`refused the server URL: ${reason}`)
  }
}

/** A configured header that cannot or must not be sent; names the header, never its value. */
export class RemoteHeaderRefusedError extends Error {
  override readonly name = 'RemoteHeaderRefusedError'

  constructor(
    readonly header: string,
    reason: string,
  ) {
    super(`refused the header ${JSON.stringify(header)}: ${reason}`)
  }
}

/**
 * Reconnection in the SDK only ever re-opens a GET event stream with `Last-Event-ID` (the standalone
 * stream, or a POST's stream the server made resumable by giving its events ids): it asks the server to
 * replay, it never sends a message again. The only paths where the SDK re-sends a POST are the OAuth retry
 * after 401/403 (needs an `authProvider`, which is never given) and following a same-origin 307/308 (the
 * guarded fetch turns every 3xx into an error first). So a tool call goes out exactly once and a lost
 * answer stays lost, for the caller to report as unknown. The values keep replays few and short.
 */
export const REMOTE_RECONNECTION_OPTIONS: StreamableHTTPReconnectionOptions = {
  initialReconnectionDelay: 1000,
  maxReconnectionDelay: 10_000,
  reconnectionDelayGrowFactor: 2,
  maxRetries: 2,
}

/** Headers the transport sets itself; a configured value would break the protocol or the request. */
const RESERVED_HEADERS = new Set([
  'accept',
  'connection',
  'content-length',
  'content-type',
  'host',
  'last-event-id',
  'mcp-protocol-version',
  'mcp-session-id',
  'transfer-encoding',
])
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/
// CR, LF and NUL would split or end the header; above U+00FF fetch cannot encode it (ByteString).
const UNSENDABLE_IN_HEADER_VALUE = /[\r\n\0\u0100-\uffff]/

/**
 * A Streamable HTTP transport for one remote server: URL policy checked first, every request through the
 * guarded fetch (no redirects, messages capped), the configured headers on every request. An event
 * stream over the cap fails the whole connection with that reason (`onerror`, then `onclose`), because
 * the SDK would otherwise leave the requests on that stream waiting forever.
 */
export function createRemoteTransport(options: RemoteTransportOptions): StreamableHTTPClientTransport {
  const decision = checkRemoteUrl(options.url)
  if (!decision.ok) throw new RemoteUrlRefusedError(decision.reason)
  checkHeaders(options.headers)

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
    fetch: guardedFetch,
    // `redirect: 'manual'` also makes the SDK skip its own same-origin following for POST and DELETE.
    requestInit: { headers: { ...options.headers }, redirect: 'manual' },
    redirectPolicy: 'same-origin',
    reconnectionOptions: REMOTE_RECONNECTION_OPTIONS,
  })
  return transport
}

function checkHeaders(headers: Record<string, string>): void {
  for (const [name, value] of Object.entries(headers)) {
    if (!HEADER_NAME.test(name)) {
      throw new RemoteHeaderRefusedError(name, "a header name is letters, digits and !#$%&'*+-.^_`|~ only")
    }
    if (RESERVED_HEADERS.has(name.toLowerCase())) {
      throw new RemoteHeaderRefusedError(name, 'the MCP transport sets this header itself')
    }
    if (typeof value !== 'string') throw new RemoteHeaderRefusedError(name, 'its value is not text')
    if (UNSENDABLE_IN_HEADER_VALUE.test(value)) {
      throw new RemoteHeaderRefusedError(
        name,
        'its value contains a line break, NUL or a character that cannot be sent in an HTTP header',
      )
    }
  }
}
