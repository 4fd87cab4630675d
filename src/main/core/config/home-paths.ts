import { homedir } from 'node:os'
import path from 'node:path'

/** The folder name Electron derives from package.json `name`; the desktop app and the CLI must agree on it. */
export const APP_FOLDER_NAME = 'mcp-desk'

export interface ProfilePaths {
  home: string
  settingsFile: string
  secretsFile: string
  secretsKeyFile: string
  transcriptsDir: string
  /** Sampling audit log, one JSON Lines file per day. */
  auditDir: string
  /** Unpacked `.mcpb` bundles, one folder per name and version. */
  bundlesDir: string
  /** The tool definitions the user approved, per server (the rug-pull guard's baseline). */
  approvedToolsFile: string
  /** Tool search's cached tool vectors, one file per embedding model (safe to delete). */
  toolVectorsDir: string
  /** The registries' synced catalogs, one file per registry (safe to delete: the next sync refills it). */
  registryCacheDir: string
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value
}

/**
 * The profile folder Electron's `app.getPath('userData')` gives an app named mcp-desk, so the desktop app,
 * web mode and the CLI open the same files without being told where they are.
 */
export function defaultHome(platform: NodeJS.Platform, env: NodeJS.ProcessEnv, userHome: string): string {
  if (platform === 'win32') {
    const appData = nonEmpty(env.APPDATA) ?? path.win32.join(userHome, 'AppData', 'Roaming')
    return path.win32.join(appData, APP_FOLDER_NAME)
  }
  if (platform === 'darwin')
    return path.posix.join(userHome, 'Library', 'Application Support', APP_FOLDER_NAME)
  // Chromium (and so Electron) honours a non-empty XDG_CONFIG_HOME on Linux and the BSDs.
  const configHome = nonEmpty(env.XDG_CONFIG_HOME) ?? path.posix.join(userHome, '.config')
  return path.posix.join(configHome, APP_FOLDER_NAME)
}

export interface ResolveHomeOptions {
  /** The `--home` flag, if given. */
  flag?: string
  env: NodeJS.ProcessEnv
  platform?: NodeJS.Platform
  userHome?: string
  /** What a relative `--home` / MCP_DESK_HOME is resolved against. */
  cwd?: string
}

/** `~` is expanded because `--home=~/x` and an env file's `MCP_DESK_HOME=~/x` never reach a shell that would. */
function expandTilde(value: string, userHome: string, paths: path.PlatformPath): string {
  if (value === '~') return userHome
  if (value.startsWith('~/') || value.startsWith('~\\')) return paths.join(userHome, value.slice(2))
  return value
}

/** `--home` beats `MCP_DESK_HOME` beats the platform default; the result is always absolute. */
export function resolveHome(options: ResolveHomeOptions): string {
  const platform = options.platform ?? process.platform
  // The platform's own path rules, so a Windows home resolves as one even when tests run elsewhere.
  const paths = platform === 'win32' ? path.win32 : path.posix
  const userHome = options.userHome ?? homedir()
  const chosen =
    nonEmpty(options.flag) ??
    nonEmpty(options.env.MCP_DESK_HOME) ??
    defaultHome(platform, options.env, userHome)
  return paths.resolve(options.cwd ?? process.cwd(), expandTilde(chosen, userHome, paths))
}

export function profilePaths(home: string): ProfilePaths {
  return {
    home,
    settingsFile: path.join(home, 'settings.json'),
    secretsFile: path.join(home, 'secrets.json'),
    secretsKeyFile: path.join(home, 'secrets.key'),
    transcriptsDir: path.join(home, 'transcripts'),
    auditDir: path.join(home, 'audit'),
    bundlesDir: path.join(home, 'bundles'),
    approvedToolsFile: path.join(home, 'approved-tools.json'),
    toolVectorsDir: path.join(home, 'cache', 'tool-vectors'),
    registryCacheDir: path.join(home, 'cache', 'registries'),
  }
}
