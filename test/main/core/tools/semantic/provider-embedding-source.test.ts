// The user's OpenAI-compatible embedding model as a vector source, against the mock's /v1/embeddings over
// real HTTP on 127.0.0.1, with a real ProviderService holding the key in its secret store.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SettingsService } from '../../../../../src/main/core/config/settings-service'
import { ProviderService } from '../../../../../src/main/core/models/provider-service'
import { normalized } from '../../../../../src/main/core/tools/semantic/embedding-source'
import {
  createProviderEmbeddingSource,
  EMBEDDING_BATCH_SIZE,
  providerEmbeddingSourceId,
} from '../../../../../src/main/core/tools/semantic/provider-embedding-source'
import { IpcFailure } from '../../../../../src/shared/ipc/ipc-error'
import { MemoryJsonDocument } from '../../../../doubles/memory-json-document'
import { MemorySecretStore } from '../../../../doubles/memory-secret-store'
import { mockEmbedding, startMockOpenAI, type MockOpenAI } from '../../../../fixtures/mock-openai'

const KEY = 'sk-embed-test-0123456789abcdef'
const MODEL = 'nomic-embed-text'

let mock: MockOpenAI
let providers: ProviderService
let secrets: MemorySecretStore

beforeEach(async () => {
  mock = await startMockOpenAI()
  secrets = new MemorySecretStore()
  providers = new ProviderService(new SettingsService(new MemoryJsonDocument()), secrets)
  providers.add({ preset: 'ollama', baseUrl: mock.url, apiKey: { value: KEY } })
})

afterEach(async () => {
  await mock.close()
})

function source(options: { model?: string; timeoutMs?: number; providerId?: string } = {}) {
  return createProviderEmbeddingSource({
    providers,
    providerId: options.providerId ?? 'ollama',
    model: options.model ?? MODEL,
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
  })
}

function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0
  for (let i = 0; i < a.length; i++) sum += (a[i] ?? 0) * (b[i] ?? 0)
  return sum
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise
  } catch (error) {
    if (error instanceof Error) return error
    throw new Error(`rejected with a non-Error: ${String(error)}`, { cause: error })
  }
  throw new Error('expected a rejection')
}

/** Rejects with an IpcFailure whose message matches and holds no secret. */
async function expectFailure(promise: Promise<unknown>, message: RegExp): Promise<IpcFailure> {
  const error = await rejection(promise)
  expect(error).toBeInstanceOf(IpcFailure)
  expect(error.message).toMatch(message)
  expect(error.message).not.toContain(KEY)
  expect(error.message).not.toContain(KEY.slice(-8))
  return error as IpcFailure
}

describe('provider embedding source', () => {
  it('posts the texts with the key and answers unit vectors in order', async () => {
    const embeddings = source()
    expect(embeddings.label).toBe(`Ollama: ${MODEL}`)
    expect(embeddings.id).toMatch(new RegExp(`^provider:ollama:${MODEL}:[0-9a-f]{12}$`))
    const texts = ['read a file', 'send an email', 'list the calendar events']
    const vectors = await embeddings.embed(texts, { urgent: true })
    expect(vectors).toHaveLength(3)
    vectors.forEach((vector, i) => {
      expect(vector).toBeInstanceOf(Float32Array)
      expect(dot(vector, vector)).toBeCloseTo(1, 5)
      expect([...vector]).toEqual([...normalized(mockEmbedding(texts[i] ?? ''))])
    })
    const [request] = mock.embeddings.requests
    expect(request?.headers['authorization']).toBe(`Bearer ${KEY}`)
    expect(request?.body).toEqual({ model: MODEL, input: texts, encoding_format: 'float' })
  })

  it('sends at most 64 texts per request, one request after another, and keeps the order', async () => {
    const texts = Array.from({ length: 2 * EMBEDDING_BATCH_SIZE + 2 }, (_, i) => `tool number ${i} word${i}`)
    const vectors = await source().embed(texts, { urgent: false })
    const sizes = mock.embeddings.requests.map(
      (request) => (request.body as { input: string[] }).input.length,
    )
    expect(sizes).toEqual([64, 64, 2])
    expect((mock.embeddings.requests[1]?.body as { input: string[] }).input[0]).toBe(texts[64])
    vectors.forEach((vector, i) => expect([...vector]).toEqual([...normalized(mockEmbedding(texts[i]!))]))
    expect(await source().embed([], { urgent: true })).toEqual([])
    expect(mock.embeddings.requests).toHaveLength(3)
  })

  it('puts texts that share words closer together than unrelated ones', async () => {
    const [query, near, far] = await source().embed(
      ['delete a file from the disk', 'remove a file from disk storage', 'weather forecast tomorrow'],
      { urgent: true },
    )
    expect(dot(query!, near!)).toBeGreaterThan(dot(query!, far!) + 0.3)
  })

  it('orders the vectors by their index when the server answers out of order', async () => {
    const data = [1, 0].map((index) => ({ index, embedding: index === 0 ? [1, 0] : [0, 2] }))
    mock.embeddings.enqueue({ kind: 'raw', body: JSON.stringify({ data }) })
    const vectors = await source().embed(['a', 'b'], { urgent: true })
    expect(vectors.map((vector) => [...vector])).toEqual([
      [1, 0],
      [0, 1],
    ])
  })

  it('says what an HTTP failure was, quoting the error message but never the key', async () => {
    const embeddings = source()
    mock.embeddings.enqueue(
      { kind: 'http_error', status: 404, body: { error: { message: `model "${MODEL}" not found` } } },
      { kind: 'http_error', status: 500, body: { error: { message: `upstream said ${KEY}` } } },
      { kind: 'http_error', status: 401 },
      { kind: 'http_error', status: 302 },
    )
    await expectFailure(
      embeddings.embed(['x'], { urgent: true }),
      /^Ollama: nomic-embed-text answered HTTP 404: model "nomic-embed-text" not found$/,
    )
    await expectFailure(embeddings.embed(['x'], { urgent: true }), /answered HTTP 500: upstream said \*\*\*/)
    await expectFailure(
      embeddings.embed(['x'], { urgent: true }),
      /^Ollama: nomic-embed-text was refused: the provider rejected the API key \(HTTP 401\)$/,
    )
    await expectFailure(embeddings.embed(['x'], { urgent: true }), /was redirected .*\(HTTP 302\)/)
  })

  it('rejects answers that are not one finite vector per text, all of one length', async () => {
    const embeddings = source()
    const cases: Array<[Parameters<MockOpenAI['embeddings']['enqueue']>[0], RegExp]> = [
      [{ kind: 'malformed' }, /answered with something that is not JSON \("\{"object"/],
      [{ kind: 'raw', body: '' }, /not JSON \(an empty body\)/],
      [{ kind: 'raw', body: '{"data": "nope"}' }, /JSON that is not a list of embeddings/],
      [
        { kind: 'wrong_count', count: 0 },
        /^Ollama: nomic-embed-text is not an embedding model \(answered no vectors\)$/,
      ],
      [{ kind: 'wrong_count', count: 1 }, /answered 1 vectors for 2 texts/],
      [{ kind: 'raw', body: '{"data": [{"embedding": [1]}, {"embedding": [1, 2]}]}' }, /different lengths/],
      [
        { kind: 'raw', body: '{"data": [{"embedding": [1e999]}, {"embedding": [1]}]}' },
        /not a finite number/,
      ],
      [{ kind: 'raw', body: '{"data": [{"embedding": ["1"]}, {"embedding": [1]}]}' }, /not a finite number/],
      [
        { kind: 'raw', body: '{"data": [{"embedding": []}, {"embedding": []}]}' },
        /0 dimensions \(expected 1 to 8192\)/,
      ],
      [
        { kind: 'raw', body: '{"data": [{"index": 0, "embedding": [1]}, {"index": 0, "embedding": [1]}]}' },
        /indexes are not 0 to n-1/,
      ],
    ]
    for (const [script, message] of cases) {
      mock.embeddings.enqueue(script)
      await expectFailure(embeddings.embed(['a b', 'c d'], { urgent: false }), message)
    }
    expect(mock.embeddings.requests).toHaveLength(cases.length)
  })

  it('refuses an answer larger than 32 MiB without reading it all', async () => {
    mock.embeddings.enqueue({ kind: 'endless' })
    await expectFailure(source().embed(['x'], { urgent: true }), /sent more than 32 MiB in one answer/)
    await mock.embeddings.waitForCancel(1)
  })

  it('rejects a model whose vectors change length between answers', async () => {
    const embeddings = source()
    await embeddings.embed(['a'], { urgent: true })
    mock.embeddings.enqueue({ kind: 'raw', body: '{"data": [{"embedding": [1, 2, 3]}]}' })
    await expectFailure(
      embeddings.embed(['b'], { urgent: true }),
      /vectors of 3 dimensions, earlier ones had 64/,
    )
  })

  it('gives up on a server that does not answer within the timeout', async () => {
    mock.embeddings.enqueue({ kind: 'hang' })
    await expectFailure(
      source({ timeoutMs: 300 }).embed(['x'], { urgent: true }),
      /^Ollama: nomic-embed-text did not answer within 300 ms$/,
    )
    expect(await mock.embeddings.waitForCancel(1)).toMatchObject({ scriptKind: 'hang' })
  })

  it('dispose() aborts the request in flight and refuses later ones; a signal cancels one call', async () => {
    const embeddings = source()
    mock.embeddings.enqueue({ kind: 'hang' }, { kind: 'hang' })
    const controller = new AbortController()
    const cancelled = embeddings.embed(['x'], { urgent: true, signal: controller.signal })
    await mock.embeddings.waitForRequest(1)
    controller.abort()
    expect((await rejection(cancelled)).name).toBe('AbortError')
    await mock.embeddings.waitForCancel(1)

    const pending = embeddings.embed(['y'], { urgent: false })
    await mock.embeddings.waitForRequest(2)
    embeddings.dispose()
    const error = await rejection(pending)
    expect(error.name).toBe('AbortError')
    expect(error.message).toBe(`Ollama: ${MODEL}: the embedding source was stopped`)
    await mock.embeddings.waitForCancel(2)
    expect((await rejection(embeddings.embed(['z'], { urgent: true }))).name).toBe('AbortError')
    expect(mock.embeddings.requests).toHaveLength(2)
  })

  it('sends background batches one at a time, and urgent ones ahead of the waiting batches', async () => {
    const embeddings = source()
    mock.embeddings.enqueue({ kind: 'hang' })
    const controller = new AbortController()
    const first = embeddings.embed(['first'], { urgent: false, signal: controller.signal })
    await mock.embeddings.waitForRequest(1)
    const second = embeddings.embed(['second'], { urgent: false })
    await embeddings.embed(['query'], { urgent: true })
    const inputs = () =>
      mock.embeddings.requests.map((request) => (request.body as { input: string[] }).input)
    expect(inputs()).toEqual([['first'], ['query']])
    controller.abort()
    expect((await rejection(first)).name).toBe('AbortError')
    expect(await second).toHaveLength(1)
    expect(inputs()).toEqual([['first'], ['query'], ['second']])
  })

  it('says when the server is not running', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const { port } = closed.address() as AddressInfo
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    providers.update('ollama', { preset: 'ollama', baseUrl: `http://127.0.0.1:${port}/v1` })
    await expectFailure(
      source().embed(['x'], { urgent: true }),
      /is not reachable at http:\/\/127\.0\.0\.1:\d+\/v1: connection refused/,
    )
  })

  it('resolves the key just before each call, sending a replaced key at once', async () => {
    const embeddings = source()
    providers.update('ollama', {
      preset: 'ollama',
      baseUrl: mock.url,
      apiKey: { value: 'sk-second-key-abc' },
    })
    await embeddings.embed(['x'], { urgent: true })
    expect(mock.embeddings.requests[0]?.headers['authorization']).toBe('Bearer sk-second-key-abc')
  })

  it('names the missing secret when the key cannot be resolved', async () => {
    const embeddings = source()
    secrets.delete('provider.ollama.api-key')
    await expectFailure(
      embeddings.embed(['x'], { urgent: true }),
      /^Ollama: nomic-embed-text: provider "ollama": apiKey refers to the secret "provider\.ollama\.api-key"/,
    )
    expect(mock.embeddings.requests).toHaveLength(0)
  })

  it('names an unknown or removed provider, and a moved one needs a new source', async () => {
    expect(() => source({ providerId: 'nowhere' })).toThrow(
      /no provider with id "nowhere" for the embedding model "nomic-embed-text"/,
    )
    const moved = source()
    providers.update('ollama', { preset: 'ollama', baseUrl: `${mock.url}/` })
    await moved.embed(['x'], { urgent: true })
    providers.update('ollama', { preset: 'ollama', baseUrl: mock.url.replace('/v1', '/v2') })
    await expectFailure(moved.embed(['x'], { urgent: true }), /base URL changed since this embedding source/)
    expect(source().id).not.toBe(moved.id)
    const removed = source()
    providers.remove('ollama')
    const error = await expectFailure(removed.embed(['x'], { urgent: true }), /no provider with id "ollama"/)
    expect(error.code).toBe('not_found')
    expect(mock.embeddings.requests).toHaveLength(1)
  })

  it('has an id that changes with the model and the base URL, and only with them', () => {
    const id = source().id
    expect(source().id).toBe(id)
    expect(source({ model: 'mxbai-embed-large' }).id).not.toBe(id)
    expect(providerEmbeddingSourceId('ollama', MODEL, mock.url)).toBe(id)
    expect(providerEmbeddingSourceId('ollama', MODEL, `${mock.url}/`)).toBe(id)
    expect(providerEmbeddingSourceId('ollama', MODEL, 'http://10.0.0.2:11434/v1')).not.toBe(id)
    providers.update('ollama', { preset: 'ollama', baseUrl: 'http://10.0.0.2:11434/v1' })
    expect(source().id).not.toBe(id)
  })
})
