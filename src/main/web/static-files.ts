import { readFile, stat } from 'node:fs/promises'
import { extname, resolve, sep } from 'node:path'

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
}

export interface StaticFile {
  body: Buffer
  contentType: string
  isHtml: boolean
}

/**
 * Resolves a request path (already percent-decoded, see guarded-http-server.ts) to a file inside `root`, or
 * undefined. The path is resolved and must stay inside root, so `..`, encoded slashes and absolute paths
 * cannot escape. `/` and unknown routes without an extension serve index.html (the renderer is a single
 * page). Files are served as they are on disk: nothing is templated into them, so they hold no secret.
 */
export async function loadStaticFile(root: string, decoded: string): Promise<StaticFile | undefined> {
  if (decoded.includes('\0')) return undefined
  const wantsPage = decoded === '/' || extname(decoded) === ''
  const relative = wantsPage ? 'index.html' : decoded.replace(/^\/+/, '')
  const rootDir = resolve(root)
  const full = resolve(rootDir, relative)
  if (full !== rootDir && !full.startsWith(rootDir + sep)) return undefined
  try {
    const info = await stat(full)
    if (!info.isFile()) return undefined
    const body = await readFile(full)
    const ext = extname(full).toLowerCase()
    return { body, contentType: CONTENT_TYPES[ext] ?? 'application/octet-stream', isHtml: ext === '.html' }
  } catch {
    return undefined
  }
}
