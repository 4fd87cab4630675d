import { VIEW_PROXY_PATH } from '../../../shared/apps/view-schema'
import { isAbsolute, relative, resolve, sep } from 'node:path'
import { filePathOfUrl, type AppOrigin } from './app-origin'

/**
 * Whether the window may navigate to `targetUrl`. Only the app's own page qualifies: for an http origin the
 * parsed protocol, host and port must all match (a prefix test would let `http://localhost:5173.evil.com`
 * or `http://localhost:5173@evil.com` through); for a file origin the path must sit inside the renderer
 * directory after normalisation. Everything else (javascript:, data:, other schemes) is refused.
 */
export function isAllowedNavigation(targetUrl: string, appOrigin: AppOrigin): boolean {
  const target = parseUrl(targetUrl)
  if (!target) return false
  if (target.username !== '' || target.password !== '') return false
  return appOrigin.kind === 'http'
    ? isSameHttpOrigin(target, appOrigin.origin)
    : isInsideRendererDir(target, appOrigin.rendererDir)
}

function isSameHttpOrigin(target: URL, origin: string): boolean {
  const app = parseUrl(origin)
  if (!app || (app.protocol !== 'http:' && app.protocol !== 'https:')) return false
  // `port` is '' for the scheme's default port on both sides, so `http://h` and `http://h:80` compare equal.
  return target.protocol === app.protocol && target.hostname === app.hostname && target.port === app.port
}

function isInsideRendererDir(target: URL, rendererDir: string): boolean {
  const filePath = filePathOfUrl(target)
  if (filePath === undefined || !isAbsolute(rendererDir)) return false
  const fromDir = relative(resolve(rendererDir), resolve(filePath))
  // '' is the directory itself (not a page); a leading '..' or an absolute result (another drive) escapes it.
  return fromDir !== '' && fromDir !== '..' && !fromDir.startsWith(`..${sep}`) && !isAbsolute(fromDir)
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
