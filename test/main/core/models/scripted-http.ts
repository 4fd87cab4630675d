// A one-route HTTP server on 127.0.0.1 whose answer a test scripts: for the responses the mock OpenAI
// server cannot give on GET /models (401s that echo credentials, odd list shapes, junk, redirects).
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import { createServer as createNetServer, type AddressInfo } from 'node:net'

export interface ScriptedHttp {
  /** Base URL including `/v1`. */
  readonly url: string
  /** The headers of every request received, in order. */
  readonly requests: IncomingHttpHeaders[]
  /** Resolves once a request has arrived (for tests that abort a request in flight). */
  readonly firstRequest: Promise<void>
  close(): Promise<void>
}

export type Answer = (res: ServerResponse, headers: IncomingHttpHeaders) => void

export async function startScriptedHttp(answer: Answer): Promise<ScriptedHttp> {
  const requests: IncomingHttpHeaders[] = []
  let arrived: () => void = () => {}
  const firstRequest = new Promise<void>((resolve) => (arrived = resolve))
  const server = createServer((req, res) => {
    requests.push(req.headers)
    arrived()
    req.resume()
    req.on('end', () => answer(res, req.headers))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    firstRequest,
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

export function json(status: number, body: unknown): Answer {
  return (res) => {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(body))
  }
}

/** A URL on 127.0.0.1 where nothing listens: a port the OS handed out, then released. */
export async function closedPortUrl(path = '/v1'): Promise<string> {
  const server = createNetServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return `http://127.0.0.1:${port}${path}`
}
