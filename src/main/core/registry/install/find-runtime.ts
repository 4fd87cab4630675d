import { constants } from 'node:fs'
import { access, stat } from 'node:fs/promises'
import { posix, win32 } from 'node:path'
import type { ParsedConfig } from '../../../../shared/import/import-types'

/**
 * Whether the program a server runs (`npx`, `uvx`, `docker`) is on this computer, found the way the
 * process spawner finds it: each PATH folder in turn (with PATHEXT's extensions on Windows), never by
 * asking a shell (`which`/`where`), so nothing in a registry entry's command is ever interpreted.
 */

export type Environment = Readonly<Record<string, string | undefined>>

export async function findRuntime(
  command: string,
  env: Environment,
  platform: NodeJS.Platform = process.platform,
): Promise<string | undefined> {
  const path = platform === 'win32' ? win32 : posix
  const candidates = executableNames(command, env, platform)
  // A command with a folder in it is not looked up on PATH: it is that file or nothing.
  if (command.includes('/') || (platform === 'win32' && command.includes('\\'))) {
    for (const candidate of candidates) if (await isExecutable(candidate, platform)) return candidate
    return undefined
  }
  const pathValue = envValue(env, 'PATH', platform) ?? ''
  for (const dir of pathValue.split(path.delimiter)) {
    if (dir === '') continue
    for (const name of candidates) {
      const full = path.join(dir, name)
      if (await isExecutable(full, platform)) return full
    }
  }
  return undefined
}

/** On Windows, `npx` is `npx.cmd`: each PATHEXT extension is tried unless the name has one already. */
function executableNames(command: string, env: Environment, platform: NodeJS.Platform): string[] {
  if (platform !== 'win32') return [command]
  const extensions = (envValue(env, 'PATHEXT', platform) ?? '.COM;.EXE;.BAT;.CMD')
    .split(';')
    .filter((ext) => ext !== '')
  const hasExtension = extensions.some((ext) => command.toLowerCase().endsWith(ext.toLowerCase()))
  return hasExtension ? [command] : [command, ...extensions.map((ext) => `${command}${ext}`)]
}

/** Windows spells it `Path` as often as `PATH`; environment names are case-insensitive there. */
function envValue(env: Environment, name: string, platform: NodeJS.Platform): string | undefined {
  if (platform !== 'win32') return env[name]
  const key = Object.keys(env).find((k) => k.toUpperCase() === name)
  return key === undefined ? undefined : env[key]
}

async function isExecutable(file: string, platform: NodeJS.Platform): Promise<boolean> {
  try {
    if (!(await stat(file)).isFile()) return false
    if (platform !== 'win32') await access(file, constants.X_OK)
    return true
  } catch {
    return false
  }
}

/** Where to get each runtime MCP Desk runs registry packages with. */
const RUNTIME_HINTS: Record<string, string> = {
  npx: 'npx comes with Node.js: install Node.js from https://nodejs.org',
  uvx: 'uvx comes with uv: install uv from https://docs.astral.sh/uv/',
  docker: 'Install Docker from https://docs.docker.com/get-docker/ and start it',
  node: 'Install Node.js from https://nodejs.org',
  python: 'Install Python from https://www.python.org/downloads/',
  python3: 'Install Python from https://www.python.org/downloads/',
  uv: 'Install uv from https://docs.astral.sh/uv/',
  bunx: 'bunx comes with Bun: install Bun from https://bun.sh',
}

export function runtimeHint(command: string): string {
  const known = Object.hasOwn(RUNTIME_HINTS, command) ? RUNTIME_HINTS[command] : undefined
  return known ?? `Install ${command} and make sure it is on PATH`
}

export type MissingRuntime = { command: string; hint: string }

/** The stdio commands of the parsed servers that cannot be found, once each, with where to get them. */
export async function missingRuntimes(
  parsed: ParsedConfig,
  find: (command: string) => Promise<string | undefined>,
): Promise<MissingRuntime[]> {
  const commands = new Set<string>()
  for (const server of parsed.servers) {
    if (server.input.transport === 'stdio') commands.add(server.input.command)
  }
  const missing: MissingRuntime[] = []
  for (const command of commands) {
    if ((await find(command)) === undefined) missing.push({ command, hint: runtimeHint(command) })
  }
  return missing
}
