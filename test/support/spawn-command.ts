// How to start each stdio MCP server the tests use as a child process: always the node that runs
// the tests (process.execPath, node 24), so no PATH lookup decides which node or which binary.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export type StdioServerEntry = 'fixture' | 'server-everything'

export interface SpawnCommand {
  command: string
  args: string[]
}

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url))
export const FIXTURE_STDIO_SERVER_PATH = fileURLToPath(
  new URL('../fixtures/mcp-servers/stdio-server.ts', import.meta.url),
)

/** The bin script of an installed npm MCP server, read from its package.json like npm would. */
function binPathOf(packageName: string): string {
  const packageDir = `${REPO_ROOT}node_modules/${packageName}/`
  const manifest = JSON.parse(readFileSync(`${packageDir}package.json`, 'utf8')) as {
    bin?: string | Record<string, string>
  }
  const bin = typeof manifest.bin === 'string' ? manifest.bin : Object.values(manifest.bin ?? {})[0]
  if (bin === undefined) throw new Error(`${packageName} declares no bin in its package.json`)
  return `${packageDir}${bin}`
}

export function spawnCommandFor(entry: StdioServerEntry, extraArgs: readonly string[] = []): SpawnCommand {
  switch (entry) {
    case 'fixture':
      return { command: process.execPath, args: [FIXTURE_STDIO_SERVER_PATH, ...extraArgs] }
    case 'server-everything':
      // Its CLI picks the transport from the first argument.
      return {
        command: process.execPath,
        args: [binPathOf('@modelcontextprotocol/server-everything'), 'stdio', ...extraArgs],
      }
  }
}
