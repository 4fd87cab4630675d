import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { BundledEmbeddingSource } from '../../../../../src/main/core/tools/semantic/bundled-embedding-source'
import { fakeLayer, fakeWorkerSource, statusWhere, tempDir, tool } from './semantic-support'
import type { SemanticToolLayer } from '../../../../../src/main/core/tools/semantic/semantic-layer'

const disposables: Array<{ dispose(): void }> = []
afterEach(() => {
  for (const item of disposables.splice(0)) item.dispose()
})

function dot(a: Float32Array, b: Float32Array): number {
  return a.reduce((sum, value, i) => sum + value * (b[i] ?? 0), 0)
}

describe('BundledEmbeddingSource with the real model (USE lite in a worker thread)', () => {
  it('returns one unit-length 512-dimensional vector per text; meaning brings texts close', async () => {
    const source = new BundledEmbeddingSource()
    disposables.push(source)
    const [email, mail, file] = await source.embed(
      ['send an email to a colleague', 'write a mail message', 'delete a file from the disk'],
      { urgent: false },
    )
    if (!email || !mail || !file) throw new Error('missing vectors')
    expect(email).toHaveLength(512)
    expect(Math.hypot(...email)).toBeCloseTo(1, 3)
    expect(dot(email, mail)).toBeGreaterThan(dot(email, file))
    // The loaded worker no longer keeps the process alive once idle, and a second request reuses it.
    await source.embed(['again'], { urgent: true })
    expect(source.starts).toBe(1)
  })
})

describe('BundledEmbeddingSource with a scripted worker', () => {
  it('answers urgent requests before queued background batches', async () => {
    const source = fakeWorkerSource({ delayMs: 30 })
    disposables.push(source)
    const order: string[] = []
    const background = [1, 2, 3].map((n) =>
      source.embed([`batch ${n}`], { urgent: false }).then(() => order.push(`batch ${n}`)),
    )
    const query = source.embed(['query'], { urgent: true }).then(() => order.push('query'))
    await Promise.all([...background, query])
    // The first batch was already running; the query goes right after it.
    expect(order).toEqual(['batch 1', 'query', 'batch 2', 'batch 3'])
  })

  it('fails the running request when the worker crashes, and starts a new worker for the next', async () => {
    const source = fakeWorkerSource({ crashOn: 'boom', crashOnceFile: join(tempDir(), 'crashed') })
    disposables.push(source)
    await expect(source.embed(['boom'], { urgent: false })).rejects.toThrow(/worker stopped.*code 3/)
    const [vector] = await source.embed(['boom'], { urgent: false })
    expect(vector).toHaveLength(64)
    expect(source.starts).toBe(2)
    expect(source.failure).toBeUndefined()
  })

  it('gives up after three crashes within a minute and says so', async () => {
    const source = fakeWorkerSource({ crashOn: 'boom' })
    disposables.push(source)
    for (let i = 0; i < 3; i++) await expect(source.embed(['boom'], { urgent: false })).rejects.toThrow()
    expect(source.failure).toMatch(/stopped 3 times within a minute/)
    await expect(source.embed(['fine'], { urgent: true })).rejects.toThrow(/3 times/)
  })

  it('refuses everything when the model does not load', async () => {
    const source = fakeWorkerSource({ failLoad: true })
    disposables.push(source)
    await expect(source.embed(['x'], { urgent: true })).rejects.toThrow(/did not load/)
  })

  it('cancels a queued request by its signal, and dispose stops the rest', async () => {
    const source = fakeWorkerSource({ hang: true })
    const running = source.embed(['first'], { urgent: false })
    const controller = new AbortController()
    const queued = source.embed(['second'], { urgent: false, signal: controller.signal })
    controller.abort(new Error('gave up'))
    await expect(queued).rejects.toThrow('gave up')
    source.dispose()
    await expect(running).rejects.toThrow(/stopped/)
  })
})

describe('tool search while the embedding worker crashes', () => {
  const layers: SemanticToolLayer[] = []
  afterEach(() => layers.splice(0).forEach((layer) => layer.dispose()))

  it('keeps answering (lexically) and finishes with a restarted worker', async () => {
    const { layer, sources } = fakeLayer({
      worker: { crashOn: 'Explode', crashOnceFile: join(tempDir(), 'crashed') },
    })
    layers.push(layer)
    layer.setServerTools('srv', [
      tool('send_email', 'Send an email'),
      tool('bomb', 'Explode the worker the first time it is embedded'),
    ])
    const status = await statusWhere(layer, (s) => s.state === 'ready' || s.state === 'failed')
    expect(status).toMatchObject({ state: 'ready', ready: 2, total: 2 })
    expect((sources[0]?.inner as BundledEmbeddingSource).starts).toBe(2)
  })

  it('ends in `failed` with the reason when the worker keeps crashing; searches stay lexical', async () => {
    const { layer } = fakeLayer({ worker: { crashOn: 'Explode' } })
    layers.push(layer)
    layer.setServerTools('srv', [tool('bomb', 'Explode every time')])
    const status = await statusWhere(layer, (s) => s.state === 'failed')
    expect(status.note).toMatch(/Search by meaning is unavailable: .*3 times within a minute/)
    expect(await layer.cosines('anything')).toMatchObject({ kind: 'unavailable' })
  })
})
