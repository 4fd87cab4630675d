import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { WebSocketServer } from 'ws'
import { WEB_SOCKET_PATH, WEB_TOKEN_PARAM } from '../../shared/ipc/web-wire'
import type { Host } from '../core/host'
import { buildContentSecurityPolicy } from '../core/security/content-security-policy'
import { loadStaticFile } from './static-files'
import { decideAccess, TOKEN_COOKIE, type AccessContext } from './web-access-policy'
import { bridgeSocketToHost } from './web-socket-bridge'

export interface WebServerOptions {
  host: Host
  rendererDir: string
  port?: number
  /** Fixed only in tests; otherwise a fresh 256-bit token per launch. */
  token?: string
  log?: (line: string) => void
}

export interface RunningWebServer {
  url: string
  port: number
  token: string
  close(): Promise<void>
}

/**
 * One request frame must hold the largest request the contract allows: a `.mcpb` bundle sent as base64
 * (64 MiB → ~86 MiB) with its envelope. Only a client holding the token gets this far.
 */
const MAX_FRAME_BYTES = 96 * 1024 * 1024

/** Web mode's HTTP + WebSocket server. Loopback only; see web-access-policy.ts for who gets in. */
export async function startWebServer(options: WebServerOptions): Promise<RunningWebServer> {
  const token = options.token ?? randomBytes(32).toString('base64url')
  const context: AccessContext = { port: 0, token }
  const sockets = new Set<Socket>()
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES })

  const server = createServer((req, res) => {
    void serveHttp(req, res).catch((error: unknown) => {
      options.log?.(`web: ${req.method} ${req.url} failed: ${(error as Error).message}`)
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
      res.end('internal error')
    })
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })

  async function serveHttp(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const decision = decideAccess(factsOf(req), context)
    if (!decision.allow) {
      res.writeHead(decision.status, { 'content-type': 'text/plain; charset=utf-8', ...baseHeaders() })
      res.end(`MCP Desk refused this request: ${decision.reason}. Open the URL printed by "mcp-desk web".\n`)
      return
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', ...baseHeaders() })
      res.end()
      return
    }
    const path = new URL(req.url ?? '/', 'http://placeholder').pathname
    const file = await loadStaticFile(options.rendererDir, path)
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', ...baseHeaders() })
      res.end('not found\n')
      return
    }
    const headers: Record<string, string> = {
      'content-type': file.contentType,
      'cache-control': file.isHtml ? 'no-store' : 'private, max-age=0',
      ...baseHeaders(),
    }
    // The token from the URL becomes an HttpOnly, same-site cookie so assets and the socket carry it
    // without the page's script ever needing to handle it again.
    if (decision.via === 'query') {
      headers['set-cookie'] = `${TOKEN_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`
    }
    res.writeHead(200, headers)
    res.end(req.method === 'HEAD' ? undefined : file.body)
  }

  function baseHeaders(): Record<string, string> {
    return {
      'content-security-policy': buildContentSecurityPolicy({
        mode: 'web',
        connectSrc: [`ws://127.0.0.1:${context.port}`, `ws://localhost:${context.port}`],
      }),
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
    }
  }

  server.on('upgrade', (req, socket, head) => {
    const path = new URL(req.url ?? '/', 'http://placeholder').pathname
    const decision =
      path === WEB_SOCKET_PATH
        ? decideAccess(factsOf(req), context, { requireOrigin: true })
        : ({ allow: false, status: 403, reason: 'unknown socket path' } as const)
    if (!decision.allow) {
      options.log?.(`web: refused a socket: ${decision.reason}`)
      const text = decision.status === 401 ? 'Unauthorized' : 'Forbidden'
      socket.end(`HTTP/1.1 ${decision.status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`)
      return
    }
    wss.handleUpgrade(req, socket, head, (ws) => bridgeSocketToHost(ws, options.host))
  })

  await new Promise<void>((resolvePromise, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject)
      resolvePromise()
    })
  })
  context.port = (server.address() as AddressInfo).port
  const url = `http://127.0.0.1:${context.port}/?${WEB_TOKEN_PARAM}=${token}`

  return {
    url,
    port: context.port,
    token,
    close: async () => {
      for (const client of wss.clients) client.terminate()
      wss.close()
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolveClose) => server.close(() => resolveClose()))
    },
  }
}

function factsOf(req: IncomingMessage) {
  return {
    host: req.headers.host,
    origin: req.headers.origin,
    url: req.url ?? '/',
    cookie: req.headers.cookie,
  }
}
