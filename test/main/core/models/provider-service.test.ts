import { describe, expect, it } from 'vitest'
import { SettingsService } from '../../../../src/main/core/config/settings-service'
import { ProviderService, providerLabel } from '../../../../src/main/core/models/provider-service'
import { DEFAULT_CHUNK_TIMEOUT_MS } from '../../../../src/shared/models/model-schema'
import { IpcFailure, type IpcErrorCode } from '../../../../src/shared/ipc/ipc-error'
import { MemoryJsonDocument } from '../../../doubles/memory-json-document'
import { MemorySecretStore } from '../../../doubles/memory-secret-store'

function setup() {
  const doc = new MemoryJsonDocument()
  const secrets = new MemorySecretStore()
  const settings = new SettingsService(doc)
  return { doc, secrets, settings, service: new ProviderService(settings, secrets) }
}

function failure(run: () => unknown): IpcFailure {
  try {
    run()
  } catch (error) {
    if (error instanceof IpcFailure) return error
    throw error
  }
  throw new Error('expected an IpcFailure')
}

function expectFailure(run: () => unknown, code: IpcErrorCode, message: RegExp | string): void {
  const error = failure(run)
  expect(error.code).toBe(code)
  expect(error.message).toMatch(message)
}

describe('ProviderService providers', () => {
  it('adds a preset with its URL and name, keeps the key in the secret store and only a reference in settings', () => {
    const { doc, secrets, service } = setup()
    const config = service.add({
      preset: 'openai',
      apiKey: { value: 'sk-test-1234567890' },
      headers: { 'OpenAI-Organization': { value: 'org-abc' } },
    })
    expect(config).toEqual({
      id: 'openai',
      name: 'OpenAI',
      preset: 'openai',
      baseUrl: 'https://api.openai.com/v1',
      apiKey: { secret: 'provider.openai.api-key' },
      headers: { 'OpenAI-Organization': { secret: 'provider.openai.header.OpenAI-Organization' } },
      chunkTimeoutMs: DEFAULT_CHUNK_TIMEOUT_MS,
      models: [],
    })
    expect(secrets.get('provider.openai.api-key')).toBe('sk-test-1234567890')
    expect(secrets.get('provider.openai.header.OpenAI-Organization')).toBe('org-abc')
    const stored = JSON.stringify(doc.read())
    expect(stored).not.toContain('sk-test-1234567890')
    expect(stored).not.toContain('org-abc')
    expect(service.list()).toEqual([config])
    expect(service.get('openai')).toEqual(config)
  })

  it('adds a local server without a key and makes ids unique', () => {
    const { service } = setup()
    expect(service.add({ preset: 'ollama' })).toMatchObject({
      id: 'ollama',
      baseUrl: 'http://127.0.0.1:11434/v1',
    })
    expect(service.add({ preset: 'ollama' }).id).toBe('ollama-2')
    expect(service.add({ preset: 'ollama', id: 'ollama' }).id).toBe('ollama-3')
    expect(service.add({ preset: 'vllm', id: 'gpu-box', name: 'GPU box' })).toMatchObject({
      id: 'gpu-box',
      name: 'GPU box',
    })
    expect(service.get('ollama')?.apiKey).toBeUndefined()
    expect(service.add({ preset: 'vllm', id: 'x'.repeat(64) }).id).toBe('x'.repeat(64))
    expect(service.add({ preset: 'vllm', id: 'x'.repeat(64) }).id).toBe(`${'x'.repeat(58)}-2`)
  })

  it('requires a baseUrl for custom and rejects bad input with the field named', () => {
    const { service, secrets } = setup()
    expectFailure(
      () => service.add({ preset: 'custom' }),
      'validation_failed',
      /custom provider needs a baseUrl/i,
    )
    expectFailure(
      () => service.add({ preset: 'custom', baseUrl: 'ftp://x.test' }),
      'validation_failed',
      /baseUrl: baseUrl must be an http\(s\) URL/,
    )
    expectFailure(
      () => service.add({ preset: 'openai', id: 'Bad Id' } as never),
      'validation_failed',
      /^invalid provider: id: /,
    )
    expectFailure(
      () => service.add({ preset: 'openai', apiKey: { secret: 'provider.openai.api-key' } }),
      'validation_failed',
      'apiKey: no secret named "provider.openai.api-key"',
    )
    // Only its own names: another owner's or a shared secret is referenced by editing settings.json.
    expectFailure(
      () => service.add({ preset: 'openai', apiKey: { secret: 'nope' } }),
      'validation_failed',
      'apiKey: secret "nope" is not one this provider owns; a shared secret can only be referenced by editing settings.json',
    )
    expect(service.list()).toEqual([])
    expect(secrets.list()).toEqual([])
    expect(service.add({ preset: 'custom', baseUrl: 'http://127.0.0.1:9/v1' })).toMatchObject({
      id: 'custom',
      name: 'Custom',
    })
  })

  it('takes chunkTimeoutMs, where 0 or less means no stall detection', () => {
    const { service } = setup()
    expect(service.add({ preset: 'ollama', chunkTimeoutMs: 0 }).chunkTimeoutMs).toBe(0)
    expect(service.add({ preset: 'ollama', chunkTimeoutMs: -1 }).chunkTimeoutMs).toBe(-1)
    expect(service.add({ preset: 'ollama', chunkTimeoutMs: 30_000 }).chunkTimeoutMs).toBe(30_000)
    expectFailure(
      () => service.add({ preset: 'ollama', chunkTimeoutMs: 1.5 }),
      'validation_failed',
      /chunkTimeoutMs/,
    )
  })

  it('keeps the key when it is omitted or kept, replaces it, and removes it with null', () => {
    const { secrets, service } = setup()
    service.add({ preset: 'openrouter', apiKey: { value: 'key-one-1111' } })
    service.saveModel('openrouter', { id: 'openai/gpt-4o' })

    const renamed = service.update('openrouter', { preset: 'openrouter', name: 'Router' })
    expect(renamed).toMatchObject({ name: 'Router', apiKey: { secret: 'provider.openrouter.api-key' } })
    expect(renamed.models.map((model) => model.id)).toEqual(['openai/gpt-4o'])
    expect(service.update('openrouter', { preset: 'openrouter', apiKey: { keep: true } }).name).toBe('Router')
    expect(secrets.get('provider.openrouter.api-key')).toBe('key-one-1111')

    service.update('openrouter', { preset: 'openrouter', apiKey: { value: 'key-two-2222' } })
    expect(secrets.get('provider.openrouter.api-key')).toBe('key-two-2222')

    const keyless = service.update('openrouter', { preset: 'openrouter', apiKey: null })
    expect(keyless.apiKey).toBeUndefined()
    expect(secrets.list()).toEqual([])
    expectFailure(
      () => service.update('openrouter', { preset: 'openrouter', apiKey: { keep: true } }),
      'validation_failed',
      'apiKey has no stored value to keep',
    )
  })

  it('keeps, replaces and drops headers on update, deleting the secrets it no longer needs', () => {
    const { secrets, service } = setup()
    // Header names are validated: a space is not allowed.
    expectFailure(
      () =>
        service.add({
          preset: 'custom',
          baseUrl: 'https://proxy.example.test/v1',
          headers: { 'X Two': { value: 'two-value' } },
        }),
      'validation_failed',
      /^invalid provider: headers\.X Two: /,
    )
    expect(service.list()).toEqual([])
    expect(secrets.list()).toEqual([])

    service.add({
      preset: 'custom',
      id: 'proxy',
      baseUrl: 'https://proxy.example.test/v1',
      headers: { 'X-One': { value: 'one-value' }, 'X-Two': { value: 'two-value' } },
    })
    const updated = service.update('proxy', {
      preset: 'custom',
      headers: { 'X-One': { keep: true } },
    })
    expect(updated.baseUrl).toBe('https://proxy.example.test/v1')
    expect(updated.headers).toEqual({ 'X-One': { secret: 'provider.proxy.header.X-One' } })
    expect(secrets.list()).toEqual(['provider.proxy.header.X-One'])
    expectFailure(
      () => service.update('proxy', { preset: 'custom', id: 'other' }),
      'validation_failed',
      /id is fixed/,
    )
    expectFailure(
      () => service.update('ghost', { preset: 'custom' }),
      'not_found',
      'no provider with id "ghost"',
    )
  })

  it('removes a provider with its secrets, its default model and its recent models', () => {
    const { secrets, settings, service } = setup()
    secrets.set('shared-token', 'kept')
    service.add({ preset: 'openai', apiKey: { value: 'sk-a-123456' }, headers: { 'X-A': { value: 'a' } } })
    service.add({ preset: 'groq' })
    // The user's own edit of settings.json: a shared secret by name.
    settings.update((draft) => {
      for (const provider of draft.models.providers) {
        if (provider.id === 'groq') provider.apiKey = { secret: 'shared-token' }
      }
    })
    service.saveModel('openai', { id: 'gpt-4o' })
    service.saveModel('groq', { id: 'llama-3.1-8b-instant' })
    service.recordUse('groq/llama-3.1-8b-instant')
    service.recordUse('openai/gpt-4o')
    service.setDefault('openai/gpt-4o')

    service.remove('openai')
    expect(service.list().map((provider) => provider.id)).toEqual(['groq'])
    expect(secrets.list()).toEqual(['shared-token'])
    expect(settings.get().models.defaultModel).toBeUndefined()
    expect(settings.get().models.recentModels).toEqual(['groq/llama-3.1-8b-instant'])

    // A secret the user made (not provider.<id>.*) is only referenced, never deleted.
    service.remove('groq')
    expect(secrets.list()).toEqual(['shared-token'])
    expectFailure(() => service.remove('groq'), 'not_found', 'no provider with id "groq"')
  })

  it('deletes the secrets it stored when settings refuse the change', () => {
    const secrets = new MemorySecretStore()
    // Written by a newer build: settings stay read-only, so every update is refused.
    const settings = new SettingsService(new MemoryJsonDocument({ schemaVersion: 99 }))
    const service = new ProviderService(settings, secrets)
    expectFailure(
      () =>
        service.add({
          preset: 'openai',
          apiKey: { value: 'sk-refused-123' },
          headers: { 'X-A': { value: 'a' } },
        }),
      'conflict',
      /settings cannot be changed/,
    )
    expect(secrets.list()).toEqual([])
  })

  it('lists the presets', () => {
    const { service } = setup()
    expect(service.presets().map((preset) => preset.id)).toContain('lmstudio')
  })

  it('names a provider by its name, adding the id when the name does not say which one', () => {
    expect(providerLabel({ id: 'openai', name: 'OpenAI' })).toBe('OpenAI')
    expect(providerLabel({ id: 'lmstudio', name: 'LM Studio' })).toBe('LM Studio')
    expect(providerLabel({ id: 'openai-2', name: 'OpenAI' })).toBe('OpenAI (openai-2)')
    expect(providerLabel({ id: 'strict', name: 'Custom' })).toBe('Custom (strict)')
  })
})

describe('ProviderService models', () => {
  it('saves a model with the preset defaults, then edits only the fields given', () => {
    const { service } = setup()
    service.add({ preset: 'ollama' })
    const added = service.saveModel('ollama', { id: 'llava:13b' }).provider
    const llava = added.models[0]!
    expect(llava.capabilities.inputModalities).toEqual(['text', 'image'])
    expect(llava.capabilities.scores.cost).toBe(0)

    const edited = service.saveModel('ollama', {
      id: 'llava:13b',
      displayName: 'LLaVA',
      capabilities: { toolCalling: true, scores: { intelligence: 0.9 } },
      pricing: { inputPerMillion: 0.1, outputPerMillion: 0.2 },
    }).provider
    expect(edited.models).toHaveLength(1)
    expect(edited.models[0]).toEqual({
      id: 'llava:13b',
      displayName: 'LLaVA',
      capabilities: {
        ...llava.capabilities,
        toolCalling: true,
        scores: { ...llava.capabilities.scores, intelligence: 0.9 },
        // The edited facts are the user's now; the rest keep their sources.
        sources: { ...llava.capabilities.sources, toolCalling: 'user', intelligence: 'user' },
      },
      pricing: { inputPerMillion: 0.1, outputPerMillion: 0.2 },
    })
    // Omitted name and pricing are kept; null pricing removes it.
    expect(service.saveModel('ollama', { id: 'llava:13b' }).provider.models[0]).toEqual(edited.models[0])
    expect(
      service.saveModel('ollama', { id: 'llava:13b', pricing: null }).provider.models[0]?.pricing,
    ).toBeUndefined()
  })

  it('accepts a model that is not a chat model, and rejects invalid capabilities by name', () => {
    const { service } = setup()
    service.add({ preset: 'openai' })
    expect(
      service.saveModel('openai', { id: 'text-embedding-3-small' }).provider.models[0]?.capabilities
        .toolCalling,
    ).toBe(false)
    expectFailure(
      () => service.saveModel('openai', { id: 'gpt-4o', capabilities: { inputModalities: [] } }),
      'validation_failed',
      /^invalid model: capabilities\.inputModalities/,
    )
    expectFailure(
      () => service.saveModel('openai', { id: 'gpt-4o', capabilities: { scores: { cost: 2 } } }),
      'validation_failed',
      /scores\.cost/,
    )
    expectFailure(() => service.saveModel('nobody', { id: 'x' }), 'not_found', 'no provider with id "nobody"')
  })

  it('removes a model and forgets it as default and recent', () => {
    const { settings, service } = setup()
    service.add({ preset: 'ollama' })
    service.saveModel('ollama', { id: 'llama3.2' })
    service.saveModel('ollama', { id: 'qwen2.5' })
    service.setDefault('ollama/qwen2.5')
    service.recordUse('ollama/qwen2.5')
    service.recordUse('ollama/llama3.2')

    expect(service.removeModel('ollama', 'qwen2.5').models.map((model) => model.id)).toEqual(['llama3.2'])
    expect(settings.get().models).toMatchObject({ recentModels: ['ollama/llama3.2'] })
    expect(settings.get().models.defaultModel).toBeUndefined()
    expectFailure(
      () => service.removeModel('ollama', 'qwen2.5'),
      'not_found',
      'provider "ollama" has no model "qwen2.5"',
    )
  })

  it('sets the default only to a configured provider/model', () => {
    const { settings, service } = setup()
    service.add({ preset: 'openrouter' })
    service.saveModel('openrouter', { id: 'anthropic/claude-3.5-sonnet' })
    expect(service.setDefault('openrouter/anthropic/claude-3.5-sonnet')).toBe(
      'openrouter/anthropic/claude-3.5-sonnet',
    )
    expect(settings.get().models.defaultModel).toBe('openrouter/anthropic/claude-3.5-sonnet')
    expectFailure(
      () => service.setDefault('claude'),
      'validation_failed',
      /not a model reference; expected provider\/model/,
    )
    expectFailure(() => service.setDefault('nobody/x'), 'not_found', 'no provider with id "nobody"')
    expectFailure(
      () => service.setDefault('openrouter/absent'),
      'not_found',
      'provider "openrouter" has no model "absent"',
    )
  })

  it('records use most recent first, without duplicates, keeping 20', () => {
    const { doc, settings, service } = setup()
    service.add({ preset: 'ollama' })
    for (let n = 0; n < 25; n += 1) service.saveModel('ollama', { id: `m${n}` })
    for (let n = 0; n < 25; n += 1) service.recordUse(`ollama/m${n}`)
    service.recordUse('ollama/m10')
    const recent = settings.get().models.recentModels
    expect(recent).toHaveLength(20)
    expect(recent.slice(0, 3)).toEqual(['ollama/m10', 'ollama/m24', 'ollama/m23'])
    expect(new Set(recent).size).toBe(20)
    expectFailure(() => service.recordUse('ollama/nope'), 'not_found', /no model "nope"/)
    const writes = doc.writes
    service.recordUse('ollama/m10')
    expect(doc.writes).toBe(writes)
  })

  it('lists every model of every provider as a selection candidate', () => {
    const { service } = setup()
    service.add({ preset: 'ollama' })
    service.add({ preset: 'openai' })
    service.saveModel('ollama', { id: 'llava', displayName: 'LLaVA' })
    service.saveModel('openai', { id: 'gpt-4o-mini' })
    service.saveModel('openai', { id: 'text-embedding-3-small' })
    const candidates = service.candidates()
    expect(
      candidates.map(({ ref, providerId, modelId, displayName }) => ({
        ref,
        providerId,
        modelId,
        displayName,
      })),
    ).toEqual([
      { ref: 'ollama/llava', providerId: 'ollama', modelId: 'llava', displayName: 'LLaVA' },
      { ref: 'openai/gpt-4o-mini', providerId: 'openai', modelId: 'gpt-4o-mini', displayName: 'gpt-4o-mini' },
      {
        ref: 'openai/text-embedding-3-small',
        providerId: 'openai',
        modelId: 'text-embedding-3-small',
        displayName: 'text-embedding-3-small',
      },
    ])
    expect(candidates[1]?.capabilities).toEqual(service.get('openai')?.models[0]?.capabilities)
  })
})
