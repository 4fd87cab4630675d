import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'

/**
 * Every listener the host opens (web mode, the OAuth loopback redirect, any later one) is made here, so
 * that anything a peer can send is parsed inside a guard. A request target that does not parse, and any
 * throw or rejection from a handler, is answered with 400 and logged; it never reaches the event loop as an
 * uncaught exception that would end the process. Handlers get the target already parsed and never call
 * `new URL` or `decodeURIComponent` on `req.url` themselves. ESLint allows node:http's createServer only in
 * this file (eslint.boundaries.js).
 */
export interface RequestTarget {
  /** The path, percent-decoded once. */
  path: string
  query: URLSearchParams
}

export type GuardedRequestHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  target: RequestTarget,
) => void | Promise<void>

export type GuardedUpgradeHandler = (
  req: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  target: RequestTarget,
) => void | Promise<void>

export interface GuardedServerOptions {
  /** Names the listener in log lines ("web", "oauth redirect"). */
  name: string
  request: GuardedRequestHandler
  /** Without one, every upgrade request is refused with 400. */
  upgrade?: GuardedUpgradeHandler
  log?: (line: string) => void
}

/**
 * Parses an origin-form request target ("/path?query"). Anything else is refused: absolute-form
 * (`http://…`), `*`, and `//…`, which a URL parser reads as a host (`//[` made `new URL` throw), none of
 * which a browser sends to these listeners; and a path that is not valid percent-encoding.
 */
export function parseRequestTarget(raw: string | undefined): RequestTarget | undefined {
  if (raw === undefined || !raw.startsWith('/') || raw.startsWith('//')) return undefined
  try {
    // Prefixing an origin (rather than passing a base) keeps the target a path whatever it holds.
    const url = new URL(`http://listener.invalid${raw}`)
    return { path: decodeURIComponent(url.pathname), query: url.searchParams }
  } catch {
    return undefined
  }
}

/** Ends an upgrade request that will not become a WebSocket: writes the status, then closes the socket. */
export function refuseUpgrade(socket: Duplex, status: 400 | 401 | 403, reason: string): void {
  if (socket.destroyed) return
  if (!socket.writable) {
    socket.destroy()
    return
  }
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`, () =>
    socket.destroy(),
  )
}

export function createGuardedServer(options: GuardedServerOptions): Server {
  const { name, log } = options
  const describe = (error: unknown) => (error instanceof Error ? error.message : String(error))

  const server = createServer((req, res) => {
    const badRequest = (): void => {
      if (res.headersSent) {
        res.destroy()
        return
      }
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' })
      res.end('bad request\n')
    }
    const target = parseRequestTarget(req.url)
    if (target === undefined) return badRequest()
    // The URL is not logged: it can carry a token or an authorization code.
    Promise.resolve()
      .then(() => options.request(req, res, target))
      .catch((error: unknown) => {
        log?.(`${name}: a ${req.method ?? ''} request failed: ${describe(error)}`)
        badRequest()
      })
  })

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // After an upgrade node no longer watches the socket: a reset must not become an uncaught 'error'.
    socket.on('error', (error) => log?.(`${name}: upgrade socket: ${describe(error)}`))
    const target = parseRequestTarget(req.url)
    const upgrade = options.upgrade
    if (target === undefined || upgrade === undefined) return refuseUpgrade(socket, 400, 'Bad Request')
    Promise.resolve()
      .then(() => upgrade(req, socket, head, target))
      .catch((error: unknown) => {
        log?.(`${name}: an upgrade request failed: ${describe(error)}`)
        refuseUpgrade(socket, 400, 'Bad Request')
      })
  })

  // Requests node's own parser rejects get its default answer (400, 431, 408); errors after listening
  // (EMFILE on accept, say) are logged instead of ending the process.
  server.on('error', (error) => log?.(`${name}: ${describe(error)}`))
  return server
}
