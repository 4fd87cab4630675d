import { describeZodIssues, IpcFailure } from '../../../shared/ipc/ipc-error'
import { parseModelRef, type ModelConfig, type ProviderConfig } from '../../../shared/models/model-schema'
import {
  providerInputSchema,
  type ParsedProviderInput,
  type ProviderInput,
} from '../../../shared/models/provider-input'
import type { Settings } from '../../../shared/settings/settings-schema'
import { storeConfigValue } from '../secrets/config-value-secrets'
import type { SecretStore } from '../secrets/secret-store'

/** Small rules ProviderService applies to settings drafts: lookups, ids, forgetting models, labels. */

export function requireProviderIn(settings: Settings, id: string): ProviderConfig {
  const found = settings.models.providers.find((provider) => provider.id === id)
  if (!found) throw new IpcFailure('not_found', `no provider with id "${id}"`)
  return found
}

export function findModelIn(settings: Settings, ref: string): ModelConfig | undefined {
  const parsed = parseModelRef(ref)
  const provider = settings.models.providers.find((candidate) => candidate.id === parsed?.providerId)
  return provider?.models.find((model) => model.id === parsed?.modelId)
}

export function parseProviderInput(input: ProviderInput): ParsedProviderInput {
  const parsed = providerInputSchema.safeParse(input)
  if (!parsed.success) {
    throw new IpcFailure('validation_failed', `invalid provider: ${describeZodIssues(parsed.error)}`)
  }
  return parsed.data
}

export function uniqueId(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base
  // Room for the suffix within the 64 characters an id may have.
  const stem = base.slice(0, 58).replace(/-+$/, '')
  for (let n = 2; ; n += 1) {
    const candidate = `${stem}-${n}`
    if (!taken.has(candidate)) return candidate
  }
}

/** Drops models from the default and the recently used list. */
export function forgetModels(settings: Settings, gone: (ref: string) => boolean): void {
  if (settings.models.defaultModel !== undefined && gone(settings.models.defaultModel)) {
    delete settings.models.defaultModel
  }
  settings.models.recentModels = settings.models.recentModels.filter((ref) => !gone(ref))
}

/**
 * How messages name a provider: its name, with the id when the name alone would not say which one
 * (two OpenAI providers are both called "OpenAI").
 */
export function providerLabel(provider: Pick<ProviderConfig, 'id' | 'name'>): string {
  const squashed = provider.name.toLowerCase().replace(/[^a-z0-9]/g, '')
  return squashed === provider.id.replace(/-/g, '') ? provider.name : `${provider.name} (${provider.id})`
}

export function storeApiKey(
  id: string,
  input: ParsedProviderInput,
  previous: ProviderConfig | undefined,
  secrets: SecretStore,
): ProviderConfig['apiKey'] {
  // Omitted keeps the key on edit (a form need not resend it); null always means "no key".
  if (input.apiKey === null) return undefined
  if (input.apiKey === undefined) return previous?.apiKey
  const stored = storeConfigValue(secrets, input.apiKey, previous?.apiKey, {
    label: 'apiKey',
    secretName: `provider.${id}.api-key`,
  })
  if (typeof stored === 'string') throw new Error('an API key is always stored as a secret')
  return stored
}
