// A remote "MCP server" that answers every request with HTTP 503, so the host lists it as failed with a
// reason; it records the headers it got, so a test can see the host did send what the config says.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface FailingHttpServer {
  /** http://127.0.0.1:PORT/mcp */
  readonly url: string
  readonly requestHeaders: ReadonlyArray<Record<string, string | string[] | undefined>>
  close(): Promise<void>
}

export async function startFailingHttpServer(): Promise<FailingHttpServer> {
  const requestHeaders: Array<Record<string, string | string[] | undefined>> = []
  const server = createServer((req, res) => {
    requestHeaders.push({ ...req.headers })
    req.resume()
    res.writeHead(503, { 'content-type': 'text/plain' })
    res.end('upstream is down for maintenance')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    requestHeaders,
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
