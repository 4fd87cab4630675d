// A node:http server on 127.0.0.1 with a free port, a scripted handler and a record of what reached it,
// for tests that need exact control over statuses, headers and bodies.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { createServer as createNetServer, type AddressInfo } from 'node:net'

export interface RecordedRequest {
  method: string
  path: string
  headers: IncomingMessage['headers']
  body: string
}

export type LocalHandler = (request: RecordedRequest, res: ServerResponse) => void | Promise<void>

export interface LocalHttpServer {
  /** http://127.0.0.1:PORT */
  readonly origin: string
  readonly port: number
  readonly requests: readonly RecordedRequest[]
  close(): Promise<void>
}

export async function startLocalHttpServer(handler: LocalHandler): Promise<LocalHttpServer> {
  const requests: RecordedRequest[] = []
  const server = createServer((req, res) => {
    const parts: Buffer[] = []
    req.on('data', (part: Buffer) => parts.push(part))
    req.on('end', () => {
      const request: RecordedRequest = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(parts).toString('utf8'),
      }
      requests.push(request)
      Promise.resolve(handler(request, res)).catch((error: unknown) => {
        res.destroy(error instanceof Error ? error : new Error(String(error)))
      })
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    async close() {
      // Held-open answers (event streams, requests left unanswered on purpose) would keep close() waiting.
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** A port nothing listens on: bound by the kernel's choice, then released. */
export async function freePort(): Promise<number> {
  const probe = createNetServer()
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = probe.address() as AddressInfo
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return port
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

/**
 * A minimal MCP server in JSON response mode: answers `initialize`, accepts notifications with 202,
 * refuses GET with 405 (no standalone stream) and hands every other request to `onRequest`.
 */
export function scriptedMcpHandler(
  onRequest: (
    message: { id: number | string; method: string; params?: unknown },
    res: ServerResponse,
  ) => void,
): LocalHandler {
  return (request, res) => {
    if (request.method !== 'POST') return void res.writeHead(405).end()
    const message = JSON.parse(request.body) as {
      id?: number | string
      method: string
      params?: { protocolVersion?: string }
    }
    if (message.id === undefined) return void res.writeHead(202).end()
    if (message.method === 'initialize') {
      res.setHeader('mcp-session-id', 'scripted-session')
      return sendJson(res, 200, {
        jsonrpc: '2.0',
        id: message.id,
        result: {
          protocolVersion: message.params?.protocolVersion,
          capabilities: { tools: {} },
          serverInfo: { name: 'scripted', version: '1.0.0' },
        },
      })
    }
    onRequest({ id: message.id, method: message.method, params: message.params }, res)
  }
}
