import type { AddressInfo, Socket } from 'node:net'
import type { ViewSandbox } from '../../shared/apps/view-schema'
import { answerSandboxRequest } from '../core/apps/sandbox-proxy'
import { createGuardedServer } from '../core/net/guarded-http-server'

export interface ViewSandboxServerOptions {
  /** Fixed only in tests; otherwise any free port. */
  port?: number
  log?: (line: string) => void
}

export interface RunningViewSandboxServer {
  /** `http://127.0.0.1:PORT`: never the app page's origin, so a view can never reach the app. */
  origin: string
  port: number
  sandbox: ViewSandbox
  close(): Promise<void>
}

/**
 * Web mode's second listener: the origin MCP App views load from (the spec requires a different origin from
 * the host page). It serves only the sandbox proxy (answerSandboxRequest) and holds nothing else: no token,
 * no socket, no files. The Host header must name exactly this listener's 127.0.0.1:PORT, so a page that
 * rebinds its own hostname to 127.0.0.1 cannot read the proxy as same-origin.
 */
export async function startViewSandboxServer(
  options: ViewSandboxServerOptions = {},
): Promise<RunningViewSandboxServer> {
  let ownHost = ''
  const sockets = new Set<Socket>()
  const server = createGuardedServer({
    name: 'view sandbox',
    log: options.log,
    request: (req, res, target) => {
      if (req.headers.host !== ownHost) {
        res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' })
        res.end('not this server\n')
        return
      }
      const answer = answerSandboxRequest({
        method: req.method ?? '',
        path: target.path,
        query: target.query,
      })
      res.writeHead(answer.status, answer.headers)
      res.end(req.method === 'HEAD' ? undefined : answer.body)
    },
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject)
      resolveListen()
    })
  })
  const port = (server.address() as AddressInfo).port
  ownHost = `127.0.0.1:${port}`
  const origin = `http://${ownHost}`
  return {
    origin,
    port,
    sandbox: { origin },
    close: async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolveClose) => server.close(() => resolveClose()))
    },
  }
}
