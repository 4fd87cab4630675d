// Which program a configured stdio command really starts, and how, without a shell.
//
// POSIX: the command is passed to spawn as it is; the kernel runs scripts through their #! line and spawn
// looks a bare name up in the child's PATH.
//
// Windows: spawn without a shell only runs real executables, and since CVE-2024-27980 Node refuses to
// start a `.cmd`/`.bat` file without one. Yet the commands users paste are mostly `npx`, `uvx` or `pnpm`,
// which on Windows are `npx.cmd` and friends. The rule, applied to the child's own PATH and PATHEXT:
//   1. A command with a directory part (`C:\tools\srv`, `.\srv`) is looked up only there; a bare name is
//      looked up in each PATH directory in order. The current directory is NOT searched (cmd.exe would),
//      so a file in a server's working folder cannot shadow a command from PATH.
//   2. A command already ending in .exe/.com/.cmd/.bat is taken as named; otherwise, within each directory,
//      the extensions .exe, .com, .cmd, .bat are tried in that order (real executables first), keeping only
//      those PATHEXT lists (default `.COM;.EXE;.BAT;.CMD`). The first existing file wins.
//   3. An .exe/.com is spawned directly by its full path. A .cmd/.bat is spawned as
//      `%COMSPEC% /d /s /c "<script> <args>"` with every metacharacter caret-escaped and each argument
//      quoted (the quoting cross-spawn uses, so `%`, `&`, `|`, `^` and quotes in arguments reach the script
//      as data, not commands), passed verbatim so Node does not re-quote it. `/d` skips AutoRun macros.
//      npm's `node_modules\.bin\*.cmd` shims hand their arguments to a second cmd.exe parse, so their
//      arguments are escaped twice.
//   4. Nothing found: the command is returned unchanged and spawn reports it as not found.
import { statSync } from 'node:fs'
import { win32 } from 'node:path'

export interface ResolvedCommand {
  command: string
  args: string[]
  /** True when `args` is an already-quoted cmd.exe line that Node must pass on unchanged. */
  windowsVerbatimArguments: boolean
}

export interface ResolveCommandOptions {
  platform: NodeJS.Platform
  /** The child's environment: PATH, PATHEXT and COMSPEC are read from it (names case-insensitive on Windows). */
  env: Readonly<Record<string, string>>
  /** Base for a relative command with a directory part. */
  cwd?: string
  /** Whether a regular file exists at the path; injected by tests. */
  exists?: (path: string) => boolean
}

const DIRECT_EXTENSIONS = ['.exe', '.com']
const SCRIPT_EXTENSIONS = ['.cmd', '.bat']
const SEARCH_ORDER = [...DIRECT_EXTENSIONS, ...SCRIPT_EXTENSIONS]
const DEFAULT_PATHEXT = '.COM;.EXE;.BAT;.CMD'
const CMD_METACHARACTERS = /([()\][%!^"`<>&|;, *?])/g
const NPM_CMD_SHIM = /node_modules[\\/]\.bin[\\/][^\\/]+\.cmd$/i

function fileExists(path: string): boolean {
  try {
    return statSync(path).isFile()
  } catch {
    return false
  }
}

function envValue(env: Readonly<Record<string, string>>, name: string): string | undefined {
  const key = Object.keys(env).find((candidate) => candidate.toUpperCase() === name)
  return key === undefined ? undefined : env[key]
}

function hasDirectoryPart(command: string): boolean {
  return /[\\/]/.test(command) || /^[A-Za-z]:/.test(command)
}

/** Caret-escapes an unquoted word for cmd.exe. */
function escapeCommandForCmd(command: string): string {
  return command.replace(CMD_METACHARACTERS, '^$1')
}

/** Quotes one argument for the MSVC argument parser, then caret-escapes it for cmd.exe. */
function escapeArgumentForCmd(argument: string, twice: boolean): string {
  // Backslashes before a quote are doubled and the quote escaped; trailing backslashes are doubled
  // because the closing quote follows them.
  let quoted = argument.replace(/(\\*)"/g, '$1$1\\"').replace(/(\\*)$/, '$1$1')
  quoted = `"${quoted}"`.replace(CMD_METACHARACTERS, '^$1')
  return twice ? quoted.replace(CMD_METACHARACTERS, '^$1') : quoted
}

function findOnWindows(command: string, options: ResolveCommandOptions): string | undefined {
  const exists = options.exists ?? fileExists
  const pathExt = (envValue(options.env, 'PATHEXT') ?? DEFAULT_PATHEXT)
    .split(';')
    .map((ext) => ext.trim().toLowerCase())
  const ownExtension = win32.extname(command).toLowerCase()
  const names = SEARCH_ORDER.includes(ownExtension)
    ? [command]
    : SEARCH_ORDER.filter((ext) => pathExt.includes(ext)).map((ext) => command + ext)

  const directories = hasDirectoryPart(command)
    ? [options.cwd ?? '']
    : (envValue(options.env, 'PATH') ?? '')
        .split(';')
        .map((dir) => dir.trim().replace(/^"(.*)"$/, '$1'))
        .filter((dir) => dir !== '')
  for (const directory of directories) {
    for (const name of names) {
      const candidate = directory === '' ? name : win32.resolve(directory, name)
      if (exists(candidate)) return candidate
    }
  }
  return undefined
}

export function resolveCommand(
  command: string,
  args: readonly string[],
  options: ResolveCommandOptions,
): ResolvedCommand {
  const unchanged = { command, args: [...args], windowsVerbatimArguments: false }
  if (options.platform !== 'win32') return unchanged
  const found = findOnWindows(command, options)
  if (found === undefined) return unchanged
  if (!SCRIPT_EXTENSIONS.includes(win32.extname(found).toLowerCase())) {
    return { command: found, args: [...args], windowsVerbatimArguments: false }
  }
  const twice = NPM_CMD_SHIM.test(found)
  const line = [
    escapeCommandForCmd(win32.normalize(found)),
    ...args.map((a) => escapeArgumentForCmd(a, twice)),
  ]
  return {
    command: envValue(options.env, 'COMSPEC') ?? 'cmd.exe',
    args: ['/d', '/s', '/c', `"${line.join(' ')}"`],
    windowsVerbatimArguments: true,
  }
}
