import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * Finds the built renderer (out/renderer) by walking up from this module to the mcp-desk package root.
 * Walking up, rather than a fixed relative path, keeps it right whether this code runs from source (tests),
 * from out/main/cli.js, or from a chunk the bundler split out.
 */
export function locateRendererDir(from: string = fileURLToPath(import.meta.url)): string {
  let dir = dirname(from)
  for (;;) {
    const manifest = join(dir, 'package.json')
    if (existsSync(manifest) && readPackageName(manifest) === 'mcp-desk') return join(dir, 'out', 'renderer')
    const parent = dirname(dir)
    if (parent === dir) throw new Error(`cannot find the mcp-desk package above ${from}`)
    dir = parent
  }
}

function readPackageName(manifest: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name
  } catch {
    return undefined
  }
}
