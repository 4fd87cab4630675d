import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SettingsService } from '../../../../src/main/core/config/settings-service'
import { ProviderService } from '../../../../src/main/core/models/provider-service'
import { startMockOpenAI, type MockOpenAI } from '../../../fixtures/mock-openai'
import { MemoryJsonDocument } from '../../../doubles/memory-json-document'
import { MemorySecretStore } from '../../../doubles/memory-secret-store'
import { createTestHost } from '../../../doubles/test-host'

let mock: MockOpenAI
beforeEach(async () => {
  mock = await startMockOpenAI({
    models: ['acme/seer', 'acme/plain'],
    // OpenRouter's shape: what the model takes, its window and output, its parameters and prices.
    modelMetadata: {
      'acme/seer': {
        context_length: 1_000_000,
        architecture: { input_modalities: ['text', 'image'] },
        top_provider: { max_completion_tokens: 65_536 },
        supported_parameters: ['temperature', 'max_tokens'],
        pricing: { prompt: '0.0000003', completion: '0.0000025' },
      },
    },
  })
})
afterEach(() => mock.close())

function setup() {
  const settings = new SettingsService(new MemoryJsonDocument())
  return { settings, providers: new ProviderService(settings, new MemorySecretStore()) }
}

describe('facts a provider states', () => {
  it('are recorded, with their source, when a discovered model is added', async () => {
    const { providers } = setup()
    providers.add({ preset: 'custom', id: 'acme', name: 'Acme Router', baseUrl: mock.url })
    const found = await providers.discover('acme')
    expect(found.find((model) => model.id === 'acme/seer')?.stated).toEqual({
      contextWindow: 1_000_000,
      maxOutputTokens: 65_536,
      image: true,
      audio: false,
      toolCalling: false,
      temperature: true,
      pricing: { inputPerMillion: 0.3, outputPerMillion: 2.5 },
    })
    const seer = providers.saveModel('acme', { id: 'acme/seer' }).provider.models[0]!
    expect(seer.capabilities).toMatchObject({
      inputModalities: ['text', 'image'],
      contextWindow: 1_000_000,
      maxOutputTokens: 65_536,
      toolCalling: false,
      temperature: true,
      scores: {},
      sources: {
        image: 'provider',
        audio: 'provider',
        contextWindow: 'provider',
        maxOutputTokens: 'provider',
        toolCalling: 'provider',
        temperature: 'provider',
      },
    })
    expect(seer.pricing).toEqual({ inputPerMillion: 0.3, outputPerMillion: 2.5 })
    // A model the list says nothing about, in no family: nothing is known, nothing is made up.
    const plain = providers.saveModel('acme', { id: 'acme/plain' }).provider.models[1]!
    expect(plain.capabilities.sources).toEqual({})
    expect(plain.capabilities.contextWindow).toBeUndefined()
  })
})

describe('editing facts', () => {
  it('marks only what changed as the user’s, and null makes a fact unknown again', () => {
    const { providers } = setup()
    providers.add({ preset: 'openai' })
    const before = providers.saveModel('openai', { id: 'gpt-4o' }).provider.models[0]!.capabilities
    // A form sends every field; only the changed context window is an edit.
    const after = providers.saveModel('openai', {
      id: 'gpt-4o',
      capabilities: {
        inputModalities: before.inputModalities,
        contextWindow: 64_000,
        maxOutputTokens: before.maxOutputTokens ?? null,
        toolCalling: before.toolCalling ?? null,
        scores: { ...before.scores, speed: null },
      },
    }).provider.models[0]!.capabilities
    expect(after.sources).toEqual({ ...withoutSpeed(before.sources), contextWindow: 'user' })
    expect(after.contextWindow).toBe(64_000)
    expect(after.scores.speed).toBeUndefined()
  })

  it('says yes, no or unknown for one modality', () => {
    const { providers } = setup()
    providers.add({ preset: 'custom', id: 'box', baseUrl: mock.url })
    const listed = providers.saveModel('box', { id: 'mystery', capabilities: { inputModalities: ['text'] } })
    // Listing text only does not claim the model refuses images: their support stays unknown.
    expect(listed.provider.models[0]!.capabilities.sources).toEqual({})
    const no = providers.saveModel('box', { id: 'mystery', capabilities: { image: false } })
    expect(no.provider.models[0]!.capabilities.sources).toEqual({ image: 'user' })
    const yes = providers.saveModel('box', { id: 'mystery', capabilities: { image: true } })
    expect(yes.provider.models[0]!.capabilities.inputModalities).toEqual(['text', 'image'])
    const unknown = providers.saveModel('box', { id: 'mystery', capabilities: { image: null } })
    expect(unknown.provider.models[0]!.capabilities).toMatchObject({ inputModalities: ['text'], sources: {} })
  })
})

describe('the first model added', () => {
  it('becomes the default model, and the answer says so', () => {
    const { providers, settings } = setup()
    providers.add({ preset: 'ollama' })
    expect(providers.saveModel('ollama', { id: 'llama3.2' }).becameDefault).toBe(true)
    expect(settings.get().models.defaultModel).toBe('ollama/llama3.2')
    expect(providers.saveModel('ollama', { id: 'qwen3:8b' }).becameDefault).toBe(false)
    // Editing the default is not adding one.
    expect(providers.saveModel('ollama', { id: 'llama3.2', displayName: 'Llama' }).becameDefault).toBe(false)
    expect(settings.get().models.defaultModel).toBe('ollama/llama3.2')
    // With the default removed, the next model added takes its place.
    providers.removeModel('ollama', 'llama3.2')
    expect(providers.saveModel('ollama', { id: 'gemma3:4b' }).becameDefault).toBe(true)
    expect(settings.get().models.defaultModel).toBe('ollama/gemma3:4b')
  })

  it('is reported through the contract’s models:save', async () => {
    const { host } = createTestHost()
    await host.dispatch('providers:add', { provider: { preset: 'ollama', name: 'Ollama (local)' } })
    const first = await host.dispatch('models:save', { providerId: 'ollama', model: { id: 'llama3.2' } })
    expect(first).toMatchObject({ ok: true, value: { id: 'ollama', becameDefault: true } })
    const second = await host.dispatch('models:save', { providerId: 'ollama', model: { id: 'qwen3:8b' } })
    expect(second).toMatchObject({ ok: true, value: { becameDefault: false } })
  })
})

describe('model labels', () => {
  it('carry the name the user gave the provider', () => {
    const { providers } = setup()
    providers.add({ preset: 'ollama', name: 'Ollama (local)' })
    providers.saveModel('ollama', { id: 'llama3.2' })
    providers.saveModel('ollama', { id: 'qwen3:8b', displayName: 'Qwen 3' })
    expect(providers.candidates().map((c) => c.label)).toEqual([
      'Ollama (local) · llama3.2',
      'Ollama (local) · Qwen 3',
    ])
  })
})

function withoutSpeed<T extends { speed?: unknown }>(sources: T): Omit<T, 'speed'> {
  const { speed: _speed, ...rest } = sources
  return rest
}
