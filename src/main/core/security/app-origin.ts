import { dirname, isAbsolute, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * Where the app's own page comes from. In production Electron loads `out/renderer/index.html` from disk, so
 * the "origin" is a directory; in development (and web mode) it is an http origin such as the vite dev
 * server's `http://localhost:5173`. Navigation and IPC sender checks compare against this, never a prefix.
 */
export type AppOrigin = { kind: 'file'; rendererDir: string } | { kind: 'http'; origin: string }

/**
 * Builds the AppOrigin from the URL the window loads: an `http(s)://` URL gives its origin, a `file://` URL
 * gives the directory holding that page. Anything else is a configuration mistake and throws, naming it.
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
  if (url.protocol === 'file:') {
    const filePath = filePathOfUrl(url)
    if (filePath === undefined)
      throw new TypeError(`app page URL is not a local file: ${JSON.stringify(pageUrl)}`)
    return { kind: 'file', rendererDir: parentDir(filePath) }
  }
  throw new TypeError(`app page URL must be http:, https: or file:, got ${JSON.stringify(url.protocol)}`)
}

/** The local path a `file:` URL names, or undefined when it names a remote share or an invalid path. */
export function filePathOfUrl(url: URL): string | undefined {
  // The WHATWG parser turns `file://localhost/x` into an empty host, so any host left is a network share.
  if (url.protocol !== 'file:' || url.host !== '') return undefined
  try {
    // fileURLToPath decodes %XX and refuses encoded separators (`%2F`), which could otherwise hide a `..`.
    return normalize(fileURLToPath(url))
  } catch {
    return undefined
  }
}

function parentDir(filePath: string): string {
  if (!isAbsolute(filePath)) throw new TypeError(`app page path must be absolute: ${filePath}`)
  return dirname(filePath)
}
