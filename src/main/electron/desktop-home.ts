import { resolveHome } from '../core/config/home-paths'

export interface DesktopHome {
  dir: string
  /** True when `--home` or MCP_DESK_HOME chose the folder rather than Electron's userData default. */
  overridden: boolean
}

/**
 * The profile folder for the desktop app: `--home DIR` / `--home=DIR`, else MCP_DESK_HOME, else Electron's
 * userData folder (which home-paths.ts's default mirrors, so the CLI finds the same profile).
 */
export function resolveDesktopHome(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  userDataDir: () => string,
  cwd: string = process.cwd(),
): DesktopHome {
  const flag = readHomeFlag(argv)
  const fromEnv = env.MCP_DESK_HOME?.trim()
  if (flag === undefined && !fromEnv) return { dir: userDataDir(), overridden: false }
  return { dir: resolveHome({ flag, env, cwd }), overridden: true }
}

/** The last `--home` wins, as with most CLIs; a `--home` with no folder after it is an error, not ignored. */
export function readHomeFlag(argv: readonly string[]): string | undefined {
  let found: string | undefined
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index] ?? ''
    if (arg === '--') break
    if (arg.startsWith('--home=')) {
      found = requireValue(arg.slice('--home='.length))
    } else if (arg === '--home') {
      found = requireValue(argv[index + 1])
      index += 1
    }
  }
  return found
}

function requireValue(value: string | undefined): string {
  if (value === undefined || value.trim() === '' || value.startsWith('--')) {
    throw new Error('--home needs a folder, e.g. --home ~/mcp-desk-work')
  }
  return value
}
