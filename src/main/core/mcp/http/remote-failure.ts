import { ProtocolError, SdkError, SdkErrorCode, SdkHttpError } from '@modelcontextprotocol/client'
import { MessageTooLargeError, RedirectRefusedError } from './guarded-fetch'
import { redactUrl } from './remote-url-policy'

export interface RemoteFailureContext {
  /** The server's configured URL: lets the line name the endpoint (it is shown redacted). */
  url?: string | URL
  /** Resolved header values; any that a server echoed back into an error is replaced by `[redacted]`. */
  secretValues?: readonly string[]
}

/** Errors of this module whose message is already the one line to show (see remote-transport.ts). */
const SELF_DESCRIBED = new Set(['RemoteUrlRefusedError', 'RemoteHeaderRefusedError', 'AddressRefusedError'])

const TLS_EXPLANATIONS: Record<string, string> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: 'the certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'the certificate chain ends in a self-signed certificate',
  CERT_HAS_EXPIRED: 'the certificate has expired',
  CERT_NOT_YET_VALID: 'the certificate is not valid yet',
  ERR_TLS_CERT_ALTNAME_INVALID: 'the certificate is not valid for this host name',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'the certificate is not signed by a trusted authority',
  UNABLE_TO_GET_ISSUER_CERT: 'the certificate is not signed by a trusted authority',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'the certificate is not signed by a trusted authority',
  ERR_SSL_WRONG_VERSION_NUMBER: 'the server did not answer in TLS (is it plain http?)',
  ERR_SSL_PACKET_LENGTH_TOO_LONG: 'the server did not answer in TLS (is it plain http?)',
}

const OAUTH_HINT =
  'signing in with OAuth is not supported yet; a static header with an API key ' +
  '(e.g. Authorization: Bearer …) may work'

/**
 * One line saying why talking to a remote MCP server failed, for the servers panel and the CLI: the
 * connection refused, the credentials refused, no endpoint, a redirect, TLS, a timeout, a size limit.
 * It never contains header values or a URL's query string.
 */
export function describeRemoteFailure(error: unknown, context: RemoteFailureContext = {}): string {
  const line = describe(error, context)
  return scrubSecrets(redactUrlsIn(oneLine(line)), context.secretValues ?? [])
}

function describe(error: unknown, context: RemoteFailureContext): string {
  const target = context.url === undefined ? 'the configured URL' : redactUrl(context.url)
  for (const link of causeChain(error)) {
    if (link instanceof MessageTooLargeError || link instanceof RedirectRefusedError) return link.message
    if (link instanceof Error && SELF_DESCRIBED.has(link.name)) return link.message
    if (link instanceof SdkHttpError) return describeHttpStatus(link, target)
    if (link instanceof SdkError) return describeSdkError(link, target)
    if (link instanceof ProtocolError) return `the server answered with an error: ${link.message}`
    if (link instanceof Error && (link.name === 'TimeoutError' || link.name === 'AbortError')) {
      return link.name === 'TimeoutError'
        ? `timed out talking to ${target}`
        : `the request to ${target} was cancelled`
    }
    const system = describeSystemError(link, context)
    if (system !== undefined) return system
  }
  // Our size-limit error reaches `onerror` as text inside the SDK's "SSE stream disconnected" message.
  const message = messageOf(error)
  const limit = /the server sent [^.]* larger than maxMessageBytes \([^)]*\)/.exec(message)
  if (limit) return limit[0]
  if (message === '') return `talking to ${target} failed for an unknown reason`
  // undici says only "fetch failed" and puts the reason (e.g. "bad port") in its cause: name both.
  const causes = [...causeChain(error)]
    .slice(1)
    .map(messageOf)
    .filter((text) => text !== '' && text !== message)
  return causes.length > 0 ? `${message}: ${causes.join(': ')}` : message
}

function describeHttpStatus(error: SdkHttpError, target: string): string {
  const detail = serverDetail(error.message)
  switch (error.status) {
    case 401:
    case 403:
      return `the server refused the credentials (HTTP ${error.status}); ${OAUTH_HINT}`
    case 404:
      if (/session/i.test(detail)) return `the server no longer knows this session (HTTP 404): ${detail}`
      return `no MCP endpoint at ${target} (HTTP 404)`
    case 405:
      return `the server does not accept this request method (HTTP 405); is ${target} an MCP endpoint?`
    default:
      return `the server answered HTTP ${error.status}${detail === '' ? '' : `: ${detail}`}`
  }
}

/** What the SDK itself reports (v2 gives these string codes; a server's own errors are ProtocolErrors). */
function describeSdkError(error: SdkError, target: string): string {
  switch (error.code) {
    case SdkErrorCode.RequestTimeout: {
      const data = error.data as { timeout?: unknown } | undefined
      const ms = typeof data?.timeout === 'number' ? ` within ${data.timeout} ms` : ''
      return `no answer from ${target}${ms} (timed out)`
    }
    case SdkErrorCode.ConnectionClosed:
      return `the connection to ${target} was closed`
    case SdkErrorCode.ClientHttpUnexpectedContent:
      return `the server answered in an unexpected format (${serverDetail(error.message)}); expected JSON or an event stream`
    default:
      return serverDetail(error.message)
  }
}

function describeSystemError(link: unknown, context: RemoteFailureContext): string | undefined {
  if (typeof link !== 'object' || link === null) return undefined
  const fields = link as { code?: unknown; address?: unknown; port?: unknown; hostname?: unknown }
  if (typeof fields.code !== 'string') return undefined
  const code = fields.code
  const hostPort = hostPortOf(context.url) ?? joinHostPort(fields.address, fields.port)
  const host = hostPort ?? 'the server'
  switch (code) {
    case 'ECONNREFUSED':
      return `connection refused by ${host}`
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
      return `could not resolve the host name ${typeof fields.hostname === 'string' ? fields.hostname : host}`
    case 'ECONNRESET':
    case 'EPIPE':
    case 'UND_ERR_SOCKET':
      return `the connection to ${host} was closed before the server answered`
    case 'ETIMEDOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
      return `timed out connecting to ${host}`
    case 'UND_ERR_HEADERS_TIMEOUT':
    case 'UND_ERR_BODY_TIMEOUT':
      return `timed out waiting for ${host} to answer`
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `${host} is unreachable from this computer`
  }
  const tls = TLS_EXPLANATIONS[code]
  if (tls !== undefined) return `TLS failure with ${host}: ${tls}`
  if (/^(ERR_TLS_|ERR_SSL_|CERT_|EPROTO$)/.test(code)) {
    return `TLS failure with ${host}: ${firstLine(messageOf(link)) || code}`
  }
  return undefined
}

/** The server's own words from a StreamableHTTPError: a JSON-RPC or OAuth error message, or the text. */
function serverDetail(message: string): string {
  const text = message
    .replace(/^Streamable HTTP error: /, '')
    .replace(/^(Error POSTing to endpoint|Failed to open SSE stream|Failed to terminate session): /, '')
    .trim()
  try {
    const body = JSON.parse(text) as {
      error?: { message?: unknown } | string
      error_description?: unknown
    }
    if (typeof body.error === 'object' && typeof body.error.message === 'string') return body.error.message
    if (typeof body.error_description === 'string') return body.error_description
  } catch {
    // Not JSON: the text itself is the detail.
  }
  return text.length > 200 ? `${text.slice(0, 200)}…` : text
}

function* causeChain(error: unknown): Generator<unknown> {
  let link: unknown = error
  for (let depth = 0; depth < 6 && link !== undefined && link !== null; depth++) {
    yield link
    link = typeof link === 'object' ? (link as { cause?: unknown }).cause : undefined
  }
}

function hostPortOf(url: string | URL | undefined): string | undefined {
  if (url === undefined) return undefined
  try {
    const parsed = typeof url === 'string' ? new URL(url) : url
    const port = parsed.port !== '' ? parsed.port : parsed.protocol === 'https:' ? '443' : '80'
    return `${parsed.hostname}:${port}`
  } catch {
    return undefined
  }
}

function joinHostPort(address: unknown, port: unknown): string | undefined {
  if (typeof address !== 'string') return undefined
  const host = address.includes(':') ? `[${address}]` : address
  return typeof port === 'number' ? `${host}:${port}` : host
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message
  return typeof error === 'string' ? error : ''
}

function firstLine(text: string): string {
  return text.split('\n')[0]?.trim() ?? ''
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim()
  return line.length > 500 ? `${line.slice(0, 500)}…` : line
}

function redactUrlsIn(text: string): string {
  return text.replace(/\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]+/gi, (match) => {
    try {
      return redactUrl(new URL(match))
    } catch {
      return '(URL)'
    }
  })
}

/** Whole values and, for values like `Bearer <token>`, each long enough part of them. */
function scrubSecrets(text: string, secretValues: readonly string[]): string {
  const needles = new Set<string>()
  for (const value of secretValues) {
    if (value.length >= 4) needles.add(value)
    for (const part of value.split(/\s+/)) if (part.length >= 8) needles.add(part)
  }
  let scrubbed = text
  for (const needle of [...needles].sort((a, b) => b.length - a.length)) {
    scrubbed = scrubbed.split(needle).join('[redacted]')
  }
  return scrubbed
}
