import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/**
 * The toolbench data (real tool catalogs and labelled queries) lives in shared/ beside the checkout — the
 * layout CI uses for its clone — and on the workplace machines at /work/shared. Tests that need it fail
 * with this message rather than skipping silently.
 */
export function toolbenchFile(name: 'catalog.json' | 'queries-dev.json'): string {
  const candidates = [
    process.env['MCP_DESK_TOOLBENCH_DIR'] ? `${process.env['MCP_DESK_TOOLBENCH_DIR']}/${name}` : undefined,
    fileURLToPath(new URL(`../../../shared/toolbench/${name}`, import.meta.url)),
    `/work/shared/toolbench/${name}`,
  ].filter((path): path is string => path !== undefined)
  const found = candidates.find((path) => existsSync(path))
  if (!found) {
    throw new Error(
      `toolbench ${name} not found (looked at ${candidates.join(', ')}); set MCP_DESK_TOOLBENCH_DIR`,
    )
  }
  return found
}
