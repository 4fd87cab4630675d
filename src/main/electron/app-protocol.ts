import { extname } from 'node:path'
import { protocol, type CustomScheme, type Session } from 'electron'
import { DESKTOP_APP_ORIGIN, DESKTOP_APP_SCHEME, isDesktopAppUrl } from '../core/security/app-origin'
import { loadStaticFile } from '../web/static-files'
import { VIEW_SCHEME_PRIVILEGES } from './view-protocol'

/**
 * The built app page's scheme: `app://mcp-desk/index.html`, served from out/renderer. Under `file://` the
 * page would share its origin with every file on the disk (and Chromium grants file pages extra reach);
 * here its origin is exactly `app://mcp-desk`, which the IPC sender check and the navigation policy
 * accept and nothing else has. The dev server (ELECTRON_RENDERER_URL) is still loaded as it is.
 */
export const APP_PAGE_URL = `${DESKTOP_APP_ORIGIN}/index.html`

/**
 * `standard` gives real, host-based origins (so 'self' in the CSP, relative URLs and storage work);
 * `secure` makes the page a secure context like https; `supportFetchAPI` and `corsEnabled` let Chromium
 * load the build's `<script type="module" crossorigin>` chunks, which are fetched in CORS mode. No CSP
 * bypass, no service workers, no streaming privileges.
 */
export const APP_SCHEME_PRIVILEGES: CustomScheme = {
  scheme: DESKTOP_APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true },
}

/**
 * Registers the app's schemes (the page's and the MCP App views') before ready. Electron accepts one call
 * only, so both go together here.
 */
export function registerAppSchemes(): void {
  protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES, VIEW_SCHEME_PRIVILEGES])
}

export interface AppSchemeOptions {
  /** out/renderer: the only folder the scheme serves from. */
  rendererDir: string
  /** The page's policy, sent as a header with the HTML (the build also carries it in a meta tag). */
  contentSecurityPolicy: string
  log: (message: string) => void
}

/** Serves the scheme on the window's session (once per session: a re-opened window reuses it). */
export function handleAppScheme(session: Session, options: AppSchemeOptions): void {
  if (session.protocol.isProtocolHandled(DESKTOP_APP_SCHEME)) return
  session.protocol.handle(DESKTOP_APP_SCHEME, (request) => answerAppRequest(request, options))
}

/**
 * One request on the scheme. Only GET and HEAD of a file that exists inside rendererDir are answered; a
 * path that climbs out of it (`..`, encoded or not), another host, or a route that is not a file is a
 * 404, never the single-page fallback web mode uses: the desktop page has no routes of its own.
 */
export async function answerAppRequest(
  request: { method: string; url: string },
  options: Omit<AppSchemeOptions, 'log'> & { log?: (message: string) => void },
): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return plain(405, 'method not allowed\n', { allow: 'GET, HEAD' })
  }
  let path: string
  try {
    const url = new URL(request.url)
    if (!isDesktopAppUrl(url) || url.port !== '') return plain(404, 'not found\n')
    path = decodeURIComponent(url.pathname)
  } catch {
    return plain(400, 'bad request\n')
  }
  if (path === '/') path = '/index.html'
  if (extname(path) === '') return plain(404, 'not found\n')
  const file = await loadStaticFile(options.rendererDir, path)
  if (!file) {
    // The path only, never the query: it may carry anything a link put there.
    options.log?.(`app page: no file for ${JSON.stringify(path.slice(0, 200))}`)
    return plain(404, 'not found\n')
  }
  const headers: Record<string, string> = {
    'content-type': file.contentType,
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-cache',
  }
  if (file.isHtml) headers['content-security-policy'] = options.contentSecurityPolicy
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(file.body), { status: 200, headers })
}

function plain(status: number, body: string, extra: Record<string, string> = {}): Response {
  return new Response(body, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff', ...extra },
  })
}
