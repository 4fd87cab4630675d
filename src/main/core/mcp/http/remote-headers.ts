/**
 * Which configured headers a remote transport (Streamable HTTP or legacy SSE) may send. Checked before any
 * request, so a header that would break the protocol or split the request fails the connection with a
 * line naming it, never its value.
 */

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

/** Headers the transports set themselves; a configured value would break the protocol or the request. */
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

/** Throws a `RemoteHeaderRefusedError` for the first header that may not be sent. */
export function checkRemoteHeaders(headers: Record<string, string>): void {
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
