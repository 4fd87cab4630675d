import {
  modelCapabilitiesSchema,
  type FactSource,
  type Modality,
  type ModelCapabilities,
  type ProviderPresetId,
} from '../../../shared/models/model-schema'
import type { ProviderPreset, StatedFacts } from '../../../shared/models/provider-input'
import { findModelFamily } from './model-families'

/** The OpenAI-compatible services users expect to find, each with where its key (or server) comes from. */
export const PROVIDER_PRESETS: readonly ProviderPreset[] = [
  {
    id: 'openai',
    name: 'OpenAI',
    baseUrl: 'https://api.openai.com/v1',
    needsApiKey: true,
    hint: 'Create an API key at https://platform.openai.com/api-keys',
  },
  {
    id: 'ollama',
    name: 'Ollama',
    baseUrl: 'http://127.0.0.1:11434/v1',
    needsApiKey: false,
    hint: 'Start Ollama (`ollama serve`) and pull a model (`ollama pull llama3.2`); no key needed',
  },
  {
    id: 'lmstudio',
    name: 'LM Studio',
    baseUrl: 'http://127.0.0.1:1234/v1',
    needsApiKey: false,
    hint: 'Start the local server in LM Studio (Developer tab) and load a model; no key needed',
  },
  {
    id: 'vllm',
    name: 'vLLM',
    baseUrl: 'http://127.0.0.1:8000/v1',
    needsApiKey: false,
    hint: 'Run `vllm serve <model>`; a key is needed only if the server was started with --api-key',
  },
  {
    id: 'openrouter',
    name: 'OpenRouter',
    baseUrl: 'https://openrouter.ai/api/v1',
    needsApiKey: true,
    hint: 'Create an API key at https://openrouter.ai/keys; model ids look like anthropic/claude-sonnet-4',
  },
  {
    id: 'deepseek',
    name: 'DeepSeek',
    baseUrl: 'https://api.deepseek.com/v1',
    needsApiKey: true,
    hint: 'Create an API key at https://platform.deepseek.com/api_keys',
  },
  {
    id: 'groq',
    name: 'Groq',
    baseUrl: 'https://api.groq.com/openai/v1',
    needsApiKey: true,
    hint: 'Create an API key at https://console.groq.com/keys',
  },
  {
    id: 'mistral',
    name: 'Mistral',
    baseUrl: 'https://api.mistral.ai/v1',
    needsApiKey: true,
    hint: 'Create an API key at https://console.mistral.ai/api-keys',
  },
  {
    id: 'together',
    name: 'Together AI',
    baseUrl: 'https://api.together.xyz/v1',
    needsApiKey: true,
    hint: 'Create an API key at https://api.together.ai/settings/api-keys',
  },
  {
    id: 'custom',
    name: 'Custom',
    baseUrl: '',
    needsApiKey: false,
    hint: 'Any OpenAI-compatible endpoint: its base URL (usually ending in /v1), and a key if it needs one',
  },
]

export function presetFor(id: ProviderPresetId): ProviderPreset {
  const preset = PROVIDER_PRESETS.find((candidate) => candidate.id === id)
  // The preset ids are a closed enum validated at every boundary; a miss is a programming error.
  if (!preset) throw new Error(`unknown provider preset "${id}"`)
  return preset
}

/** Servers running on the user's machine: tokens cost nothing, so their cost score is 0. */
export const LOCAL_PRESETS: ReadonlySet<ProviderPresetId> = new Set(['ollama', 'lmstudio', 'vllm'])
/** Groq's hardware serves every model it hosts far faster than the family's usual speed. */
export const FAST_PRESETS: ReadonlySet<ProviderPresetId> = new Set(['groq'])
export const FAST_PRESET_SPEED = 0.9

/**
 * The capabilities known for a model the user adds, each with its source: what the provider's own model
 * list stated (`stated`, from the last discovery) first, then the model-family table (model-families.ts),
 * then what the preset knows (a local server costs nothing). A fact none of them knows is left out —
 * unknown — instead of guessed: the window and the CLI show it as unknown, selection treats it as such,
 * and the user can fill it in the models panel.
 */
export function defaultCapabilities(
  preset: ProviderPresetId,
  modelId: string,
  stated: StatedFacts = {},
): ModelCapabilities {
  const caps = modelCapabilitiesSchema.parse({})
  const sources: ModelCapabilities['sources'] = {}
  const set = <K extends 'toolCalling' | 'temperature' | 'contextWindow' | 'maxOutputTokens'>(
    fact: K,
    value: ModelCapabilities[K] | undefined,
    source: FactSource,
  ) => {
    if (value === undefined) return
    caps[fact] = value
    sources[fact] = source
  }
  const family = findModelFamily(modelId)
  const takes: Record<'image' | 'audio', boolean | undefined> = { image: undefined, audio: undefined }
  if (family) {
    takes.image = family.vision
    takes.audio = family.audio
    sources.image = sources.audio = 'family'
    set('toolCalling', family.toolCalling, 'family')
    set('temperature', family.temperature, 'family')
    set('contextWindow', family.contextWindow, 'family')
    set('maxOutputTokens', family.maxOutputTokens, 'family')
    if (family.scores) {
      caps.scores = { ...family.scores }
      sources.cost = sources.speed = sources.intelligence = 'family'
    }
  }
  if (LOCAL_PRESETS.has(preset)) {
    caps.scores.cost = 0
    sources.cost = 'preset'
  }
  if (FAST_PRESETS.has(preset) && (caps.scores.speed ?? 0) < FAST_PRESET_SPEED) {
    caps.scores.speed = FAST_PRESET_SPEED
    sources.speed = 'preset'
  }
  for (const modality of ['image', 'audio'] as const) {
    if (stated[modality] === undefined) continue
    takes[modality] = stated[modality]
    sources[modality] = 'provider'
  }
  set('toolCalling', stated.toolCalling, 'provider')
  set('temperature', stated.temperature, 'provider')
  set('contextWindow', stated.contextWindow, 'provider')
  set('maxOutputTokens', stated.maxOutputTokens, 'provider')
  const inputModalities: Modality[] = ['text']
  if (takes.image) inputModalities.push('image')
  if (takes.audio) inputModalities.push('audio')
  // What the OpenAI-compatible adapter can send as `input_audio`.
  return { ...caps, inputModalities, audioFormats: takes.audio ? ['wav', 'mp3'] : [], sources }
}

/**
 * False for ids that are plainly not chat models (embeddings, speech, images, moderation). Discovery uses
 * it to tell them apart; saving one is still allowed, since only the user knows what a custom id serves.
 */
export function isChatModelId(modelId: string): boolean {
  return findModelFamily(modelId)?.nonChat !== true
}
