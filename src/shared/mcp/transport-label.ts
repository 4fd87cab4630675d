/** The last path segment of a command, for `/usr/bin/node` as well as `C:\tools\notes.exe`. */
export function commandBasename(command: string): string {
  const parts = command.split(/[\\/]/).filter((part) => part.length > 0)
  return parts.at(-1) ?? command
}

/**
 * Launchers whose first operand, not the launcher, says which server runs (`node notes.js`, `npx -y
 * @acme/notes-mcp`, `uvx notes-mcp`). Options that take a value are not told apart, so a value like
 * `--prefix dir` can be picked instead; the label is a hint beside the full destination, never the key.
 */
const LAUNCHERS = new Set([
  'node',
  'node.exe',
  'nodejs',
  'npx',
  'npx.cmd',
  'bunx',
  'bun',
  'deno',
  'pnpm',
  'pnpx',
  'yarn',
  'python',
  'python3',
  'python.exe',
  'uv',
  'uvx',
  'pipx',
  'tsx',
])
/** Sub-commands a launcher takes before the package or script (`uv run x`, `pnpm dlx x`, `deno run x`). */
const LAUNCHER_SUBCOMMANDS = new Set(['run', 'dlx', 'exec', 'x', 'tool'])

function launchedName(args: readonly string[]): string | undefined {
  const operands = args.filter((arg) => !arg.startsWith('-'))
  const first = operands[0] !== undefined && LAUNCHER_SUBCOMMANDS.has(operands[0]) ? operands[1] : operands[0]
  return first === undefined ? undefined : commandBasename(first)
}

/**
 * How ui.md names a transport in card headers and lists: `stdio: <command basename>` (the script or package
 * for a launcher such as node or npx) or the URL's host, for Streamable HTTP and legacy SSE alike.
 */
export function transportLabel(
  server:
    | { transport: 'stdio'; command: string; args?: readonly string[] }
    | { transport: 'http' | 'sse'; url: string },
): string {
  if (server.transport === 'stdio') {
    const command = commandBasename(server.command)
    const launched = LAUNCHERS.has(command.toLowerCase()) ? launchedName(server.args ?? []) : undefined
    return `stdio: ${launched ?? command}`
  }
  try {
    return new URL(server.url).host
  } catch {
    return server.url
  }
}
