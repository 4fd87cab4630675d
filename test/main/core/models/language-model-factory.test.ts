// Streaming through a provider configured with ProviderService, against the mock OpenAI-compatible server,
// with the real client the app uses (`ai` v7 streamText over @ai-sdk/openai-compatible).
import { jsonSchema, streamText, tool } from 'ai'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SettingsService } from '../../../../src/main/core/config/settings-service'
import { createLanguageModel } from '../../../../src/main/core/models/language-model-factory'
import { ProviderService } from '../../../../src/main/core/models/provider-service'
import { IpcFailure } from '../../../../src/shared/ipc/ipc-error'
import { startMockOpenAI, type MockOpenAI } from '../../../fixtures/mock-openai'
import { MemoryJsonDocument } from '../../../doubles/memory-json-document'
import { MemorySecretStore } from '../../../doubles/memory-secret-store'

const KEY = 'sk-stream-5d2e8f40b7'

let mock: MockOpenAI
beforeEach(async () => {
  mock = await startMockOpenAI()
})
afterEach(async () => {
  await mock.close()
})

function configured() {
  const secrets = new MemorySecretStore()
  const providers = new ProviderService(new SettingsService(new MemoryJsonDocument()), secrets)
  providers.add({
    preset: 'custom',
    id: 'mock',
    name: 'Mock',
    baseUrl: mock.url,
    apiKey: { value: KEY },
    headers: { 'X-Team': { value: 'blue-team' } },
  })
  providers.saveModel('mock', { id: 'mock-model', pricing: { inputPerMillion: 1, outputPerMillion: 2 } })
  return { providers, secrets }
}

describe('languageModel', () => {
  it('streams text through the configured provider, with usage, the key and the model id', async () => {
    const { providers } = configured()
    const { model, provider, config } = providers.languageModel('mock/mock-model')
    expect(provider.id).toBe('mock')
    expect(config.id).toBe('mock-model')
    mock.enqueue({ kind: 'text', chunks: ['Hel', 'lo'], usage: { prompt_tokens: 7, completion_tokens: 2 } })

    const result = streamText({ model, prompt: 'Say hello', maxRetries: 0 })
    const deltas: string[] = []
    for await (const delta of result.textStream) deltas.push(delta)

    expect(deltas.join('')).toBe('Hello')
    const usage = await result.usage
    expect({ input: usage.inputTokens, output: usage.outputTokens }).toEqual({ input: 7, output: 2 })
    const request = await mock.waitForRequest(1)
    expect(request.path).toBe('/v1/chat/completions')
    expect(request.headers.authorization).toBe(`Bearer ${KEY}`)
    expect(request.headers['x-team']).toBe('blue-team')
    expect(request.body).toMatchObject({
      model: 'mock-model',
      stream: true,
      stream_options: { include_usage: true },
    })
  })

  it('streams a tool call and reassembles its fragmented arguments', async () => {
    const { providers } = configured()
    const { model } = providers.languageModel('mock/mock-model')
    mock.enqueue({
      kind: 'tool_calls',
      argumentChunkSize: 4,
      calls: [{ id: 'call_1', name: 'lookup', arguments: JSON.stringify({ city: 'Lisbon', days: 3 }) }],
      usage: { prompt_tokens: 20, completion_tokens: 9 },
    })
    const lookup = tool({
      description: 'Look up a forecast',
      inputSchema: jsonSchema<{ city: string; days: number }>({
        type: 'object',
        properties: { city: { type: 'string' }, days: { type: 'number' } },
        required: ['city', 'days'],
      }),
    })

    const result = streamText({ model, prompt: 'Weather?', tools: { lookup }, maxRetries: 0 })
    await result.consumeStream()

    const calls = await result.toolCalls
    expect(calls.map((call) => ({ id: call.toolCallId, name: call.toolName, input: call.input }))).toEqual([
      { id: 'call_1', name: 'lookup', input: { city: 'Lisbon', days: 3 } },
    ])
    expect(await result.finishReason).toBe('tool-calls')
    const request = await mock.waitForRequest(1)
    expect(request.body).toMatchObject({
      model: 'mock-model',
      tools: [{ type: 'function', function: { name: 'lookup', description: 'Look up a forecast' } }],
    })
  })

  it('sends no Authorization header for a provider without a key', async () => {
    const providers = new ProviderService(
      new SettingsService(new MemoryJsonDocument()),
      new MemorySecretStore(),
    )
    providers.add({ preset: 'lmstudio', baseUrl: mock.url })
    providers.saveModel('lmstudio', { id: 'mock-model' })
    mock.enqueue({ kind: 'text', chunks: ['ok'] })
    const result = streamText({
      model: providers.languageModel('lmstudio/mock-model').model,
      prompt: 'hi',
      maxRetries: 0,
    })
    expect(await result.text).toBe('ok')
    expect((await mock.waitForRequest(1)).headers.authorization).toBeUndefined()
  })

  it('reuses one client per model until the provider URL, key or headers change', async () => {
    const { providers, secrets } = configured()
    const first = providers.languageModel('mock/mock-model').model
    expect(providers.languageModel('mock/mock-model').model).toBe(first)

    // The key replaced in the secret store under the same name: the next request carries the new one.
    secrets.set('provider.mock.api-key', 'sk-rotated-91c7')
    const rotated = providers.languageModel('mock/mock-model').model
    expect(rotated).not.toBe(first)
    mock.enqueue({ kind: 'text', chunks: ['ok'] })
    expect(await streamText({ model: rotated, prompt: 'hi', maxRetries: 0 }).text).toBe('ok')
    expect((await mock.waitForRequest(1)).headers.authorization).toBe('Bearer sk-rotated-91c7')

    providers.update('mock', { preset: 'custom', baseUrl: `${mock.url}/` })
    expect(providers.languageModel('mock/mock-model').model).not.toBe(rotated)
    providers.remove('mock')
    expect(() => providers.languageModel('mock/mock-model')).toThrow(/no provider with id "mock"/)
  })

  it('refuses unknown refs, missing secrets and base URLs with credentials by name', () => {
    const { providers, secrets } = configured()
    expect(() => providers.languageModel('mock')).toThrow(/not a model reference/)
    expect(() => providers.languageModel('mock/absent')).toThrow('provider "mock" has no model "absent"')
    secrets.delete('provider.mock.header.X-Team')
    expect(() => providers.languageModel('mock/mock-model')).toThrow(
      'provider "mock": header X-Team refers to the secret "provider.mock.header.X-Team", which is not in the secret store',
    )
    let error: unknown
    try {
      createLanguageModel({ id: 'p', baseUrl: 'https://u:pw-x@example.test/v1' }, 'm', { headers: {} })
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(IpcFailure)
    expect((error as IpcFailure).message).toMatch(
      /^provider "p": the base URL contains a user name or password/,
    )
    expect((error as IpcFailure).message).not.toContain('pw-x')
  })
})
