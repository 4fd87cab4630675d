import { VIEW_PROXY_PATH } from '../../../shared/apps/view-schema'
import { isDesktopAppUrl, type AppOrigin } from './app-origin'

/**
 * Whether the window may navigate to `targetUrl`. Only the app's own page qualifies: for an http origin the
 * parsed protocol, host and port must all match (a prefix test would let `http://localhost:5173.evil.com`
 * or `http://localhost:5173@evil.com` through); for the desktop app it must be exactly `app://mcp-desk`
 * (a port, another host or credentials are refused). Everything else (file:, javascript:, data:, other
 * schemes) is refused.
 */
export function isAllowedNavigation(targetUrl: string, appOrigin: AppOrigin): boolean {
  const target = parseUrl(targetUrl)
  if (!target) return false
  if (target.username !== '' || target.password !== '') return false
  return appOrigin.kind === 'http' ? isSameHttpOrigin(target, appOrigin.origin) : isDesktopAppUrl(target)
}

function isSameHttpOrigin(target: URL, origin: string): boolean {
  const app = parseUrl(origin)
  if (!app || (app.protocol !== 'http:' && app.protocol !== 'https:')) return false
  // `port` is '' for the scheme's default port on both sides, so `http://h` and `http://h:80` compare equal.
  return target.protocol === app.protocol && target.hostname === app.hostname && target.port === app.port
}

function parseUrl(value: string): URL | undefined {
  if (typeof value !== 'string' || value === '') return undefined
  try {
    return new URL(value)
  } catch {
    return undefined
  }
}

/**
 * Whether a sub-frame may navigate to `targetUrl`. The app page embeds no frames but MCP App views: the
 * sandbox proxy (exactly its page on `sandboxOrigin`), and inside it the view's srcdoc document. Anything
 * else, a view navigating its own frame to a site, or a proxy URL with credentials or another path, is
 * refused.
 */
export function isAllowedViewFrameNavigation(targetUrl: string, sandboxOrigin: string): boolean {
  if (targetUrl === 'about:srcdoc' || targetUrl === 'about:blank') return true
  const target = parseUrl(targetUrl)
  if (!target || target.username !== '' || target.password !== '') return false
  // Built by hand: node's URL gives `null` as the origin of a scheme it does not know (mcp-desk-view:).
  const origin = `${target.protocol}//${target.host.toLowerCase()}`
  return target.host !== '' && origin === sandboxOrigin.toLowerCase() && target.pathname === VIEW_PROXY_PATH
}
