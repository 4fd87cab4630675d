import { describeZodIssues, IpcFailure } from '../../shared/ipc/ipc-error'
import {
  modelRef,
  PROVIDER_PRESET_IDS,
  providerPresetIdSchema,
  type ProviderConfig,
} from '../../shared/models/model-schema'
import { modelInputSchema, type ProviderInput } from '../../shared/models/provider-input'
import { maskProvider, maskUrl } from '../../shared/settings/settings-view'
import type { OptionValues } from '../cli-args'
import { outputOf, UsageError, type CliIo } from '../cli-io'
import { formatProvidersTable, keyStateOf } from '../format/providers-table'
import { firstLine } from '../format/terminal-text'
import { defaultModelNotice } from '../format/model-list'
import { parseHeaders } from '../header-option'
import { findProvider, openProviders } from '../provider-access'

/**
 * `providers add`: the same input the models panel sends, validated and stored by ProviderService, so the
 * API key and header values land in the secret store and settings.json holds references only. The key is
 * read from stdin, never from argv, where shell history and `ps` would keep it.
 */
export async function addProvider(
  home: string,
  preset: string,
  values: OptionValues,
  io: CliIo,
): Promise<number> {
  const { print, warn } = outputOf(io)
  const input = providerInputFrom(preset, values)
  const modelIds = parseModelIds(values.model ?? [])
  if (values['api-key-stdin'] === true) input.apiKey = { value: await readApiKey(io) }

  const { profile, providers } = openProviders(home)
  let config = validated(() => providers.add(input))
  let newDefault: string | undefined
  for (const id of modelIds) {
    const saved = providers.saveModel(config.id, { id })
    config = saved.provider
    if (saved.becameDefault) newDefault = modelRef(config.id, id)
  }

  print(`Added provider "${firstLine(config.name)}" (${config.preset}) with id ${config.id}`)
  print(`  base URL: ${firstLine(maskUrl(config.baseUrl))}`)
  const secrets = secretNamesOf(config)
  if (secrets.length > 0) {
    print(`  stored as secrets (settings.json holds only these names): ${secrets.join(', ')}`)
    const backend = profile.secrets.backend
    if (!backend.secure && backend.warning) warn(`note: ${backend.warning}`)
  }
  print(
    config.models.length > 0
      ? `  models: ${config.models.map((model) => model.id).join(', ')}`
      : `  no models yet: \`mcp-desk models discover ${config.id} --add\` adds the ones it serves`,
  )
  if (newDefault !== undefined) print(defaultModelNotice(newDefault))
  const presetInfo = providers.presets().find((candidate) => candidate.id === config.preset)
  if (!config.apiKey && presetInfo?.needsApiKey) {
    warn(`note: ${presetInfo.name} needs an API key and none was given (--api-key-stdin). ${presetInfo.hint}`)
  }
  return 0
}

export function listProviders(home: string, json: boolean, io: CliIo): number {
  const { print, warn } = outputOf(io)
  const { profile, providers } = openProviders(home)
  const configured = providers.list()
  let stored = new Set<string>()
  try {
    stored = new Set(profile.secrets.list())
  } catch (error) {
    // An unreadable store shows every key as missing rather than hiding the providers.
    warn(`warning: ${(error as Error).message}`)
  }
  const keyStates = configured.map((provider) => keyStateOf(provider, stored))
  if (json) {
    // The view masks header values and URL credentials; the key appears only as its secret's name.
    const shown = configured.map((provider, index) => ({
      ...maskProvider(provider),
      apiKeyStored: keyStates[index] === 'yes',
    }))
    print(JSON.stringify(shown, null, 2))
  } else if (configured.length === 0) {
    print('No providers configured. Add one with: mcp-desk providers add <preset> [--api-key-stdin]')
  } else {
    for (const line of formatProvidersTable(configured, keyStates)) print(line)
  }
  return 0
}

export function removeProvider(home: string, query: string, io: CliIo): number {
  const { profile, providers } = openProviders(home)
  const config = findProvider(providers, query)
  const secretsBefore = profile.secrets.list()
  providers.remove(config.id)
  const remaining = new Set(profile.secrets.list())
  const deleted = secretsBefore.filter((secret) => !remaining.has(secret))
  const { print } = outputOf(io)
  print(
    `Removed provider "${firstLine(config.name)}" (${config.id}) and its ${config.models.length} model(s)`,
  )
  if (deleted.length > 0) print(`  deleted its secrets: ${deleted.join(', ')}`)
  return 0
}

function providerInputFrom(preset: string, values: OptionValues): ProviderInput {
  const parsedPreset = providerPresetIdSchema.safeParse(preset)
  if (!parsedPreset.success) {
    throw new UsageError(`unknown preset "${preset}"; presets: ${PROVIDER_PRESET_IDS.join(', ')}`)
  }
  return {
    preset: parsedPreset.data,
    ...(values.id !== undefined ? { id: values.id } : {}),
    ...(values.name !== undefined ? { name: values.name } : {}),
    ...(values['base-url'] !== undefined ? { baseUrl: values['base-url'] } : {}),
    headers: parseHeaders(values.header ?? []),
    ...(values['chunk-timeout-ms'] !== undefined
      ? { chunkTimeoutMs: parseChunkTimeout(values['chunk-timeout-ms']) }
      : {}),
  }
}

function parseChunkTimeout(raw: string): number {
  if (!/^-?\d+$/.test(raw.trim())) {
    throw new UsageError(`invalid --chunk-timeout-ms "${raw}": expected whole milliseconds (0 turns it off)`)
  }
  return Number(raw.trim())
}

/** Checked before anything is stored, so a bad --model does not leave a provider half added. */
function parseModelIds(ids: string[]): string[] {
  const seen = new Set<string>()
  for (const id of ids) {
    const parsed = modelInputSchema.safeParse({ id })
    if (!parsed.success) throw new UsageError(`invalid --model "${id}": ${describeZodIssues(parsed.error)}`)
    if (seen.has(id)) throw new UsageError(`--model ${id} is given more than once`)
    seen.add(id)
  }
  return [...seen]
}

/**
 * One line of stdin, trimmed. At a terminal the typed key is visible (as with `docker login
 * --password-stdin`), but it stays out of the shell history and the process list.
 */
async function readApiKey(io: CliIo): Promise<string> {
  if (io.stdinIsTty) io.stderr('API key (one line, then Enter): ')
  const line = (await io.readLine?.()) ?? null
  const key = line?.trim() ?? ''
  if (key === '')
    throw new UsageError('--api-key-stdin: stdin held no API key (expected it on the first line)')
  return key
}

/** The service's validation names the field that was wrong; for the CLI that is bad input. */
function validated<T>(action: () => T): T {
  try {
    return action()
  } catch (error) {
    if (error instanceof IpcFailure && error.code === 'validation_failed') throw new UsageError(error.message)
    throw error
  }
}

function secretNamesOf(config: ProviderConfig): string[] {
  const headerSecrets = Object.values(config.headers).flatMap((value) =>
    typeof value === 'string' ? [] : [value.secret],
  )
  return [...(config.apiKey ? [config.apiKey.secret] : []), ...headerSecrets]
}
