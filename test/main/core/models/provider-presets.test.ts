import { describe, expect, it } from 'vitest'
import { capabilityFacts } from '../../../../src/shared/models/capability-facts'
import { findModelFamily, MODEL_FAMILIES } from '../../../../src/main/core/models/model-families'
import {
  defaultCapabilities,
  isChatModelId,
  presetFor,
  PROVIDER_PRESETS,
} from '../../../../src/main/core/models/provider-presets'
import {
  modelCapabilitiesSchema,
  PROVIDER_PRESET_IDS,
  type ProviderPresetId,
} from '../../../../src/shared/models/model-schema'
import { providerPresetSchema } from '../../../../src/shared/models/provider-input'

describe('provider presets', () => {
  it('offers every preset id once, in the schema order, each valid with a one-line hint', () => {
    expect(PROVIDER_PRESETS.map((preset) => preset.id)).toEqual([...PROVIDER_PRESET_IDS])
    for (const preset of PROVIDER_PRESETS) {
      expect(providerPresetSchema.parse(preset)).toEqual(preset)
      expect(preset.hint.length).toBeGreaterThan(10)
      expect(preset.hint).not.toContain('\n')
    }
  })

  it.each([
    ['openai', 'https://api.openai.com/v1', true],
    ['ollama', 'http://127.0.0.1:11434/v1', false],
    ['lmstudio', 'http://127.0.0.1:1234/v1', false],
    ['vllm', 'http://127.0.0.1:8000/v1', false],
    ['openrouter', 'https://openrouter.ai/api/v1', true],
    ['deepseek', 'https://api.deepseek.com/v1', true],
    ['groq', 'https://api.groq.com/openai/v1', true],
    ['mistral', 'https://api.mistral.ai/v1', true],
    ['together', 'https://api.together.xyz/v1', true],
    ['custom', '', false],
  ] as const)('%s points at %j (key needed: %s)', (id, baseUrl, needsApiKey) => {
    expect(presetFor(id)).toMatchObject({ id, baseUrl, needsApiKey })
  })
})

type Expected = {
  modalities: string[]
  tools?: boolean
  temperature?: boolean
  contextWindow?: number
  maxOutputTokens?: number
  cost?: number
}

describe('defaultCapabilities', () => {
  const rows: Array<[ProviderPresetId, string, Expected]> = [
    [
      'openai',
      'gpt-4o',
      { modalities: ['text', 'image'], tools: true, temperature: true, contextWindow: 128_000 },
    ],
    ['openai', 'gpt-4o-mini', { modalities: ['text', 'image'], maxOutputTokens: 16384 }],
    ['openai', 'gpt-4.1', { modalities: ['text', 'image'], contextWindow: 1_048_576 }],
    ['openai', 'gpt-5-mini', { modalities: ['text', 'image'], temperature: false }],
    ['openai', 'o3', { modalities: ['text', 'image'], temperature: false }],
    ['openai', 'o4-mini', { modalities: ['text', 'image'], temperature: false }],
    ['openai', 'o1-mini', { modalities: ['text'], temperature: false, tools: false }],
    ['openai', 'o3-mini', { modalities: ['text'], temperature: false }],
    ['openai', 'gpt-4o-audio-preview', { modalities: ['text', 'audio'], temperature: true }],
    ['openai', 'gpt-3.5-turbo', { modalities: ['text'], contextWindow: 16385 }],
    ['deepseek', 'deepseek-reasoner', { modalities: ['text'], temperature: false }],
    ['deepseek', 'deepseek-chat', { modalities: ['text'], temperature: true, tools: true }],
    ['openrouter', 'anthropic/claude-3.5-sonnet', { modalities: ['text', 'image'], contextWindow: 200_000 }],
    ['openrouter', 'google/gemini-2.5-flash', { modalities: ['text', 'image'] }],
    ['openrouter', 'openai/o3', { modalities: ['text', 'image'], temperature: false }],
    ['groq', 'meta-llama/llama-4-scout-17b-16e-instruct', { modalities: ['text', 'image'] }],
    ['groq', 'llama-3.1-8b-instant', { modalities: ['text'] }],
    ['mistral', 'pixtral-large-latest', { modalities: ['text', 'image'] }],
    ['together', 'Qwen/Qwen2.5-VL-72B-Instruct', { modalities: ['text', 'image'] }],
    ['ollama', 'llava:13b', { modalities: ['text', 'image'], tools: false, cost: 0 }],
    ['ollama', 'llama3.2-vision:11b', { modalities: ['text', 'image'], cost: 0 }],
    ['ollama', 'gemma3:4b', { modalities: ['text', 'image'], cost: 0 }],
    ['ollama', 'qwen2.5vl:7b', { modalities: ['text', 'image'], cost: 0 }],
    ['ollama', 'llama3.2:3b', { modalities: ['text'], tools: true, cost: 0 }],
    ['lmstudio', 'qwen2.5-7b-instruct', { modalities: ['text'], cost: 0 }],
    ['vllm', 'meta-llama/Llama-3.3-70B-Instruct', { modalities: ['text'], cost: 0 }],
  ]

  it.each(rows)('%s %s', (preset, modelId, expected) => {
    const capabilities = defaultCapabilities(preset, modelId)
    // Always a complete, valid capabilities object the user can edit from.
    expect(modelCapabilitiesSchema.parse(capabilities)).toEqual(capabilities)
    expect(capabilities.inputModalities).toEqual(expected.modalities)
    if (expected.tools !== undefined) expect(capabilities.toolCalling).toBe(expected.tools)
    if (expected.temperature !== undefined) expect(capabilities.temperature).toBe(expected.temperature)
    if (expected.contextWindow !== undefined) expect(capabilities.contextWindow).toBe(expected.contextWindow)
    if (expected.maxOutputTokens !== undefined) {
      expect(capabilities.maxOutputTokens).toBe(expected.maxOutputTokens)
    }
    if (expected.cost !== undefined) expect(capabilities.scores.cost).toBe(expected.cost)
    // The OpenAI-compatible adapter sends wav and mp3: the only formats an audio model gets by default.
    expect(capabilities.audioFormats).toEqual(expected.modalities.includes('audio') ? ['wav', 'mp3'] : [])
  })

  it('scores a cheap fast model apart from a smart expensive one', () => {
    const mini = defaultCapabilities('openai', 'gpt-4o-mini').scores
    const o3 = defaultCapabilities('openai', 'o3').scores
    expect(mini.cost).toBeLessThan(o3.cost!)
    expect(mini.speed).toBeGreaterThan(o3.speed!)
    expect(mini.intelligence).toBeLessThan(o3.intelligence!)
  })

  it('leaves what nobody knows about an unknown model unknown instead of guessing', () => {
    const capabilities = defaultCapabilities('custom', 'my-own-model')
    expect(capabilities).toEqual(
      modelCapabilitiesSchema.parse({ inputModalities: ['text'], audioFormats: [], sources: {} }),
    )
    expect(capabilityFacts(capabilities).every((fact) => !fact.known)).toBe(true)
    expect(capabilities.contextWindow).toBeUndefined()
    expect(capabilities.toolCalling).toBeUndefined()
    expect(capabilities.scores).toEqual({})
  })

  it('records where each fact came from: the family table, the preset', () => {
    const caps = defaultCapabilities('ollama', 'llava:13b')
    expect(caps.sources).toEqual({
      image: 'family',
      audio: 'family',
      toolCalling: 'family',
      temperature: 'family',
      contextWindow: 'family',
      maxOutputTokens: 'family',
      cost: 'preset',
      speed: 'family',
      intelligence: 'family',
    })
    // Local and unknown otherwise: only the cost is known.
    const local = defaultCapabilities('ollama', 'my-finetune')
    expect(local.scores).toEqual({ cost: 0 })
    expect(local.sources).toEqual({ cost: 'preset' })
  })

  it("puts what the provider's list states above the family table", () => {
    const caps = defaultCapabilities('openrouter', 'anthropic/claude-3.5-sonnet', {
      contextWindow: 180_000,
      toolCalling: false,
      image: false,
    })
    expect(caps.contextWindow).toBe(180_000)
    expect(caps.toolCalling).toBe(false)
    expect(caps.inputModalities).toEqual(['text'])
    expect(caps.sources).toMatchObject({
      contextWindow: 'provider',
      toolCalling: 'provider',
      image: 'provider',
      maxOutputTokens: 'family',
    })
  })

  it('makes every local model free and every Groq model fast', () => {
    for (const preset of ['ollama', 'lmstudio', 'vllm'] as const) {
      expect(defaultCapabilities(preset, 'gpt-oss:20b').scores.cost).toBe(0)
    }
    expect(defaultCapabilities('openai', 'gpt-oss-20b').scores.cost).toBeGreaterThan(0)
    expect(defaultCapabilities('groq', 'openai/gpt-oss-120b').scores.speed).toBeGreaterThanOrEqual(0.9)
    expect(defaultCapabilities('groq', 'some-new-model').sources.speed).toBe('preset')
  })

  it.each([
    'text-embedding-3-small',
    'nomic-embed-text:latest',
    'whisper-1',
    'whisper-large-v3',
    'tts-1-hd',
    'gpt-4o-mini-tts',
    'gpt-4o-transcribe',
    'dall-e-3',
    'omni-moderation-latest',
    'gpt-4o-realtime-preview',
  ])('knows %s is not a chat model and gives it no tool calling', (modelId) => {
    expect(isChatModelId(modelId)).toBe(false)
    expect(defaultCapabilities('openai', modelId).toolCalling).toBe(false)
  })

  it.each(['gpt-4o', 'o3', 'llama3.2', 'gpt-4o-audio-preview', 'my-model'])('treats %s as chat', (id) => {
    expect(isChatModelId(id)).toBe(true)
  })

  it('keeps every family rule reachable: each is the first match for some real model id', () => {
    const ids = `o1-mini o1 o3-mini o3-pro o3 o4-mini gpt-5-nano gpt-5-mini gpt-5 gpt-4.1-nano gpt-4.1-mini
      gpt-4.1 gpt-4o-mini gpt-4o gpt-4-turbo gpt-oss-120b gpt-4 gpt-3.5-turbo deepseek-reasoner deepseek-r1:8b
      deepseek-chat claude-3-5-haiku claude-opus-4 claude-sonnet-4 gemini-2.0-flash gemini-2.5-pro llava:7b
      llama-4-maverick llama3.2-vision gemma3:12b qwen2.5-vl-7b pixtral-12b mistral-large-latest
      mistral-medium-latest mistral-small-latest codestral-latest ministral-8b-latest mixtral-8x7b llama3.1:8b
      llama-3.3-70b-versatile llama2:13b qwen3:8b qwen2.5:7b gemma2:9b phi4 text-embedding-3-large
      davinci-002 gpt-4o-audio-preview`.split(/\s+/)
    const used = new Set(ids.map((id) => findModelFamily(id)))
    for (const family of MODEL_FAMILIES) expect(used.has(family), family.match.source).toBe(true)
  })
})
