/**
 * The packaged desktop app's own scheme and host: its pages load from `app://mcp-desk/…` (served by
 * src/main/electron/app-protocol.ts from out/renderer), never from `file://`, where every local file
 * would share the page's origin.
 */
export const DESKTOP_APP_SCHEME = 'app'
export const DESKTOP_APP_HOST = 'mcp-desk'
export const DESKTOP_APP_ORIGIN = `${DESKTOP_APP_SCHEME}://${DESKTOP_APP_HOST}`

/**
 * Where the app's own page comes from: the desktop app's scheme (`app://mcp-desk`), or an http origin such
 * as the vite dev server's `http://localhost:5173` (development, web mode). Navigation and IPC sender
 * checks compare against this, never a prefix.
 */
export type AppOrigin = { kind: 'app'; origin: typeof DESKTOP_APP_ORIGIN } | { kind: 'http'; origin: string }

export const DESKTOP_APP: AppOrigin = { kind: 'app', origin: DESKTOP_APP_ORIGIN }

/**
 * Builds the AppOrigin from the URL the window loads: an `http(s)://` URL gives its origin, an
 * `app://mcp-desk/` URL the desktop app's. Anything else (file: included) is a configuration mistake and
 * throws, naming it.
 */
export function parseAppOrigin(pageUrl: string): AppOrigin {
  let url: URL
  try {
    url = new URL(pageUrl)
  } catch {
    throw new TypeError(`app page URL is not a valid URL: ${JSON.stringify(pageUrl)}`)
  }
  if (url.username !== '' || url.password !== '') {
    throw new TypeError('app page URL must not carry a user name or password')
  }
  if (url.protocol === 'http:' || url.protocol === 'https:') return { kind: 'http', origin: url.origin }
  if (isDesktopAppUrl(url)) return DESKTOP_APP
  throw new TypeError(
    `app page URL must be http:, https: or ${DESKTOP_APP_ORIGIN}, got ${JSON.stringify(url.protocol)}`,
  )
}

/**
 * Whether a parsed URL is on the desktop app's origin. Built by hand: node's URL gives `null` as the origin
 * of a scheme it does not know, and keeps the letter case of such a host (Chromium lowercases it, since the
 * scheme is registered as standard).
 */
export function isDesktopAppUrl(url: URL): boolean {
  return (
    url.protocol === `${DESKTOP_APP_SCHEME}:` &&
    url.host.toLowerCase() === DESKTOP_APP_HOST &&
    url.username === '' &&
    url.password === ''
  )
}
