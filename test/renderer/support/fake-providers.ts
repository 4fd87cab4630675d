import { buildModelConfig } from '../../../src/main/core/models/model-config'
import type { RequestChannel, RequestOf, ResponseOf } from '../../../src/shared/ipc/contract'
import type { IpcError, IpcResult } from '../../../src/shared/ipc/ipc-error'
import type { ConfigValueInput } from '../../../src/shared/mcp/server-input'
import {
  DEFAULT_CHUNK_TIMEOUT_MS,
  modelCapabilitiesSchema,
  parseModelRef,
  type ModelConfig,
} from '../../../src/shared/models/model-schema'
import {
  modelInputSchema,
  providerInputSchema,
  type ProviderPreset,
  type StatedFacts,
} from '../../../src/shared/models/provider-input'
import type { ConfigValueView, ProviderView, SettingsView } from '../../../src/shared/settings/settings-view'

export const presetsFixture: ProviderPreset[] = [
  {
    id: 'openai',
    name: 'OpenAI',
    baseUrl: 'https://api.openai.com/v1',
    needsApiKey: true,
    hint: 'Create a key at platform.openai.com/api-keys.',
  },
  {
    id: 'ollama',
    name: 'Ollama',
    baseUrl: 'http://127.0.0.1:11434/v1',
    needsApiKey: false,
    hint: 'Start Ollama first (ollama serve); no key needed.',
  },
  { id: 'custom', name: 'Custom', baseUrl: '', needsApiKey: false, hint: 'Any OpenAI-compatible API.' },
]

/**
 * A model whose facts are known (set by the user): text only, tools and temperature, a 128k window, 4,096
 * output tokens, middling scores. Tests of unknown facts pass their own capabilities.
 */
export function modelFixture(id: string, overrides: Partial<ModelConfig> = {}): ModelConfig {
  return { id, capabilities: knownCapabilities(), ...overrides }
}

export function knownCapabilities(): ModelConfig['capabilities'] {
  return modelCapabilitiesSchema.parse({
    contextWindow: 128_000,
    maxOutputTokens: 4096,
    toolCalling: true,
    temperature: true,
    scores: { cost: 0.5, speed: 0.5, intelligence: 0.5 },
    sources: { image: 'user', audio: 'user' },
  })
}

export function providerFixture(overrides: Partial<ProviderView> & { id: string }): ProviderView {
  return {
    name: overrides.id,
    preset: 'openai',
    baseUrl: 'https://api.openai.com/v1',
    headers: {},
    chunkTimeoutMs: DEFAULT_CHUNK_TIMEOUT_MS,
    models: [],
    ...overrides,
  }
}

type Models = SettingsView['models']
type Result<C extends RequestChannel> = Promise<IpcResult<ResponseOf<C>>>

function failure(code: IpcError['code'], message: string): Promise<IpcResult<never>> {
  return Promise.resolve({ ok: false, error: { code, message } })
}

function ok<T>(value: T): Promise<IpcResult<T>> {
  return Promise.resolve({ ok: true, value })
}

/**
 * The models half of the fake host, behaving like ProviderService behind the IPC handlers: it validates
 * with the shared schemas, keeps typed keys and header values as owned secrets (`provider.<id>.…`, the
 * values themselves only in `typedSecrets`), emits `settings:changed` before answering, and serves
 * discovery from `discoverable`.
 */
export class FakeProviders {
  models: Models
  presets: ProviderPreset[] = presetsFixture
  /** Models `GET /models` would list, by provider id: an id, or an id with what the list stated about it. */
  discoverable: Record<string, Array<string | { id: string; stated: StatedFacts }>> = {}
  /** Every value typed into a key or header field, by the secret name it was stored under. */
  readonly typedSecrets = new Map<string, string>()
  readonly #changed: (models: Models) => void

  constructor(models: Models, changed: (models: Models) => void) {
    this.models = models
    this.#changed = changed
  }

  list(): Result<'providers:presets'> {
    return ok({ presets: this.presets })
  }

  add({ provider }: RequestOf<'providers:add'>): Result<'providers:add'> {
    const parsed = providerInputSchema.safeParse(provider)
    if (!parsed.success)
      return failure('validation_failed', `invalid provider: ${parsed.error.issues[0]?.message}`)
    const preset = this.presets.find((candidate) => candidate.id === parsed.data.preset)
    const base = parsed.data.id ?? parsed.data.preset
    const taken = new Set(this.models.providers.map((existing) => existing.id))
    let id = base
    for (let n = 2; taken.has(id); n++) id = `${base}-${n}`
    return this.#store(id, parsed.data, undefined, preset)
  }

  update({ id, provider }: RequestOf<'providers:update'>): Result<'providers:update'> {
    const previous = this.#find(id)
    if (!previous) return failure('not_found', `no provider with id "${id}"`)
    const parsed = providerInputSchema.safeParse(provider)
    if (!parsed.success)
      return failure('validation_failed', `invalid provider: ${parsed.error.issues[0]?.message}`)
    const preset = this.presets.find((candidate) => candidate.id === parsed.data.preset)
    return this.#store(id, parsed.data, previous, preset)
  }

  remove({ id }: RequestOf<'providers:remove'>): Result<'providers:remove'> {
    if (!this.#find(id)) return failure('not_found', `no provider with id "${id}"`)
    const providers = this.models.providers.filter((provider) => provider.id !== id)
    const defaultGone = this.models.defaultModel?.startsWith(`${id}/`) ?? false
    this.#set({ ...this.models, providers, ...(defaultGone ? { defaultModel: undefined } : {}) })
    return ok({ removed: true as const })
  }

  discover({ providerId }: RequestOf<'models:discover'>): Result<'models:discover'> {
    const provider = this.#find(providerId)
    if (!provider) return failure('not_found', `no provider with id "${providerId}"`)
    const configured = new Set(provider.models.map((model) => model.id))
    const listed = (this.discoverable[providerId] ?? []).map((entry) =>
      typeof entry === 'string' ? { id: entry } : entry,
    )
    return ok({ models: listed.map((model) => ({ ...model, configured: configured.has(model.id) })) })
  }

  save({ providerId, model }: RequestOf<'models:save'>): Result<'models:save'> {
    const provider = this.#find(providerId)
    if (!provider) return failure('not_found', `no provider with id "${providerId}"`)
    const parsed = modelInputSchema.safeParse(model)
    if (!parsed.success)
      return failure('validation_failed', `invalid model: ${parsed.error.issues[0]?.message}`)
    const existing = provider.models.find((candidate) => candidate.id === parsed.data.id)
    // The host's own merge (edits over what is known), so saved rows show what the host would store.
    // Like the host, what discovery stated is recorded as the provider's word.
    const stated = this.discoverable[providerId]?.find(
      (entry): entry is { id: string; stated: StatedFacts } =>
        typeof entry !== 'string' && entry.id === model.id,
    )?.stated
    const saved = buildModelConfig(provider, model, stated)
    const models = existing
      ? provider.models.map((candidate) => (candidate.id === saved.id ? saved : candidate))
      : [...provider.models, saved]
    const replaced = this.#replace({ ...provider, models })
    // As the host: a new model becomes the default when none is set or the default is gone.
    const current = this.models.defaultModel && parseModelRef(this.models.defaultModel)
    const defaultExists =
      current && this.#find(current.providerId)?.models.some((candidate) => candidate.id === current.modelId)
    const becameDefault = !existing && !defaultExists
    if (becameDefault) this.#set({ ...this.models, defaultModel: `${providerId}/${saved.id}` })
    return ok({ ...replaced, becameDefault })
  }

  removeModel({ providerId, modelId }: RequestOf<'models:remove'>): Result<'models:remove'> {
    const provider = this.#find(providerId)
    if (!provider?.models.some((model) => model.id === modelId)) {
      return failure('not_found', `no model "${modelId}" at provider "${providerId}"`)
    }
    return ok(this.#replace({ ...provider, models: provider.models.filter((model) => model.id !== modelId) }))
  }

  setDefault({ ref }: RequestOf<'models:set-default'>): Result<'models:set-default'> {
    const parsed = parseModelRef(ref)
    const provider = parsed && this.#find(parsed.providerId)
    if (!parsed || !provider?.models.some((model) => model.id === parsed.modelId)) {
      return failure('not_found', `no configured model "${ref}"`)
    }
    this.#set({ ...this.models, defaultModel: ref })
    return ok({ defaultModel: ref })
  }

  #find(id: string): ProviderView | undefined {
    return this.models.providers.find((provider) => provider.id === id)
  }

  #set(models: Models): void {
    this.models = models
    this.#changed(models)
  }

  #replace(provider: ProviderView): ProviderView {
    const known = this.models.providers.some((existing) => existing.id === provider.id)
    const providers = known
      ? this.models.providers.map((existing) => (existing.id === provider.id ? provider : existing))
      : [...this.models.providers, provider]
    this.#set({ ...this.models, providers })
    return provider
  }

  #store(
    id: string,
    input: ReturnType<typeof providerInputSchema.parse>,
    previous: ProviderView | undefined,
    preset: ProviderPreset | undefined,
  ): Promise<IpcResult<ProviderView>> {
    // As the host does on edit: what is left out is kept (the URL only while the preset is the same).
    const savedUrl = previous?.preset === input.preset ? previous.baseUrl : undefined
    const baseUrl = input.baseUrl ?? savedUrl ?? preset?.baseUrl ?? ''
    if (baseUrl === '') return failure('validation_failed', 'a custom provider needs a baseUrl')
    let apiKey: ProviderView['apiKey'] = input.apiKey === undefined ? previous?.apiKey : undefined
    if (input.apiKey) {
      const key = this.#view(`provider.${id}.api-key`, input.apiKey, previous?.apiKey)
      if (!key || !('secret' in key))
        return failure('validation_failed', 'apiKey has no stored value to keep')
      apiKey = key
    }
    const headers: Record<string, ConfigValueView> = {}
    for (const [name, value] of Object.entries(input.headers)) {
      const view = this.#view(`provider.${id}.header.${name}`, value, previous?.headers[name])
      if (!view) return failure('validation_failed', `header ${name} has no stored value to keep`)
      headers[name] = view
    }
    const provider: ProviderView = {
      id,
      name: input.name ?? previous?.name ?? preset?.name ?? id,
      preset: input.preset,
      baseUrl,
      ...(apiKey ? { apiKey } : {}),
      headers,
      chunkTimeoutMs: input.chunkTimeoutMs ?? previous?.chunkTimeoutMs ?? DEFAULT_CHUNK_TIMEOUT_MS,
      models: previous?.models ?? [],
    }
    return ok(this.#replace(provider))
  }

  #view(
    secretName: string,
    input: ConfigValueInput,
    previous: ConfigValueView | undefined,
  ): ConfigValueView | undefined {
    if ('keep' in input) return previous
    if ('secret' in input) return { secret: input.secret }
    // A provider's literal header is masked in its view, like the host's.
    if ('plain' in input) return { masked: true }
    this.typedSecrets.set(secretName, input.value)
    return { secret: secretName }
  }
}
