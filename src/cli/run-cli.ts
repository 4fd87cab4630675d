import { APP_VERSION } from '../main/core/app-identity'
import { resolveHome } from '../main/core/config/home-paths'
import { parseCommandLine, type ParsedCommand } from './cli-args'
import { isInstallLink } from '../shared/registry/install-link'
import { outputOf, UsageError, type CliIo } from './cli-io'
import { printConfigPath, showConfig } from './commands/config-command'
import { terminalText } from './format/terminal-text'
import { usage } from './usage'

export type { CliIo } from './cli-io'

/** `mcp-desk`'s whole behaviour, with its I/O passed in so tests run it in-process. Returns the exit code. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const { print, warn } = outputOf(io)
  try {
    const parsed = parseCommandLine(argv)
    if (parsed.kind === 'help') {
      io.stdout(usage(io.env))
      return 0
    }
    if (parsed.kind === 'version') {
      print(`mcp-desk ${APP_VERSION}`)
      return 0
    }
    const home = resolveHome({ flag: parsed.values.home, env: io.env })
    return await runCommand(parsed, home, io)
  } catch (error) {
    if (error instanceof UsageError) {
      warn(`mcp-desk: ${error.message}`)
      io.stderr(`\n${usage(io.env)}`)
      return 2
    }
    // Messages can quote a server (its name, a protocol error); keep its control characters off the terminal.
    warn(`mcp-desk: ${terminalText((error as Error).message)}`)
    return 1
  }
}

/**
 * Commands that reach servers or providers are loaded on demand, so `config` and `--help` start without
 * the MCP SDK, the AI SDK and the transports.
 */
async function runCommand(command: ParsedCommand, home: string, io: CliIo): Promise<number> {
  const { values, operands, trailing } = command
  const json = values.json === true
  const operand = operands[0] ?? ''
  switch (command.name) {
    case 'config path':
      return printConfigPath(home, json, io)
    case 'config show':
      return showConfig(home, json, io)
    case 'web':
      return (await import('./commands/web-command')).serveWeb(home, values.port, io)
    case 'servers':
      return (await import('./commands/servers-list-command')).listServers(
        home,
        { json, strict: values.strict === true },
        io,
      )
    case 'servers add':
      return (await import('./commands/servers-edit-command')).addServer(home, operand, values, trailing, io)
    case 'servers remove':
      return (await import('./commands/servers-edit-command')).removeServer(home, operand, io)
    case 'servers enable':
    case 'servers disable':
      return (await import('./commands/servers-edit-command')).setServerEnabled(
        home,
        operand,
        command.name === 'servers enable',
        io,
      )
    case 'servers tools':
      return (await import('./commands/servers-tools-command')).listServerTools(home, operand, json, io)
    case 'servers accept':
      return (await import('./commands/servers-accept-command')).acceptToolChanges(
        home,
        operand,
        values.yes === true,
        io,
      )
    case 'servers login':
      return (await import('./commands/servers-login-command')).loginServer(home, operand, io)
    case 'servers logout':
      return (await import('./commands/servers-login-command')).logoutServer(home, operand, io)
    case 'call':
      return (await import('./commands/call-command')).callTool(
        home,
        { server: operand, tool: operands[1] ?? '', args: values.args, approved: values.yes === true },
        io,
      )
    case 'chat': {
      const models = values.model ?? []
      if (models.length > 1) throw new UsageError('chat takes one --model <provider/model>')
      return (await import('./commands/chat-command')).chat(
        home,
        {
          message: operand,
          conversation: values.conversation,
          model: models[0],
          approveAll: values.yes === true,
          confirmUnknown: values['confirm-unknown'] === true,
          attach: values.attach,
        },
        io,
      )
    }
    case 'tools search':
      return (await import('./commands/tools-search-command')).searchTools(
        home,
        {
          query: operands[0],
          limit: values.limit,
          json,
          queryFile: values['query-file'],
          wait: values['no-wait'] !== true,
        },
        io,
      )
    case 'providers add':
      return (await import('./commands/providers-command')).addProvider(home, operand, values, io)
    case 'providers list':
      return (await import('./commands/providers-command')).listProviders(home, json, io)
    case 'providers remove':
      return (await import('./commands/providers-command')).removeProvider(home, operand, io)
    case 'models':
      return (await import('./commands/models-command')).showModels(home, json, io)
    case 'models discover':
      return (await import('./commands/models-command')).discoverModels(
        home,
        operand,
        { add: values.add === true, json },
        io,
      )
    case 'models default':
      return (await import('./commands/models-command')).setDefaultModel(home, operand, io)
    case 'import':
      if (operand.startsWith('https://insiders.vscode.dev/redirect') || isInstallLink(operand)) {
        if (
          values.name !== undefined ||
          values['use-env'] === true ||
          values['allow-sampling'] !== undefined
        ) {
          throw new UsageError('an install link takes --set, --yes, --replace and --json only')
        }
        return (await import('./commands/registry-install-command')).installFromLink(
          home,
          operand,
          { set: values.set ?? [], yes: values.yes === true, replace: values.replace === true, json },
          io,
        )
      }
      return (await import('./commands/import-command')).importFile(
        home,
        {
          file: operand,
          yes: values.yes === true,
          replace: values.replace === true,
          set: values.set ?? [],
          useEnv: values['use-env'] === true,
          allowSampling: values['allow-sampling'] ?? [],
          name: values.name,
          json,
        },
        io,
      )
    case 'roots add':
      return (await import('./commands/roots-command')).addRoot(home, operand, operands[1] ?? '', io)
    case 'roots remove':
      return (await import('./commands/roots-command')).removeRoot(home, operand, operands[1] ?? '', io)
    case 'roots list':
      return (await import('./commands/roots-command')).listRoots(home, operands[0], json, io)
    case 'roots reset':
      return (await import('./commands/roots-command')).resetRoots(home, operand, io)
    case 'prompts':
      return (await import('./commands/prompts-command')).showPrompts(
        home,
        { server: operand, name: operands[1], args: values.arg ?? [], json },
        io,
      )
    case 'resources':
      return (await import('./commands/resources-command')).showResources(
        home,
        { server: operand, uri: operands[1], json },
        io,
      )
    case 'registry search':
      return (await import('./commands/registry-command')).searchRegistry(
        home,
        operand,
        { json, registry: values.registry, all: values.all === true },
        io,
      )
    case 'registry show':
      return (await import('./commands/registry-command')).showRegistryEntry(
        home,
        operand,
        { json, registry: values.registry, version: registryVersion(values.version) },
        io,
      )
    case 'registry list':
      return (await import('./commands/registry-command')).listRegistries(home, json, io)
    case 'registry add':
      return (await import('./commands/registry-command')).addRegistry(home, operand, values.name, io)
    case 'registry remove':
      return (await import('./commands/registry-command')).removeRegistry(home, operand, io)
    case 'registry sync':
      return (await import('./commands/registry-command')).syncRegistries(home, operands[0], json, io)
    case 'registry install':
      return (await import('./commands/registry-install-command')).installFromRegistry(
        home,
        operand,
        {
          version: registryVersion(values.version),
          registry: values.registry,
          use: values.use,
          set: values.set ?? [],
          yes: values.yes === true,
          replace: values.replace === true,
          json,
        },
        io,
      )
    case 'export':
      return (await import('./commands/export-command')).exportConfig(
        home,
        { format: values.format, out: values.out, overwrite: values.yes === true },
        io,
      )
  }
}

/** `--version V` of a registry command (the parser reads it as a string there, a flag elsewhere). */
function registryVersion(value: string | boolean | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined
}
