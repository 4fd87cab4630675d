import { parseArgs } from 'node:util'
import { UsageError } from './cli-io'

const optionSpec = {
  home: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
  json: { type: 'boolean' },
  port: { type: 'string' },
  strict: { type: 'boolean' },
  sampling: { type: 'string' },
  protocol: { type: 'string' },
  env: { type: 'string', multiple: true },
  'secret-env': { type: 'string', multiple: true },
  'plain-env': { type: 'string', multiple: true },
  header: { type: 'string', multiple: true },
  'secret-header': { type: 'string', multiple: true },
  'plain-header': { type: 'string', multiple: true },
  url: { type: 'string' },
  transport: { type: 'string' },
  'oauth-client-id': { type: 'string' },
  'oauth-client-secret-stdin': { type: 'boolean' },
  'oauth-client-metadata-url': { type: 'string' },
  'oauth-scope': { type: 'string', multiple: true },
  cwd: { type: 'string' },
  disabled: { type: 'boolean' },
  args: { type: 'string' },
  arg: { type: 'string', multiple: true },
  yes: { type: 'boolean' },
  id: { type: 'string' },
  name: { type: 'string' },
  'base-url': { type: 'string' },
  'api-key-stdin': { type: 'boolean' },
  'chunk-timeout-ms': { type: 'string' },
  model: { type: 'string', multiple: true },
  add: { type: 'boolean' },
  conversation: { type: 'string' },
  'confirm-unknown': { type: 'boolean' },
  limit: { type: 'string' },
  'query-file': { type: 'string' },
  'no-wait': { type: 'boolean' },
  replace: { type: 'boolean' },
  set: { type: 'string', multiple: true },
  'use-env': { type: 'boolean' },
  'allow-sampling': { type: 'string', multiple: true },
  format: { type: 'string' },
  out: { type: 'string' },
  attach: { type: 'string', multiple: true },
  registry: { type: 'string' },
  all: { type: 'boolean' },
  use: { type: 'string' },
} as const

/**
 * `registry` commands take `--version V` (a server's version); everywhere else --version (-v) prints
 * MCP Desk's own version.
 */
const registryOptionSpec = { ...optionSpec, version: { type: 'string', short: 'v' } } as const

type OptionName = keyof typeof optionSpec

export type CommandName =
  | 'config path'
  | 'config show'
  | 'web'
  | 'servers'
  | 'servers add'
  | 'servers remove'
  | 'servers enable'
  | 'servers disable'
  | 'servers tools'
  | 'servers accept'
  | 'servers login'
  | 'servers logout'
  | 'call'
  | 'chat'
  | 'tools search'
  | 'providers add'
  | 'providers list'
  | 'providers remove'
  | 'models'
  | 'models discover'
  | 'models default'
  | 'import'
  | 'export'
  | 'roots add'
  | 'roots remove'
  | 'roots list'
  | 'roots reset'
  | 'prompts'
  | 'resources'
  | 'registry search'
  | 'registry show'
  | 'registry list'
  | 'registry add'
  | 'registry remove'
  | 'registry sync'
  | 'registry install'

interface CommandSpec {
  /** Options beyond the global ones (--home, --help, --version). */
  options: OptionName[]
  /** The operands it takes, as the usage names them; all are required. */
  operands: string[]
  /** Operands after those that may be left out (the command checks what it got). */
  optionalOperands?: string[]
  /** Whether it takes `-- <command> [args...]` (only `servers add`). */
  trailing?: boolean
}

const commands: Record<CommandName, CommandSpec> = {
  'config path': { options: ['json'], operands: [] },
  'config show': { options: ['json'], operands: [] },
  web: { options: ['port'], operands: [] },
  servers: { options: ['json', 'strict'], operands: [] },
  'servers add': {
    options: [
      'sampling',
      'protocol',
      'env',
      'secret-env',
      'plain-env',
      'header',
      'secret-header',
      'plain-header',
      'url',
      'transport',
      'oauth-client-id',
      'oauth-client-secret-stdin',
      'oauth-client-metadata-url',
      'oauth-scope',
      'cwd',
      'disabled',
    ],
    operands: ['<name>'],
    trailing: true,
  },
  'servers remove': { options: [], operands: ['<name|id>'] },
  'servers enable': { options: [], operands: ['<name|id>'] },
  'servers disable': { options: [], operands: ['<name|id>'] },
  'servers tools': { options: ['json'], operands: ['<name|id>'] },
  'servers accept': { options: ['yes'], operands: ['<name|id>'] },
  'servers login': { options: [], operands: ['<name|id>'] },
  'servers logout': { options: [], operands: ['<name|id>'] },
  call: { options: ['args', 'yes'], operands: ['<server>', '<tool>'] },
  chat: {
    options: ['conversation', 'model', 'yes', 'confirm-unknown', 'attach'],
    operands: ['<message>'],
  },
  'tools search': {
    options: ['limit', 'json', 'query-file', 'no-wait'],
    operands: [],
    optionalOperands: ['<query>'],
  },
  'providers add': {
    options: ['id', 'name', 'base-url', 'api-key-stdin', 'header', 'chunk-timeout-ms', 'model'],
    operands: ['<preset|custom>'],
  },
  'providers list': { options: ['json'], operands: [] },
  'providers remove': { options: [], operands: ['<id>'] },
  models: { options: ['json'], operands: [] },
  'models discover': { options: ['add', 'json'], operands: ['<provider>'] },
  'models default': { options: [], operands: ['<provider/model>'] },
  import: {
    options: ['yes', 'replace', 'set', 'use-env', 'allow-sampling', 'name', 'json'],
    operands: ['<file>'],
  },
  export: { options: ['format', 'out', 'yes'], operands: [] },
  'roots add': { options: [], operands: ['<server|*>', '<dir>'] },
  'roots remove': { options: [], operands: ['<server|*>', '<dir>'] },
  'roots list': { options: ['json'], operands: [], optionalOperands: ['<server|*>'] },
  'roots reset': { options: [], operands: ['<server>'] },
  prompts: { options: ['json', 'arg'], operands: ['<server>'], optionalOperands: ['<name>'] },
  resources: { options: ['json'], operands: ['<server>'], optionalOperands: ['<uri>'] },
  'registry search': { options: ['json', 'registry', 'all'], operands: ['<query>'] },
  'registry show': { options: ['version', 'json', 'registry'], operands: ['<name>'] },
  'registry list': { options: ['json'], operands: [] },
  'registry add': { options: ['name'], operands: ['<url>'] },
  'registry remove': { options: [], operands: ['<url>'] },
  'registry sync': { options: ['json'], operands: [], optionalOperands: ['<url>'] },
  'registry install': {
    options: ['version', 'registry', 'use', 'set', 'yes', 'replace', 'json'],
    operands: ['<name>'],
  },
}

/** Commands spelled as two words: the group and what each subcommand is called. */
const groups: Record<string, { subcommands: string[]; bare?: CommandName }> = {
  config: { subcommands: ['path', 'show'] },
  servers: {
    subcommands: ['add', 'remove', 'enable', 'disable', 'tools', 'accept', 'login', 'logout'],
    bare: 'servers',
  },
  providers: { subcommands: ['add', 'list', 'remove'] },
  models: { subcommands: ['discover', 'default'], bare: 'models' },
  tools: { subcommands: ['search'] },
  roots: { subcommands: ['add', 'remove', 'list', 'reset'], bare: 'roots list' },
  registry: {
    subcommands: ['search', 'show', 'list', 'add', 'remove', 'sync', 'install'],
    bare: 'registry list',
  },
}

export type OptionValues = ReturnType<typeof parse>['values']

export interface ParsedCommand {
  name: CommandName
  operands: string[]
  /** What follows `--` (the server command of `servers add`). */
  trailing: string[]
  values: OptionValues
}

export type ParsedArgv = { kind: 'help' } | { kind: 'version' } | ({ kind: 'command' } & ParsedCommand)

function parse(argv: string[]) {
  const options = firstWord(argv) === 'registry' ? registryOptionSpec : optionSpec
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true, tokens: true })
  } catch (error) {
    // node's messages name the offending option ("Unknown option '--frob'. To specify a positional ...");
    // the first sentence is the useful part.
    throw new UsageError((error as Error).message.split(/\. (?=To specify)/)[0] ?? String(error))
  }
}

/** The command's first word, read leniently (the strict parse needs to know which options apply). */
function firstWord(argv: string[]): string | undefined {
  const { tokens } = parseArgs({
    args: argv,
    options: optionSpec,
    allowPositionals: true,
    strict: false,
    tokens: true,
  })
  return tokens.find((token) => token.kind === 'positional')?.value
}

/** Splits argv into a known command, its operands and options; anything that does not fit is a UsageError. */
export function parseCommandLine(argv: string[]): ParsedArgv {
  const { values, tokens } = parse(argv)
  if (values.help) return { kind: 'help' }
  if (values.version === true) return { kind: 'version' }

  const terminator = tokens.find((token) => token.kind === 'option-terminator')?.index ?? Infinity
  const words: string[] = []
  const trailing: string[] = []
  for (const token of tokens) {
    if (token.kind === 'positional') (token.index > terminator ? trailing : words).push(token.value)
  }

  const { name, operands } = commandOf(words)
  const spec = commands[name]
  if (operands.length < spec.operands.length) {
    throw new UsageError(`${name} needs ${spec.operands.slice(operands.length).join(' ')}`)
  }
  const unexpected = operands[spec.operands.length + (spec.optionalOperands?.length ?? 0)]
  if (unexpected !== undefined) throw new UsageError(`unexpected argument "${unexpected}" for ${name}`)
  if (terminator !== Infinity && !spec.trailing) {
    throw new UsageError(`"--" does not apply to ${name}; only servers add takes -- <command> [args...]`)
  }
  for (const token of tokens) {
    if (token.kind !== 'option' || token.name === 'home') continue
    if (!spec.options.includes(token.name)) {
      throw new UsageError(`option ${token.rawName} does not apply to ${name}`)
    }
  }
  return { kind: 'command', name, operands, trailing, values }
}

function commandOf(words: string[]): { name: CommandName; operands: string[] } {
  const [first, second, ...rest] = words
  if (first === undefined) throw new UsageError('missing command')
  // Own keys only: `toString` names no command.
  const group = Object.hasOwn(groups, first) ? groups[first] : undefined
  if (group) {
    if (second !== undefined && group.subcommands.includes(second)) {
      return { name: `${first} ${second}` as CommandName, operands: rest }
    }
    if (second === undefined && group.bare) return { name: group.bare, operands: [] }
    throw new UsageError(
      second === undefined
        ? `${first} needs a subcommand: ${group.subcommands.join(' or ')}`
        : `unknown ${first} subcommand "${second}"`,
    )
  }
  if (!first.includes(' ') && Object.hasOwn(commands, first))
    return { name: first as CommandName, operands: words.slice(1) }
  throw new UsageError(`unknown command "${first}"`)
}
