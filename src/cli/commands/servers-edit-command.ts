import { IpcFailure } from '../../shared/ipc/ipc-error'
import type { ServerInput } from '../../shared/mcp/server-input'
import {
  remoteTransportSchema,
  samplingPolicySchema,
  serverProtocolSchema,
  type ServerProtocol,
  type RemoteTransport,
  type ServerConfig,
} from '../../shared/settings/settings-schema'
import { ServerConfigService } from '../../main/core/mcp/server-config-service'
import { FileApprovedToolsStore } from '../../main/core/mcp/discovery/approved-tools-file'
import { describeDestination } from '../../main/core/mcp/redact'
import { openNodeProfile } from '../../main/core/profile/open-node-profile'
import type { OptionValues } from '../cli-args'
import { outputOf, UsageError, type CliIo } from '../cli-io'
import { firstLine } from '../format/terminal-text'
import {
  REMOTE_VALUE_OPTIONS,
  serverEnvFrom,
  serverHeadersFrom,
  STDIO_VALUE_OPTIONS,
} from '../server-value-options'
import { findServer } from '../server-lookup'

function openConfigs(home: string) {
  const profile = openNodeProfile(home)
  return { profile, configs: new ServerConfigService(profile.settings, profile.secrets) }
}

/**
 * `servers add`: builds the same input the add form sends and lets ServerConfigService validate and store
 * it, so secret env and header values (and an OAuth client secret) go to the secret store and settings.json
 * gets references only; plain ones (by name, or `--plain-env`) are written in clear, as the form does. The client secret is read from stdin, never from argv, where shell history and
 * `ps` would keep it.
 */
export async function addServer(
  home: string,
  name: string,
  values: OptionValues,
  command: string[],
  io: CliIo,
): Promise<number> {
  const { print, warn } = outputOf(io)
  const input = serverInputFrom(name, values, command, io.env)
  if (values['oauth-client-secret-stdin'] === true && input.transport !== 'stdio') {
    input.oauth = { ...input.oauth, clientSecret: { value: await readClientSecret(io) } }
  }
  const { profile, configs } = openConfigs(home)
  let config: ServerConfig
  try {
    config = configs.add(input)
  } catch (error) {
    // The service's validation names the field that was wrong; for the CLI that is bad input.
    if (error instanceof IpcFailure && error.code === 'validation_failed') throw new UsageError(error.message)
    throw error
  }
  print(`Added ${config.transport} server "${firstLine(config.name)}" with id ${config.id}`)
  print(`  destination: ${describeDestination(config)}`)
  const stored = secretNamesOf(config)
  if (stored.length > 0) {
    const kind =
      config.transport === 'stdio'
        ? 'env'
        : config.oauth?.clientSecret
          ? 'header and OAuth client secret'
          : 'header'
    print(`  ${kind} values stored as secrets (settings.json holds only these names): ${stored.join(', ')}`)
    const backend = profile.secrets.backend
    if (!backend.secure && backend.warning) warn(`note: ${backend.warning}`)
  }
  const plain = plainNamesOf(config)
  if (plain.length > 0) {
    const kind = config.transport === 'stdio' ? 'env' : 'header'
    print(
      `  plain ${kind} values (kept in settings.json in clear; --secret-${kind} K… stores one as a secret): ` +
        plain.join(', '),
    )
  }
  print(
    config.enabled
      ? '  enabled: `mcp-desk servers` connects it'
      : `  disabled: enable it with \`mcp-desk servers enable ${config.id}\``,
  )
  return 0
}

export function removeServer(home: string, query: string, io: CliIo): number {
  const { configs, profile } = openConfigs(home)
  const config = findServer(configs.list(), query)
  const secretsBefore = new Set(profile.secrets.list())
  configs.remove(config.id)
  // Its approved tool definitions go too, so a later server given the same id is judged on its own.
  new FileApprovedToolsStore(profile.paths.approvedToolsFile).forgetServer(config.id)
  const deleted = [...secretsBefore].filter((secret) => !profile.secrets.list().includes(secret))
  const { print } = outputOf(io)
  print(`Removed server "${firstLine(config.name)}" (${config.id})`)
  if (deleted.length > 0) print(`  deleted its secrets: ${deleted.join(', ')}`)
  return 0
}

export function setServerEnabled(home: string, query: string, enabled: boolean, io: CliIo): number {
  const { configs } = openConfigs(home)
  const config = findServer(configs.list(), query)
  configs.setEnabled(config.id, enabled)
  outputOf(io).print(
    `Server "${firstLine(config.name)}" (${config.id}) is ${enabled ? 'enabled' : 'disabled'}`,
  )
  return 0
}

function serverInputFrom(
  name: string,
  values: OptionValues,
  command: string[],
  env: NodeJS.ProcessEnv,
): ServerInput {
  const base = {
    name,
    enabled: values.disabled !== true,
    sampling: parseSampling(values.sampling),
    protocol: parseProtocol(values.protocol),
  }
  if (values.url !== undefined) {
    if (command.length > 0) {
      throw new UsageError('give either --url URL (a remote server) or -- <command> [args...], not both')
    }
    for (const option of [...STDIO_VALUE_OPTIONS, 'cwd'] as const) {
      if (values[option] !== undefined)
        throw new UsageError(`--${option} applies to stdio servers, not to --url`)
    }
    const oauth = oauthFrom(values)
    return {
      ...base,
      transport: parseTransport(values.transport),
      url: values.url,
      headers: serverHeadersFrom(values),
      ...(oauth ? { oauth } : {}),
    }
  }
  const [executable, ...args] = command
  if (executable === undefined) {
    throw new UsageError(
      'servers add needs -- <command> [args...] (a stdio server) or --url URL (a remote server)',
    )
  }
  for (const option of REMOTE_ONLY_OPTIONS) {
    if (values[option] !== undefined)
      throw new UsageError(`--${option} applies to --url servers, not to stdio`)
  }
  return {
    ...base,
    transport: 'stdio',
    command: executable,
    args,
    env: serverEnvFrom(values, env),
    ...(values.cwd !== undefined ? { cwd: values.cwd } : {}),
  }
}

const REMOTE_ONLY_OPTIONS = [
  ...REMOTE_VALUE_OPTIONS,
  'transport',
  'oauth-client-id',
  'oauth-client-secret-stdin',
  'oauth-client-metadata-url',
  'oauth-scope',
] as const

/** `--transport http` (Streamable HTTP, the default) or `--transport sse` (the legacy HTTP+SSE transport). */
function parseTransport(raw: string | undefined): RemoteTransport {
  if (raw === undefined) return 'http'
  const parsed = remoteTransportSchema.safeParse(raw)
  if (parsed.success) return parsed.data
  throw new UsageError(`invalid --transport "${raw}": expected ${remoteTransportSchema.options.join(', ')}`)
}

/**
 * `--oauth-client-id ID` for an authorization server without dynamic registration,
 * `--oauth-client-metadata-url URL` for a URL-based client id (used where the authorization server supports
 * Client ID Metadata Documents; the service checks it is https with a path), and `--oauth-scope S`
 * (repeatable; a value may hold several, space separated) to ask for other scopes than the server names.
 */
function oauthFrom(
  values: OptionValues,
): { clientId?: string; clientMetadataUrl?: string; scopes?: string[] } | undefined {
  const clientId = values['oauth-client-id']
  const clientMetadataUrl = values['oauth-client-metadata-url']
  const scopes = (values['oauth-scope'] ?? []).flatMap((value) => value.split(/\s+/)).filter((s) => s !== '')
  if (values['oauth-client-secret-stdin'] === true && clientId === undefined) {
    throw new UsageError(
      '--oauth-client-secret-stdin needs --oauth-client-id: a client secret belongs to a client',
    )
  }
  if (clientId === undefined && clientMetadataUrl === undefined && scopes.length === 0) return undefined
  return {
    ...(clientId === undefined ? {} : { clientId }),
    ...(clientMetadataUrl === undefined ? {} : { clientMetadataUrl }),
    ...(scopes.length > 0 ? { scopes } : {}),
  }
}

/** One line of stdin, trimmed: typed at a terminal it stays out of the shell history and the process list. */
async function readClientSecret(io: CliIo): Promise<string> {
  if (io.stdinIsTty) io.stderr('OAuth client secret (one line, then Enter): ')
  const secret = ((await io.readLine?.()) ?? '').trim()
  if (secret === '') {
    throw new UsageError(
      '--oauth-client-secret-stdin: stdin held no client secret (expected it on the first line)',
    )
  }
  return secret
}

function parseSampling(raw: string | undefined): 'deny' | 'ask' | 'allow' {
  if (raw === undefined) return 'ask'
  const parsed = samplingPolicySchema.safeParse(raw)
  if (parsed.success) return parsed.data
  throw new UsageError(`invalid --sampling "${raw}": expected ${samplingPolicySchema.options.join(', ')}`)
}

function parseProtocol(raw: string | undefined): ServerProtocol {
  if (raw === undefined) return 'auto'
  const parsed = serverProtocolSchema.safeParse(raw)
  if (parsed.success) return parsed.data
  throw new UsageError(`invalid --protocol "${raw}": expected ${serverProtocolSchema.options.join(', ')}`)
}

function secretNamesOf(config: ServerConfig): string[] {
  const values =
    config.transport === 'stdio'
      ? Object.values(config.env)
      : [...Object.values(config.headers), config.oauth?.clientSecret]
  return values.flatMap((value) => (value === undefined || typeof value === 'string' ? [] : [value.secret]))
}

/** The env or header names whose values settings.json holds in clear (names only, never the values). */
function plainNamesOf(config: ServerConfig): string[] {
  const record = config.transport === 'stdio' ? config.env : config.headers
  return Object.entries(record).flatMap(([name, value]) => (typeof value === 'string' ? [name] : []))
}
