// Another web server on 127.0.0.1, on a port of its own, that records every request it gets (target and all
// headers). The web-mode tests point the same browser at it to prove web mode's token never reaches it.
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface RecordedRequest {
  url: string
  headers: IncomingHttpHeaders
}

export interface RecordingServer {
  origin: string
  requests: RecordedRequest[]
  close(): Promise<void>
}

/** Serves a page that loads a script and an image from itself and fetches with credentials, so every kind
 * of request a browser makes (navigation, subresource, fetch) reaches it. */
const PAGE = `<!doctype html><title>another local server</title>
<script src="/script.js"></script><img src="/image.svg" alt="">
<script>fetch('/fetched', { credentials: 'include' }).then(() => { document.title = 'fetched' })</script>`

export async function startRecordingServer(): Promise<RecordingServer> {
  const requests: RecordedRequest[] = []
  const server = createServer((req, res) => {
    requests.push({ url: req.url ?? '', headers: req.headers })
    const type = req.url?.endsWith('.js')
      ? 'text/javascript'
      : req.url?.endsWith('.svg')
        ? 'image/svg+xml'
        : 'text/html'
    res.writeHead(200, { 'content-type': type })
    res.end(
      type === 'text/html'
        ? PAGE
        : type === 'image/svg+xml'
          ? '<svg xmlns="http://www.w3.org/2000/svg"/>'
          : '',
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
