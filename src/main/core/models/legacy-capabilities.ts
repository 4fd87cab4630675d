import { factValue, type FactValue } from '../../../shared/models/capability-facts'
import {
  CAPABILITY_FACTS,
  providerPresetIdSchema,
  type CapabilityFact,
  type FactSource,
} from '../../../shared/models/model-schema'
import { defaultCapabilities } from './provider-presets'

/**
 * Settings written before facts had sources (schemaVersion 1) hold a number for every capability: what the
 * family table knew, what the user typed, or — for everything else — the same made-up defaults for every
 * model. This reads such an entry as facts. A value the family table or the preset gives is theirs; a value
 * equal to the old made-up default where nothing knows better was never a fact and becomes unknown;
 * anything else the user typed and stays as theirs. (A user who typed exactly the old default for a model
 * the table does not know loses that value to "unknown"; nothing can tell the two apart.)
 */
const OLD_MADE_UP: Record<CapabilityFact, FactValue> = {
  image: false,
  audio: false,
  toolCalling: true,
  temperature: true,
  contextWindow: 128_000,
  maxOutputTokens: 4096,
  cost: 0.5,
  speed: 0.5,
  intelligence: 0.5,
}

type Json = Record<string, unknown>

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Every model in a version-1 settings document, its capabilities read as facts with sources. */
export function upgradeLegacyModels(doc: Json): Json {
  const models = doc.models
  if (!isObject(models) || !Array.isArray(models.providers)) return doc
  const providers = models.providers.map((provider: unknown) => {
    if (!isObject(provider) || !Array.isArray(provider.models)) return provider
    const upgraded = provider.models.map((model: unknown) => {
      if (!isObject(model) || typeof model.id !== 'string') return model
      const capabilities = model.capabilities ?? {}
      return { ...model, capabilities: upgradeLegacyCapabilities(provider.preset, model.id, capabilities) }
    })
    return { ...provider, models: upgraded }
  })
  return { ...doc, models: { ...models, providers } }
}

/** One model's version-1 capabilities (schema defaults for what is missing) as facts with sources. */
export function upgradeLegacyCapabilities(preset: unknown, modelId: string, raw: unknown): unknown {
  // Not what version 1 could hold, or already upgraded: validation reports or accepts it as it is.
  if (!isObject(raw) || 'sources' in raw) return raw
  const presetId = providerPresetIdSchema.safeParse(preset)
  const known = defaultCapabilities(presetId.success ? presetId.data : 'custom', modelId)
  const listed = Array.isArray(raw.inputModalities) ? (raw.inputModalities as unknown[]) : undefined
  const modalities = listed ?? ['text']
  const scores = isObject(raw.scores) ? raw.scores : {}
  // A field missing from the file was never stored, so never edited: what is known now decides it.
  const legacyValue = (fact: CapabilityFact): unknown => {
    switch (fact) {
      case 'image':
      case 'audio':
        return listed === undefined ? factValue(known, fact) : modalities.includes(fact)
      case 'cost':
      case 'speed':
      case 'intelligence':
        return fact in scores ? scores[fact] : factValue(known, fact)
      default:
        return fact in raw ? raw[fact] : factValue(known, fact)
    }
  }

  const sources: Partial<Record<CapabilityFact, FactSource>> = {}
  const facts: Partial<Record<CapabilityFact, unknown>> = {}
  for (const fact of CAPABILITY_FACTS) {
    const value = legacyValue(fact)
    const knownValue = factValue(known, fact)
    if (knownValue !== undefined && value === knownValue) {
      facts[fact] = value
      sources[fact] = known.sources[fact] ?? 'user'
    } else if (value !== undefined && (knownValue !== undefined || value !== OLD_MADE_UP[fact])) {
      facts[fact] = value
      sources[fact] = 'user'
    }
  }

  const { scores: _scores, inputModalities: _modalities, ...rest } = raw
  const next: Json = { ...rest }
  for (const fact of ['contextWindow', 'maxOutputTokens', 'toolCalling', 'temperature'] as const) {
    if (fact in facts) next[fact] = facts[fact]
    else delete next[fact]
  }
  next.inputModalities = [
    ...(modalities.includes('text') ? ['text'] : []),
    ...(facts.image === true ? ['image'] : []),
    ...(facts.audio === true ? ['audio'] : []),
  ]
  next.scores = Object.fromEntries(
    (['cost', 'speed', 'intelligence'] as const).filter((f) => f in facts).map((f) => [f, facts[f]]),
  )
  next.sources = sources
  return next
}
