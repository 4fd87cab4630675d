import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SettingsService } from '../../../../src/main/core/config/settings-service'
import { discoverModels } from '../../../../src/main/core/models/model-discovery'
import { ProviderService } from '../../../../src/main/core/models/provider-service'
import { IpcFailure } from '../../../../src/shared/ipc/ipc-error'
import { startMockOpenAI, type MockOpenAI } from '../../../fixtures/mock-openai'
import { MemoryJsonDocument } from '../../../doubles/memory-json-document'
import { MemorySecretStore } from '../../../doubles/memory-secret-store'
import { closedPortUrl, json, startScriptedHttp, type Answer, type ScriptedHttp } from './scripted-http'

const KEY = 'sk-discovery-9c1d7e55aa01'
const HEADER_VALUE = 'org-discovery-4471bb'

let mock: MockOpenAI
const servers: ScriptedHttp[] = []

beforeEach(async () => {
  mock = await startMockOpenAI({ models: ['mock-vision', 'mock-model', 'text-embedding-mock'] })
})
afterEach(async () => {
  await mock.close()
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

function service(options: { discoveryTimeoutMs?: number } = {}) {
  const secrets = new MemorySecretStore()
  const settings = new SettingsService(new MemoryJsonDocument())
  return new ProviderService(settings, secrets, options)
}

function addCustom(providers: ProviderService, baseUrl: string, id = 'local') {
  return providers.add({
    preset: 'custom',
    id,
    name: 'Local Box',
    baseUrl,
    apiKey: { value: KEY },
    headers: { 'X-Org': { value: HEADER_VALUE } },
  })
}

async function scripted(answer: Answer): Promise<ScriptedHttp> {
  const server = await startScriptedHttp(answer)
  servers.push(server)
  return server
}

async function discoveryFailure(run: Promise<unknown>): Promise<IpcFailure> {
  const error = await run.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(IpcFailure)
  const failure = error as IpcFailure
  expect(failure.code).toBe('unavailable')
  expect(failure.message).not.toContain(KEY)
  expect(failure.message).not.toContain(HEADER_VALUE)
  return failure
}

describe('model discovery', () => {
  it('lists the mock provider models sorted by id, flagging the configured ones', async () => {
    const providers = service()
    addCustom(providers, mock.url)
    providers.saveModel('local', { id: 'mock-model' })

    expect(await providers.discover('local')).toEqual([
      { id: 'mock-model', configured: true },
      { id: 'mock-vision', configured: false },
      { id: 'text-embedding-mock', configured: false },
    ])
    const request = await mock.waitForRequest(1)
    expect(request).toMatchObject({ method: 'GET', path: '/v1/models' })
    expect(request.headers.authorization).toBe(`Bearer ${KEY}`)
    expect(request.headers['x-org']).toBe(HEADER_VALUE)
  })

  it('sends no Authorization header when the provider has no key', async () => {
    const providers = service()
    providers.add({ preset: 'custom', id: 'open', baseUrl: `${mock.url}/` })
    expect(await providers.discover('open')).toHaveLength(3)
    expect((await mock.waitForRequest(1)).headers.authorization).toBeUndefined()
  })

  it.each([
    [
      'Ollama native',
      { models: [{ name: 'llama3.2:latest', model: 'llama3.2:latest' }, { name: 'llava:7b' }] },
    ],
    ['a bare array (Together)', [{ id: 'llava:7b', type: 'chat' }, { id: 'llama3.2:latest' }]],
    ['plain id strings', { data: ['llava:7b', 'llama3.2:latest', 'llava:7b'] }],
  ])('accepts %s', async (_shape, body) => {
    const server = await scripted(json(200, body))
    const found = await discoverModels({
      provider: { name: 'Box', baseUrl: server.url, models: [] },
      headers: {},
    })
    expect(found.map((model) => model.id)).toEqual(['llama3.2:latest', 'llava:7b'])
  })

  it('names the provider and never the key when the key is rejected (401), even when the body echoes it', async () => {
    const server = await scripted((res, headers) => {
      res.writeHead(401, { 'content-type': 'application/json' })
      const echoed = `Incorrect API key provided: ${String(headers.authorization)} (${String(headers['x-org'])})`
      res.end(JSON.stringify({ error: { message: echoed, type: 'invalid_request_error' } }))
    })
    const providers = service()
    addCustom(providers, server.url, 'strict')

    const failure = await discoveryFailure(providers.discover('strict'))
    expect(failure.message).toBe('Local Box (strict) rejected the API key (HTTP 401)')
    // The key really was sent: only the header carried it.
    expect(server.requests[0]?.authorization).toBe(`Bearer ${KEY}`)
  })

  it('says a key is needed when a keyless provider gets 403', async () => {
    const server = await scripted(json(403, { error: 'forbidden' }))
    const providers = service()
    providers.add({ preset: 'vllm', baseUrl: server.url })
    const failure = await discoveryFailure(providers.discover('vllm'))
    expect(failure.message).toBe('vLLM needs an API key (HTTP 403), and none is configured')
  })

  it('names the provider and its URL (without the query) when the connection is refused', async () => {
    const url = await closedPortUrl('/v1')
    const providers = service()
    providers.add({ preset: 'custom', id: 'gone', baseUrl: `${url}?key=${KEY}` })
    const failure = await discoveryFailure(providers.discover('gone'))
    expect(failure.message).toBe(
      `Custom (gone) is not reachable at ${url}: connection refused — is the server running?`,
    )
  })

  it('explains that credentials in the base URL cannot be used, without repeating them', async () => {
    const providers = service()
    providers.add({
      preset: 'custom',
      id: 'userinfo',
      baseUrl: mock.url.replace('http://', 'http://me:pw-secret@'),
    })
    const failure = await discoveryFailure(providers.discover('userinfo'))
    expect(failure.message).toMatch(/^Custom \(userinfo\): the base URL contains a user name or password/)
    expect(failure.message).not.toContain('pw-secret')
    expect(() => providers.languageModel('userinfo/x')).toThrow(/no model "x"/)
    expect(mock.requests).toHaveLength(0)
  })

  it('reports a missing /models endpoint (404)', async () => {
    const providers = service()
    addCustom(providers, `${mock.url}/wrong`)
    const failure = await discoveryFailure(providers.discover('local'))
    expect(failure.message).toBe(
      `Local Box (local) has no /models endpoint at ${mock.url}/wrong/models (HTTP 404); ` +
        'check the base URL, which usually ends in /v1',
    )
  })

  it('quotes a server error without the secrets it echoes', async () => {
    const server = await scripted((res, headers) => {
      res.writeHead(500, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ error: { message: `backend broke for ${String(headers.authorization)}` } }))
    })
    const providers = service()
    addCustom(providers, server.url)
    const failure = await discoveryFailure(providers.discover('local'))
    expect(failure.message).toBe(
      `Local Box (local) answered HTTP 500 to GET ${server.url}/models: backend broke for Bearer ***`,
    )
  })

  it.each([
    [
      'not JSON',
      (key: string) => `<html>proxy login for ${key}</html>`,
      /with something that is not JSON \("<html>proxy login for \*\*\*/,
    ],
    ['not a list', () => JSON.stringify({ object: 'list', items: [] }), /with JSON that is not a model list/],
  ])('reports a body that is %s', async (_kind, body, message) => {
    const server = await scripted((res, headers) => {
      res.writeHead(200, { 'content-type': 'text/html' })
      res.end(body(String(headers.authorization).replace('Bearer ', '')))
    })
    const providers = service()
    addCustom(providers, server.url)
    expect((await discoveryFailure(providers.discover('local'))).message).toMatch(message)
  })

  it('reports a redirect instead of carrying the headers elsewhere', async () => {
    const server = await scripted((res) => {
      res.writeHead(307, { location: 'https://elsewhere.example.test/v1/models?token=abc' })
      res.end()
    })
    const providers = service()
    addCustom(providers, server.url)
    const failure = await discoveryFailure(providers.discover('local'))
    expect(failure.message).toBe(
      `Local Box (local) redirected GET ${server.url}/models to https://elsewhere.example.test/v1/models ` +
        '(HTTP 307); set the base URL to where it points',
    )
    expect(server.requests).toHaveLength(1)
  })

  it('stops reading a model list larger than 16 MiB', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 0x20)
    const server = await scripted((res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      // Endless: writes until the client goes away.
      const more = (): void => {
        if (!res.destroyed) res.write(chunk, more)
      }
      more()
    })
    const providers = service()
    addCustom(providers, server.url)
    const failure = await discoveryFailure(providers.discover('local'))
    expect(failure.message).toBe(`Local Box (local) sent more than 16 MiB for GET ${server.url}/models`)
  })

  it('gives up after the timeout, naming the provider', async () => {
    const server = await scripted(() => {
      // Never answers; the server's close() cuts the connection.
    })
    const providers = service({ discoveryTimeoutMs: 150 })
    addCustom(providers, server.url)
    const failure = await discoveryFailure(providers.discover('local'))
    expect(failure.message).toBe(`Local Box (local) did not answer GET ${server.url}/models within 150 ms`)
  })

  it('stops when the caller cancels', async () => {
    const server = await scripted(() => {})
    const providers = service()
    addCustom(providers, server.url)
    const controller = new AbortController()
    const pending = providers.discover('local', { signal: controller.signal })
    await server.firstRequest
    controller.abort()
    expect((await discoveryFailure(pending)).message).toBe(
      'discovering Local Box (local) models was cancelled',
    )
  })

  it('fails as not_found when the key secret is gone', async () => {
    const secrets = new MemorySecretStore()
    const providers = new ProviderService(new SettingsService(new MemoryJsonDocument()), secrets)
    addCustom(providers, mock.url)
    secrets.delete('provider.local.api-key')
    const error = await providers.discover('local').catch((caught: unknown) => caught)
    expect(error).toMatchObject({
      code: 'not_found',
      message:
        'provider "local": apiKey refers to the secret "provider.local.api-key", which is not in the secret store',
    })
    expect(mock.requests).toHaveLength(0)
  })
})
