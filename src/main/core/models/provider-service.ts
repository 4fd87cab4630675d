import type { LanguageModel } from 'ai'
import { createHash } from 'node:crypto'
import { IpcFailure } from '../../../shared/ipc/ipc-error'
import {
  DEFAULT_CHUNK_TIMEOUT_MS,
  modelRef,
  parseModelRef,
  type ModelConfig,
  type ProviderConfig,
} from '../../../shared/models/model-schema'
import {
  type DiscoveredModel,
  type ModelInput,
  type ParsedProviderInput,
  type ProviderInput,
  type ProviderPreset,
  type StatedFacts,
} from '../../../shared/models/provider-input'
import { modelLabel } from '../../../shared/models/model-label'
import type { Settings } from '../../../shared/settings/settings-schema'
import type { SettingsService } from '../config/settings-service'
import { resolveConfigValue, resolveConfigValues, storeConfigValues } from '../secrets/config-value-secrets'
import type { SecretStore } from '../secrets/secret-store'
import { updateWithSecrets } from '../secrets/settings-secrets'
import { createLanguageModel, type ProviderCredentials } from './language-model-factory'
import { buildModelConfig } from './model-config'
import { discoverModels } from './model-discovery'
import { presetFor, PROVIDER_PRESETS } from './provider-presets'
import { checkProviderSecretReferences } from './provider-secret-references'
import {
  findModelIn,
  forgetModels,
  parseProviderInput,
  providerLabel,
  requireProviderIn,
  storeApiKey,
  uniqueId,
} from './provider-settings'
import type { ModelCandidate } from './select-model'

export { providerLabel }

export interface ProviderServiceOptions {
  /** The fetch discovery and the model clients use (tests and proxies); the global one otherwise. */
  fetch?: typeof fetch
  /** How long discovery waits for `GET /models`; 10 s by default. */
  discoveryTimeoutMs?: number
}

/** A saved model's provider, and whether the save made it the default model (see saveModel). */
export interface SavedModel {
  provider: ProviderConfig
  becameDefault: boolean
}

/** How many recently used models are remembered as a selection fallback. */
const MAX_RECENT_MODELS = 20

/**
 * The user's model providers and their models, in settings.models. Typed API keys and header values go
 * into the secret store under names this service owns (`provider.<id>.api-key`,
 * `provider.<id>.header.<Name>`); settings.json only ever holds `{ secret: name }` references, and the
 * values are resolved only to call the provider. Errors are IpcFailures that never contain a value.
 */
export class ProviderService {
  readonly #settings: SettingsService
  readonly #secrets: SecretStore
  readonly #options: ProviderServiceOptions
  /**
   * The ai-sdk client per model ref, reused while the provider's URL, credentials and the model id stay the
   * same: building one per request costs more than the rest of the host's work on a sampling request.
   */
  readonly #models = new Map<string, { fingerprint: string; model: LanguageModel }>()
  /**
   * What each provider's model list stated at its last discovery, by provider id then model id, so adding a
   * discovered model (the window and `models discover --add` add by id) records the provider's facts.
   */
  readonly #stated = new Map<string, Map<string, StatedFacts>>()

  constructor(settings: SettingsService, secrets: SecretStore, options: ProviderServiceOptions = {}) {
    this.#settings = settings
    this.#secrets = secrets
    this.#options = options
  }

  presets(): ProviderPreset[] {
    return PROVIDER_PRESETS.map((preset) => ({ ...preset }))
  }

  /** Frozen (see SettingsService.snapshot): model selection reads it on every request. */
  list(): readonly ProviderConfig[] {
    return this.#settings.snapshot().models.providers
  }

  get(id: string): ProviderConfig | undefined {
    return this.list().find((provider) => provider.id === id)
  }

  /**
   * The id is `input.id` or the preset's id, made unique with `-2`, `-3`… Like every edit here, computed
   * from the settings on disk when it is written, with its secrets stored and released by updateWithSecrets.
   */
  add(input: ProviderInput): ProviderConfig {
    const parsed = parseProviderInput(input)
    let id = ''
    const next = updateWithSecrets(this.#settings, this.#secrets, (draft, secrets) => {
      id = uniqueId(parsed.id ?? parsed.preset, new Set(draft.models.providers.map((p) => p.id)))
      draft.models.providers.push(this.#buildConfig(id, parsed, undefined, secrets))
    })
    return next.models.providers.find((provider) => provider.id === id)!
  }

  /**
   * Replaces the provider's settings, keeping its models. The key is kept when `apiKey` is omitted or
   * `{ keep: true }`, replaced by a new value or secret, and removed by `null`; headers left out are removed.
   */
  update(id: string, input: ProviderInput): ProviderConfig {
    const parsed = parseProviderInput(input)
    if (parsed.id !== undefined && parsed.id !== id) {
      throw new IpcFailure(
        'validation_failed',
        `a provider's id is fixed: "${id}" cannot become "${parsed.id}"`,
      )
    }
    const next = updateWithSecrets(
      this.#settings,
      this.#secrets,
      (draft, secrets) => {
        const config = this.#buildConfig(id, parsed, requireProviderIn(draft, id), secrets)
        draft.models.providers = draft.models.providers.map((provider) =>
          provider.id === id ? config : provider,
        )
      },
      { releasePrefix: `provider.${id}.` },
    )
    return next.models.providers.find((provider) => provider.id === id)!
  }

  /** Removes the provider, the secrets it owns, and its models from the default and recent models. */
  remove(id: string): void {
    updateWithSecrets(
      this.#settings,
      this.#secrets,
      (draft) => {
        requireProviderIn(draft, id)
        draft.models.providers = draft.models.providers.filter((provider) => provider.id !== id)
        forgetModels(draft, (ref) => parseModelRef(ref)?.providerId === id)
      },
      { releasePrefix: `provider.${id}.` },
    )
    for (const ref of this.#models.keys()) if (parseModelRef(ref)?.providerId === id) this.#models.delete(ref)
    this.#stated.delete(id)
  }

  /** `GET {baseUrl}/models`, each id flagged when it is already configured. */
  async discover(id: string, options: { signal?: AbortSignal } = {}): Promise<DiscoveredModel[]> {
    const provider = this.#require(id)
    const credentials = this.#credentials(provider)
    const found = await discoverModels(
      {
        provider: { ...provider, name: providerLabel(provider) },
        headers: credentials.headers,
        ...(credentials.apiKey !== undefined ? { apiKey: credentials.apiKey } : {}),
      },
      {
        ...(this.#options.fetch ? { fetch: this.#options.fetch } : {}),
        ...(this.#options.discoveryTimeoutMs ? { timeoutMs: this.#options.discoveryTimeoutMs } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      },
    )
    this.#stated.set(
      id,
      new Map(found.flatMap((model) => (model.stated ? [[model.id, model.stated] as const] : []))),
    )
    return found.map(({ id: modelId, configured, stated }) => ({
      id: modelId,
      configured,
      ...(stated ? { stated } : {}),
    }))
  }

  /**
   * Adds or edits a model (see buildModelConfig for how capabilities are filled in). A new model becomes
   * the default model when there is none (or the default is gone): the first model added is what sampling
   * and chat fall back to, and `becameDefault` lets the window and the CLI say so.
   */
  saveModel(providerId: string, input: ModelInput): SavedModel {
    let becameDefault = false
    const provider = this.#updateProvider(
      providerId,
      (draft) => {
        const stated = this.#stated.get(providerId)?.get(input.id)
        const model = buildModelConfig(draft, input, stated)
        const existing = draft.models.some((candidate) => candidate.id === model.id)
        draft.models = existing
          ? draft.models.map((candidate) => (candidate.id === model.id ? model : candidate))
          : [...draft.models, model]
        becameDefault = !existing
      },
      (settings) => {
        const current = settings.models.defaultModel
        // Decided on the settings as they are now (read-modify-write): another process may have set one.
        if (!becameDefault || (current !== undefined && findModelIn(settings, current))) {
          becameDefault = false
          return
        }
        settings.models.defaultModel = modelRef(providerId, input.id)
      },
    )
    return { provider, becameDefault }
  }

  /** Removes a model, and drops it as the default and from the recently used models. */
  removeModel(providerId: string, modelId: string): ProviderConfig {
    const ref = modelRef(providerId, modelId)
    return this.#updateProvider(
      providerId,
      (draft) => {
        if (!draft.models.some((model) => model.id === modelId)) {
          throw new IpcFailure('not_found', `provider "${providerId}" has no model "${modelId}"`)
        }
        draft.models = draft.models.filter((model) => model.id !== modelId)
      },
      (settings) => forgetModels(settings, (candidate) => candidate === ref),
    )
  }

  setDefault(ref: string): string {
    const { providerId, modelId } = this.#requireModel(ref)
    const normalized = modelRef(providerId, modelId)
    this.#settings.update((draft) => {
      if (!findModelIn(draft, normalized)) throw new IpcFailure('not_found', `no model "${normalized}"`)
      draft.models.defaultModel = normalized
    })
    return normalized
  }

  /** Moves `ref` to the front of the recently used models (unique, at most 20). */
  recordUse(ref: string): void {
    const { providerId, modelId } = this.#requireModel(ref)
    const normalized = modelRef(providerId, modelId)
    // Most runs use the model used last: no settings write for a list that would not change.
    if (this.#settings.snapshot().models.recentModels[0] === normalized) return
    this.#settings.update((draft) => {
      // Removed meanwhile by another process: nothing to remember.
      if (!findModelIn(draft, normalized)) return
      const rest = draft.models.recentModels.filter((candidate) => candidate !== normalized)
      draft.models.recentModels = [normalized, ...rest].slice(0, MAX_RECENT_MODELS)
    })
  }

  /** Every configured model of every provider, in configuration order, as model selection sees it. */
  candidates(): ModelCandidate[] {
    return this.list().flatMap((provider) =>
      provider.models.map((model) => ({
        ref: modelRef(provider.id, model.id),
        providerId: provider.id,
        modelId: model.id,
        displayName: model.displayName ?? model.id,
        label: modelLabel(provider, model),
        capabilities: model.capabilities,
      })),
    )
  }

  /** The `ai` SDK model for `provider/model`, its key and headers resolved from the secret store now. */
  languageModel(ref: string): { model: LanguageModel; provider: ProviderConfig; config: ModelConfig } {
    const { provider, config } = this.#requireModel(ref)
    const credentials = this.#credentials(provider)
    // A digest, so the cache holds no second copy of the key; it changes with any value that shapes the client.
    const fingerprint = createHash('sha256')
      .update(JSON.stringify([provider.id, provider.baseUrl, config.id, credentials.apiKey ?? null]))
      .update(JSON.stringify(Object.entries(credentials.headers)))
      .digest('base64')
    const cached = this.#models.get(ref)
    if (cached?.fingerprint === fingerprint) return { model: cached.model, provider, config }
    const model = createLanguageModel(provider, config.id, credentials, {
      ...(this.#options.fetch ? { fetch: this.#options.fetch } : {}),
    })
    this.#models.set(ref, { fingerprint, model })
    return { model, provider, config }
  }

  /** The provider with its key and headers resolved from the secret store now, for clients built elsewhere. */
  connection(id: string): { provider: ProviderConfig; credentials: ProviderCredentials } {
    const provider = this.#require(id)
    return { provider, credentials: this.#credentials(provider) }
  }

  /** The provider's key and header values: what log redaction must never let through. */
  secretValues(id: string): string[] {
    const provider = this.get(id)
    if (!provider) return []
    try {
      const credentials = this.#credentials(provider)
      return [
        ...(credentials.apiKey !== undefined ? [credentials.apiKey] : []),
        ...Object.values(credentials.headers),
      ]
    } catch {
      return []
    }
  }

  #credentials(provider: ProviderConfig): ProviderCredentials {
    const label = `provider "${provider.id}":`
    return {
      ...(provider.apiKey
        ? { apiKey: resolveConfigValue(this.#secrets, provider.apiKey, `${label} apiKey`) }
        : {}),
      headers: resolveConfigValues(this.#secrets, `${label} header`, provider.headers),
    }
  }

  #require(id: string): ProviderConfig {
    const found = this.get(id)
    if (!found) throw new IpcFailure('not_found', `no provider with id "${id}"`)
    return found
  }

  #requireModel(ref: string): {
    providerId: string
    modelId: string
    provider: ProviderConfig
    config: ModelConfig
  } {
    const parsed = parseModelRef(ref)
    if (!parsed) {
      throw new IpcFailure('validation_failed', `"${ref}" is not a model reference; expected provider/model`)
    }
    const provider = this.get(parsed.providerId)
    if (!provider)
      throw new IpcFailure('not_found', `no provider with id "${parsed.providerId}" (in "${ref}")`)
    const config = provider.models.find((model) => model.id === parsed.modelId)
    if (!config)
      throw new IpcFailure('not_found', `provider "${provider.id}" has no model "${parsed.modelId}"`)
    return { ...parsed, provider, config }
  }

  #buildConfig(
    id: string,
    input: ParsedProviderInput,
    previous: ProviderConfig | undefined,
    secrets: SecretStore,
  ): ProviderConfig {
    const preset = presetFor(input.preset)
    const samePreset = previous?.preset === input.preset
    const baseUrl = input.baseUrl ?? (samePreset ? previous?.baseUrl : undefined) ?? preset.baseUrl
    if (baseUrl === '') {
      throw new IpcFailure(
        'validation_failed',
        `a ${preset.name} provider needs a baseUrl: the OpenAI-compatible endpoint, usually ending in /v1`,
      )
    }
    checkProviderSecretReferences(id, input, previous)
    const apiKey = storeApiKey(id, input, previous, secrets)
    const headers = storeConfigValues(
      secrets,
      'header',
      `provider.${id}.header`,
      input.headers,
      previous?.headers ?? {},
    )
    return {
      id,
      name: input.name ?? previous?.name ?? preset.name,
      preset: input.preset,
      baseUrl,
      ...(apiKey !== undefined ? { apiKey } : {}),
      headers,
      // Silence (ms) after which a streaming completion counts as stalled; 0 or less turns the check off.
      chunkTimeoutMs: input.chunkTimeoutMs ?? previous?.chunkTimeoutMs ?? DEFAULT_CHUNK_TIMEOUT_MS,
      models: previous?.models ?? [],
    }
  }

  #updateProvider(
    id: string,
    change: (draft: ProviderConfig) => void,
    alsoChange?: (draft: Settings) => void,
  ): ProviderConfig {
    const next = this.#settings.update((draft) => {
      change(requireProviderIn(draft, id))
      alsoChange?.(draft)
    })
    return next.models.providers.find((provider) => provider.id === id)!
  }
}
