// fast-check arbitraries for hostile HTTP requests: request lines, targets, headers and cookies, as raw
// bytes. Some are not HTTP at all and the server's parser rejects them; that is part of the point.
import fc from 'fast-check'

/** Targets that have crashed a listener before, or that URL and percent-decoding parsers choke on. */
export const NASTY_TARGETS = [
  '//[',
  '//[::1',
  '//]',
  'http://[',
  '/%',
  '/%E0%A4%A',
  '/%ZZ',
  '/%00',
  '/..%2f..%2fetc%2fpasswd',
  '*',
  '//',
  '///',
  '/\\\\evil',
  '?',
  '#',
  '/oauth/callback?state=%E0%A4%A&code=%',
  '/ipc?token=%E0%A4%A',
  '//user@[',
]

/** Header values that broke a parser before (a cookie that is not valid percent-encoding among them). */
export const NASTY_VALUES = [
  'mcp_desk_token=%E0%A4%A',
  'mcp_desk_token=%',
  '=; =; ;;',
  '%E0%A4%A',
  '[',
  'http://[',
  'null',
  '',
  ' ',
  ',,,',
  'mcp-desk.v1, mcp-desk.token.',
  'mcp-desk.token.%E0%A4%A',
  '\u00ff\u00fe',
]

const HEADER_NAMES = [
  'host',
  'origin',
  'cookie',
  'referer',
  'upgrade',
  'connection',
  'sec-websocket-key',
  'sec-websocket-version',
  'sec-websocket-protocol',
  'sec-websocket-extensions',
  'content-length',
  'transfer-encoding',
  'expect',
  'x-forwarded-for',
]

const text = (maxLength: number) =>
  fc.oneof(
    fc.string({ maxLength }),
    fc.string({ unit: 'binary', maxLength }),
    fc.stringMatching(/^[\x20-\x7e%]*$/).map((value) => value.slice(0, maxLength)),
  )

export const target = fc.oneof(
  fc.constantFrom(...NASTY_TARGETS),
  fc.webPath(),
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc.tuple(fc.constantFrom(...NASTY_TARGETS), text(40)).map(([nasty, tail]) => `${nasty}${tail}`),
  text(80),
)

const method = fc.oneof(
  fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'TRACE', 'CONNECT', 'PATCH'),
  text(12),
)

const version = fc.constantFrom('HTTP/1.1', 'HTTP/1.1', 'HTTP/1.0', 'HTTP/2.0', 'HTTP/9.9', 'http/1.1', '')

const header = fc.tuple(
  fc.oneof(fc.constantFrom(...HEADER_NAMES), text(20)),
  fc.oneof(fc.constantFrom(...NASTY_VALUES), text(120)),
)

export interface RequestParts {
  method: string
  target: string
  version: string
  headers: Array<[string, string]>
  eol: string
  body: string
}

/** Anything shaped roughly like an HTTP request, headers and cookies included. */
export const anyRequest = fc.record({
  method,
  target,
  version,
  headers: fc.array(header, { maxLength: 8 }),
  eol: fc.constantFrom('\r\n', '\r\n', '\r\n', '\n'),
  body: fc.oneof(fc.constant(''), text(64)),
})

/** A WebSocket upgrade that reaches the server's upgrade handler: the handshake headers are right. */
export function upgradeRequest(port: number, ownToken: string) {
  const protocol = fc.oneof(
    fc.constantFrom(...NASTY_VALUES),
    text(60),
    fc.constant(`mcp-desk.v1, mcp-desk.token.${ownToken}`),
  )
  const origin = fc.oneof(
    fc.constantFrom(`http://127.0.0.1:${port}`, `http://localhost:${port}`, 'http://evil.example', 'null'),
    text(40),
  )
  return fc
    .record({
      target: fc.oneof(target, fc.constantFrom('/ipc', `/ipc?token=${ownToken}`)),
      origin: fc.option(origin, { nil: undefined }),
      protocol: fc.option(protocol, { nil: undefined }),
      cookie: fc.option(fc.oneof(fc.constantFrom(...NASTY_VALUES), text(60)), { nil: undefined }),
      extra: fc.array(header, { maxLength: 4 }),
    })
    .map(({ target: path, origin: from, protocol: offered, cookie, extra }): RequestParts => ({
      method: 'GET',
      target: path,
      version: 'HTTP/1.1',
      headers: [
        ['Host', `127.0.0.1:${port}`],
        ['Upgrade', 'websocket'],
        ['Connection', 'Upgrade'],
        ['Sec-WebSocket-Key', 'dGhlIHNhbXBsZSBub25jZQ=='],
        ['Sec-WebSocket-Version', '13'],
        ...(from === undefined ? [] : [['Origin', from] as [string, string]]),
        ...(offered === undefined ? [] : [['Sec-WebSocket-Protocol', offered] as [string, string]]),
        ...(cookie === undefined ? [] : [['Cookie', cookie] as [string, string]]),
        ...extra,
      ],
      eol: '\r\n',
      body: '',
    }))
}

/** A request with a Host header naming the server, so it gets past the first check to the parsing. */
export function ownHostRequest(port: number) {
  return anyRequest.map((parts): RequestParts => ({
    ...parts,
    headers: [['Host', `127.0.0.1:${port}`], ...parts.headers],
  }))
}

export function requestBytes(parts: RequestParts): Buffer {
  const lines = [
    `${parts.method} ${parts.target} ${parts.version}`.trimEnd(),
    ...parts.headers.map(([name, value]) => `${name}: ${value}`),
    '',
    parts.body,
  ]
  return Buffer.from(lines.join(parts.eol), 'latin1')
}
