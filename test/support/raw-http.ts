// Raw TCP for listener tests: bytes no HTTP client library would send.
import { request } from 'node:http'
import { connect } from 'node:net'

/** A peer that never answers or never closes is cut off after this long; the fuzz test then goes on. */
const PEER_DEADLINE_MS = 10_000

/**
 * Connects to 127.0.0.1:port, writes `bytes`, and resolves with whatever came back once the server closes
 * (or resets) the connection. Never rejects: a refused or reset connection is an answer too. By default it
 * half-closes after writing, so a request the server waits to see the end of is ended; node then abandons
 * requests it has not answered yet, so a request whose answer matters asks for `Connection: close` instead.
 */
export function sendRaw(port: number, bytes: Buffer | string, halfClose = true): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    const socket = connect({ host: '127.0.0.1', port })
    socket.setTimeout(PEER_DEADLINE_MS, () => socket.destroy())
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('error', () => undefined)
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')))
    if (halfClose) socket.end(bytes)
    else socket.write(bytes)
  })
}

/** A well-formed GET that asks the server to close afterwards; resolves with the status code (0 if none). */
export async function statusOfGet(port: number, target: string, headers: string[] = []): Promise<number> {
  const request = [`GET ${target} HTTP/1.1`, `Host: 127.0.0.1:${port}`, 'Connection: close', ...headers]
  const answer = await sendRaw(port, [...request, '', ''].join('\r\n'), false)
  return Number(/^HTTP\/1\.1 (\d{3}) /.exec(answer)?.[1] ?? 0)
}

/** A WebSocket upgrade request for `target` from the listener's own origin, plus `extra` headers. */
export function sendRawUpgrade(port: number, target: string, extra: string[] = []): Promise<string> {
  return sendRaw(
    port,
    [
      `GET ${target} HTTP/1.1`,
      `Host: 127.0.0.1:${port}`,
      `Origin: http://127.0.0.1:${port}`,
      'Upgrade: websocket',
      'Connection: Upgrade',
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
      'Sec-WebSocket-Version: 13',
      ...extra,
      '',
      '',
    ].join('\r\n'),
  )
}

export interface HttpAnswer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

/** One request through node:http to 127.0.0.1:`port`, naming that address as its Host unless `headers` do. */
export function httpGet(
  port: number,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, method, headers: { host: `127.0.0.1:${port}`, ...headers } },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (body += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
      },
    )
    req.on('error', reject)
    req.end()
  })
}
