import { homedir } from 'node:os'
import { parseArgs } from 'node:util'
import { toSettingsView } from '../shared/settings/settings-view'
import { APP_VERSION } from '../main/core/app-identity'
import { defaultHome, profilePaths, resolveHome } from '../main/core/config/home-paths'
import { openNodeProfile } from '../main/core/profile/open-node-profile'

export interface CliIo {
  stdout: (s: string) => void
  stderr: (s: string) => void
  env: NodeJS.ProcessEnv
  /** Resolves (with the reason) when `web` should stop; defaults to the process receiving SIGINT or SIGTERM. */
  untilShutdown?: () => Promise<string>
}

/** Bad command-line input: reported with the usage text and exit code 2. */
class UsageError extends Error {}

const optionSpec = {
  home: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
  json: { type: 'boolean' },
  port: { type: 'string' },
} as const

type OptionName = keyof typeof optionSpec

/** Which options each command accepts beyond the global ones (--home, --help, --version). */
const commandOptions: Record<string, OptionName[]> = {
  'config path': ['json'],
  'config show': ['json'],
  web: ['port'],
}

function usage(env: NodeJS.ProcessEnv): string {
  return `Usage: mcp-desk [--home DIR] <command> [options]

Commands:
  config path [--json]   Print the settings file path (--json: every profile path)
  config show [--json]   Print the settings (env and header values masked) and the names of stored secrets
  web [--port N]         Serve the MCP Desk UI on http://127.0.0.1 (port 0, the default, picks a free one)
                         until interrupted (Ctrl+C)

Options:
  --home DIR      Profile folder. Default: $MCP_DESK_HOME, else the desktop app's folder
                  (${defaultHome(process.platform, env, homedir())})
  -h, --help      Show this help
  -v, --version   Show the version
`
}

function parsePort(raw: string | undefined): number {
  if (raw === undefined) return 0
  const port = /^\d{1,5}$/.test(raw) ? Number(raw) : Number.NaN
  if (!(port >= 0 && port <= 65535)) {
    throw new UsageError(`invalid --port ${JSON.stringify(raw)}: expected a whole number from 0 to 65535`)
  }
  return port
}

function waitForProcessSignal(): Promise<string> {
  return new Promise((resolve) => {
    const onSignal = (signal: NodeJS.Signals): void => {
      process.off('SIGINT', onSignal)
      process.off('SIGTERM', onSignal)
      resolve(signal)
    }
    process.on('SIGINT', onSignal)
    process.on('SIGTERM', onSignal)
  })
}

function parse(argv: string[]) {
  try {
    return parseArgs({ args: argv, options: optionSpec, allowPositionals: true, strict: true, tokens: true })
  } catch (error) {
    // node's messages name the offending option ("Unknown option '--frob'. To specify a positional ...");
    // the first sentence is the useful part.
    throw new UsageError((error as Error).message.split(/\. (?=To specify)/)[0] ?? String(error))
  }
}

/** `mcp-desk`'s whole behaviour, with its I/O passed in so tests run it in-process. Returns the exit code. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const print = (line: string): void => io.stdout(`${line}\n`)
  const warn = (line: string): void => io.stderr(`${line}\n`)
  try {
    const { values, positionals, tokens } = parse(argv)
    if (values.help) {
      io.stdout(usage(io.env))
      return 0
    }
    if (values.version) {
      print(`mcp-desk ${APP_VERSION}`)
      return 0
    }
    const [command, sub, ...extra] = positionals
    if (command === undefined) throw new UsageError('missing command')
    const commandName = command === 'config' ? `config ${sub ?? ''}`.trim() : command
    const allowed = commandOptions[commandName]
    if (!allowed) {
      if (command === 'config') {
        throw new UsageError(
          sub === undefined
            ? 'config needs a subcommand: path or show'
            : `unknown config subcommand "${sub}"`,
        )
      }
      throw new UsageError(`unknown command "${command}"`)
    }
    const unexpected = command === 'config' ? extra[0] : sub
    if (unexpected !== undefined)
      throw new UsageError(`unexpected argument "${unexpected}" for ${commandName}`)
    for (const token of tokens) {
      if (token.kind !== 'option') continue
      const name = token.name
      if (name === 'home' || allowed.includes(name)) continue
      throw new UsageError(`option ${token.rawName} does not apply to ${commandName}`)
    }

    const home = resolveHome({ flag: values.home, env: io.env })
    const json = values.json === true
    if (commandName === 'config path') {
      const paths = profilePaths(home)
      print(json ? JSON.stringify(paths, null, 2) : paths.settingsFile)
      return 0
    }
    if (commandName === 'config show') return showConfig(home, json, print, warn)

    const port = parsePort(values.port)
    const { startWebMode } = await import('../main/web/start-web-mode')
    const running = await startWebMode({ home, port, host: '127.0.0.1', log: warn })
    print(`MCP Desk web UI: ${running.url}`)
    const reason = await (io.untilShutdown ?? waitForProcessSignal)()
    warn(`${reason}: shutting down`)
    await running.close()
    return 0
  } catch (error) {
    if (error instanceof UsageError) {
      warn(`mcp-desk: ${error.message}`)
      io.stderr(`\n${usage(io.env)}`)
      return 2
    }
    warn(`mcp-desk: ${(error as Error).message}`)
    return 1
  }
}

/** Settings with every literal env/header value masked, and secret names only: values never leave the store. */
function showConfig(
  home: string,
  json: boolean,
  print: (s: string) => void,
  warn: (s: string) => void,
): number {
  const profile = openNodeProfile(home)
  const warnings = [...profile.settings.startupWarnings]
  let secretNames: string[] = []
  try {
    secretNames = profile.secrets.list()
  } catch (error) {
    warnings.push((error as Error).message)
  }
  for (const warning of warnings) warn(`warning: ${warning}`)
  const settings = toSettingsView(profile.settings.get())
  if (json) {
    print(
      JSON.stringify(
        { home, settingsFile: profile.paths.settingsFile, settings, secretNames, warnings },
        null,
        2,
      ),
    )
  } else {
    print(`Settings file: ${profile.paths.settingsFile} (env and header values are masked)`)
    print(JSON.stringify(settings, null, 2))
    print('')
    print(`Stored secrets (${profile.paths.secretsFile}), names only:`)
    print(secretNames.length > 0 ? secretNames.map((name) => `  ${name}`).join('\n') : '  (none)')
  }
  return warnings.length > 0 ? 1 : 0
}
