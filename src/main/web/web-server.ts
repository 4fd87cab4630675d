import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { WebSocketServer } from 'ws'
import { WEB_SOCKET_PATH, WEB_SOCKET_PROTOCOL, WEB_TOKEN_PARAM } from '../../shared/ipc/web-wire'
import type { Host } from '../core/host'
import { createGuardedServer, refuseUpgrade, type RequestTarget } from '../core/net/guarded-http-server'
import { buildContentSecurityPolicy } from '../core/security/content-security-policy'
import { loadStaticFile } from './static-files'
import { decideAssetAccess, decideSocketAccess, type AccessContext } from './web-access-policy'
import { bridgeSocketToHost } from './web-socket-bridge'

export interface WebServerOptions {
  host: Host
  rendererDir: string
  port?: number
  /** The MCP App view sandbox listener (`http://127.0.0.1:PORT`): the only origin the page may frame. */
  viewSandboxOrigin?: string
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
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_FRAME_BYTES,
    // The server selects our protocol name, never the token entry, so the token is not echoed back.
    handleProtocols: (offered) => (offered.has(WEB_SOCKET_PROTOCOL) ? WEB_SOCKET_PROTOCOL : false),
  })

  const server = createGuardedServer({
    name: 'web',
    log: options.log,
    request: serveHttp,
    upgrade: (req, socket, head, target) => {
      const decision =
        target.path === WEB_SOCKET_PATH
          ? decideSocketAccess(factsOf(req), context)
          : ({ allow: false, status: 403, reason: 'unknown socket path' } as const)
      if (!decision.allow) {
        options.log?.(`web: refused a socket: ${decision.reason}`)
        refuseUpgrade(socket, decision.status, decision.status === 401 ? 'Unauthorized' : 'Forbidden')
        return
      }
      wss.handleUpgrade(req, socket, head, (ws) => bridgeSocketToHost(ws, options.host, options.log))
    },
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })

  /** Assets hold no secret (see static-files.ts), so they need no token; the socket does. */
  async function serveHttp(req: IncomingMessage, res: ServerResponse, target: RequestTarget): Promise<void> {
    const decision = decideAssetAccess(factsOf(req), context.port)
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
    const file = await loadStaticFile(options.rendererDir, target.path)
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', ...baseHeaders() })
      res.end('not found\n')
      return
    }
    res.writeHead(200, {
      'content-type': file.contentType,
      'cache-control': file.isHtml ? 'no-store' : 'private, max-age=0',
      ...baseHeaders(),
    })
    res.end(req.method === 'HEAD' ? undefined : file.body)
  }

  function baseHeaders(): Record<string, string> {
    return {
      'content-security-policy': buildContentSecurityPolicy({
        mode: 'web',
        connectSrc: [`ws://127.0.0.1:${context.port}`, `ws://localhost:${context.port}`],
        ...(options.viewSandboxOrigin === undefined ? {} : { frameSrc: [options.viewSandboxOrigin] }),
      }),
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
    }
  }

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
    protocols: req.headers['sec-websocket-protocol'],
  }
}
