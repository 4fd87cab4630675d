import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { findChromium } from './support/chromium'

const repoRoot = resolve(import.meta.dirname, '../..')

/**
 * The e2e tests drive the BUILT app (out/main/cli.js serving out/renderer), exactly what `npm run web` runs,
 * so build once before them. MCP_DESK_E2E_SKIP_BUILD=1 reuses an existing build while iterating on tests.
 */
export default function setup(): void {
  findChromium() // fail before the build when there is no browser to drive
  const haveBuild =
    existsSync(resolve(repoRoot, 'out/main/cli.js')) &&
    existsSync(resolve(repoRoot, 'out/renderer/index.html'))
  if (process.env.MCP_DESK_E2E_SKIP_BUILD === '1' && haveBuild) return
  const result = spawnSync(resolve(repoRoot, 'node_modules/.bin/electron-vite'), ['build'], {
    cwd: repoRoot,
    encoding: 'utf8',
  })
  if (result.status !== 0) {
    throw new Error(`electron-vite build failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`)
  }
}
