import type { CustomScheme, Session } from 'electron'
import type { ViewSandbox } from '../../shared/apps/view-schema'
import { answerSandboxRequest } from '../core/apps/sandbox-proxy'

/**
 * The desktop's sandbox origin for MCP App views: `mcp-desk-view://sandbox`, a scheme of its own, so a view
 * is never same-origin with the app page (`app://mcp-desk`, app-protocol.ts) and never served by a network
 * listener another local program could reach. It answers exactly what web mode's sandbox
 * listener answers (answerSandboxRequest). The preload is per window and Chromium never gives it to a
 * cross-origin frame; nodeIntegrationInSubFrames stays off (main-window.ts), so no view frame sees Node or
 * the contract.
 */
export const VIEW_SCHEME = 'mcp-desk-view'
export const VIEW_SANDBOX_HOST = 'sandbox'
export const VIEW_SANDBOX: ViewSandbox = { origin: `${VIEW_SCHEME}://${VIEW_SANDBOX_HOST}` }

/**
 * Registered before the app is ready, with the app page's scheme (app-protocol.ts: Electron takes one
 * call). `standard` gives the scheme real origins (host-based, so the proxy is its own origin and relative
 * URLs resolve); `secure` makes it a secure context like https, which camera, geolocation and the
 * clipboard API require. Nothing else: no fetch from other origins, no CORS, no service workers, no CSP
 * bypass.
 */
export const VIEW_SCHEME_PRIVILEGES: CustomScheme = {
  scheme: VIEW_SCHEME,
  privileges: { standard: true, secure: true },
}

/** Serves the scheme on the window's session (once per session: a second window reuses it). */
export function handleViewScheme(session: Session, log: (message: string) => void): void {
  if (session.protocol.isProtocolHandled(VIEW_SCHEME)) return
  session.protocol.handle(VIEW_SCHEME, (request) => answerViewRequest(request, log))
}

/** One request on the scheme, as a fetch Response; anything that does not parse is a 400, never a throw. */
export function answerViewRequest(
  request: { method: string; url: string },
  log: (message: string) => void = () => undefined,
): Response {
  try {
    const url = new URL(request.url)
    if (
      url.protocol !== `${VIEW_SCHEME}:` ||
      url.host !== VIEW_SANDBOX_HOST ||
      url.username ||
      url.password
    ) {
      return new Response('not found\n', { status: 404, headers: { 'content-type': 'text/plain' } })
    }
    const answer = answerSandboxRequest({
      method: request.method,
      path: decodeURIComponent(url.pathname),
      query: url.searchParams,
    })
    const body = request.method === 'HEAD' ? null : answer.body
    return new Response(body, { status: answer.status, headers: answer.headers })
  } catch (error) {
    // The URL is not logged: it carries the view's declarations, and nothing here needs them in a log.
    log(`view sandbox: a request failed: ${error instanceof Error ? error.message : String(error)}`)
    return new Response('bad request\n', { status: 400, headers: { 'content-type': 'text/plain' } })
  }
}
