import {
  modelCapabilitiesSchema,
  type Modality,
  type ModelCapabilities,
  type ProviderPresetId,
} from '../../../shared/models/model-schema'
import type { ProviderPreset } from '../../../shared/models/provider-input'
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
const LOCAL_PRESETS: ReadonlySet<ProviderPresetId> = new Set(['ollama', 'lmstudio', 'vllm'])
/** Groq's hardware serves every model it hosts far faster than the family's usual speed. */
const FAST_PRESETS: ReadonlySet<ProviderPresetId> = new Set(['groq'])

/**
 * Capabilities for a model the user adds, by what is commonly known about its family (model-families.ts)
 * and where it runs. These are STARTING POINTS, not facts: no OpenAI-compatible endpoint publishes a
 * model's modalities, limits or tool support, so the user edits them in the models panel and the edited
 * values are what model selection trusts. An unknown model is a text-only, tool-calling chat model with
 * middling scores.
 */
export function defaultCapabilities(preset: ProviderPresetId, modelId: string): ModelCapabilities {
  const base = modelCapabilitiesSchema.parse({})
  const family = findModelFamily(modelId)
  const inputModalities: Modality[] = ['text']
  if (family?.vision) inputModalities.push('image')
  if (family?.audio) inputModalities.push('audio')
  const scores = { ...(family?.scores ?? base.scores) }
  if (LOCAL_PRESETS.has(preset)) scores.cost = 0
  if (FAST_PRESETS.has(preset)) scores.speed = Math.max(scores.speed, 0.9)
  return modelCapabilitiesSchema.parse({
    ...base,
    inputModalities,
    // What the OpenAI-compatible adapter can send as `input_audio`.
    audioFormats: family?.audio ? ['wav', 'mp3'] : [],
    contextWindow: family?.contextWindow ?? base.contextWindow,
    maxOutputTokens: family?.maxOutputTokens ?? base.maxOutputTokens,
    toolCalling: family?.toolCalling ?? base.toolCalling,
    temperature: family?.temperature ?? base.temperature,
    scores,
  })
}

/**
 * False for ids that are plainly not chat models (embeddings, speech, images, moderation). Discovery uses
 * it to tell them apart; saving one is still allowed, since only the user knows what a custom id serves.
 */
export function isChatModelId(modelId: string): boolean {
  return findModelFamily(modelId)?.nonChat !== true
}
