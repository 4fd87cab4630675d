import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { timingSafeEqual } from 'node:crypto'
import { createGuardedServer, type RequestTarget } from '../../net/guarded-http-server'

/**
 * The loopback listener an OAuth redirect lands on (RFC 8252 §7.3): 127.0.0.1 only, one path, one flow.
 * A request whose `state` is not this flow's gets an error page and changes nothing (another tab, an old
 * link, or a forged redirect); the right one is answered only after the caller has exchanged the code, so
 * the browser page says truthfully whether sign-in worked. The authorization server knows this port, so a
 * request it (or anyone) forges must never end the process: the listener is a guarded one (a target that
 * does not parse is answered 400).
 */
export interface RedirectOutcome {
  /** `code` and `iss`, or `error`/`error_description`, as the authorization server sent them. */
  params: URLSearchParams
  /** Answers the waiting browser tab and closes the listener. */
  finish: (page: { ok: boolean; title: string; detail: string }) => void
}

export interface LoopbackRedirect {
  redirectUrl: URL
  /** Resolves with the redirect carrying this flow's state; rejects when the flow expires or is closed. */
  outcome: Promise<RedirectOutcome>
  close(): void
}

export const REDIRECT_PATH = '/oauth/callback'

export class SignInExpiredError extends Error {
  override readonly name = 'SignInExpiredError'
}

export async function listenForRedirect(options: {
  state: string
  expiresInMs: number
  /** The port of an earlier registration, tried first so a registered redirect URI stays valid. */
  preferredPort?: number
}): Promise<LoopbackRedirect> {
  let settle: { resolve: (outcome: RedirectOutcome) => void; reject: (error: Error) => void } | undefined
  const outcome = new Promise<RedirectOutcome>((resolve, reject) => (settle = { resolve, reject }))
  // Nobody may be awaiting yet (the flow is cancelled before the browser comes back).
  outcome.catch(() => undefined)
  let answered = false

  const server = createGuardedServer({ name: 'oauth redirect', request: answerRedirect })
  function answerRedirect(request: IncomingMessage, response: ServerResponse, target: RequestTarget): void {
    if (request.method !== 'GET' || target.path !== REDIRECT_PATH) {
      page(response, 404, false, 'Not found', 'MCP Desk only listens here for a sign-in redirect.')
      return
    }
    if (answered || !sameState(target.query.get('state'), options.state)) {
      page(
        response,
        400,
        false,
        'Sign-in not recognised',
        'This link is not the sign-in MCP Desk is waiting for. Start again from MCP Desk.',
      )
      return
    }
    answered = true
    settle?.resolve({
      params: target.query,
      finish: ({ ok, title, detail }) => {
        page(response, ok ? 200 : 400, ok, title, detail)
        close()
      },
    })
  }

  const port = await listen(server, options.preferredPort)
  const timer = setTimeout(() => {
    settle?.reject(new SignInExpiredError('the sign-in was not completed within 10 minutes'))
    close()
  }, options.expiresInMs)
  timer.unref()

  function close(): void {
    clearTimeout(timer)
    settle?.reject(new SignInExpiredError('the sign-in was cancelled'))
    server.close()
    server.closeAllConnections()
  }

  return { redirectUrl: new URL(`http://127.0.0.1:${port}${REDIRECT_PATH}`), outcome, close }
}

async function listen(server: Server, preferredPort: number | undefined): Promise<number> {
  const attempt = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const onError = (error: Error) => reject(error)
      server.once('error', onError)
      server.listen(port, '127.0.0.1', () => {
        server.off('error', onError)
        resolve((server.address() as AddressInfo).port)
      })
    })
  if (preferredPort !== undefined) {
    try {
      return await attempt(preferredPort)
    } catch {
      // Taken by something else: a random port, and the provider registers again for it.
    }
  }
  return attempt(0)
}

function sameState(received: string | null, expected: string): boolean {
  if (received === null) return false
  const a = Buffer.from(received)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

function page(response: ServerResponse, status: number, ok: boolean, title: string, detail: string): void {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)} · MCP Desk</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{font:15px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f6f7f9;color:#1d2127}
main{max-width:28rem;padding:2rem;border-radius:12px;background:#fff;box-shadow:0 1px 3px #0002}
h1{font-size:1.25rem;margin:0 0 .5rem;color:${ok ? '#1a7f37' : '#b42318'}}
@media (prefers-color-scheme:dark){body{background:#15171a;color:#e6e8eb}main{background:#1f2226}}</style></head>
<body><main><h1>${escape(title)}</h1><p>${escape(detail)}</p></main></body></html>`
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    'referrer-policy': 'no-referrer',
  })
  response.end(html)
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}
