import { readFileSync, statSync, writeFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { VectorCache } from '../../../../../src/main/core/tools/semantic/vector-cache'
import { tempDir } from './semantic-support'

const v = (...values: number[]) => Float32Array.from(values)

describe('VectorCache', () => {
  it('writes vectors and reads them back in a new instance (a restart)', async () => {
    const dir = tempDir()
    const cache = new VectorCache(dir, 'model@1')
    cache.put('a', v(1, 0, 0))
    cache.put('b', v(0, 0.5, 0.5))
    await cache.flush()
    const loaded = new VectorCache(dir, 'model@1').load()
    expect([...loaded.keys()].sort()).toEqual(['a', 'b'])
    expect([...(loaded.get('b') ?? [])]).toEqual([0, 0.5, 0.5])
  })

  it('merges with what another process wrote since it read the file', async () => {
    const dir = tempDir()
    const app = new VectorCache(dir, 'model@1')
    const cli = new VectorCache(dir, 'model@1')
    cli.put('from-cli', v(1, 2))
    await cli.flush()
    app.put('from-app', v(3, 4))
    await app.flush()
    expect([...new VectorCache(dir, 'model@1').load().keys()].sort()).toEqual(['from-app', 'from-cli'])
  })

  it('keeps models apart: one file per source id', async () => {
    const dir = tempDir()
    const one = new VectorCache(dir, 'model@1')
    one.put('a', v(1))
    await one.flush()
    expect(new VectorCache(dir, 'model@2').load().size).toBe(0)
    expect(new VectorCache(dir, 'model@2').file).not.toBe(one.file)
  })

  it('treats a damaged or foreign file as empty and replaces it on the next write', async () => {
    const dir = tempDir()
    const cache = new VectorCache(dir, 'model@1')
    cache.put('a', v(1, 2))
    await cache.flush()
    const bytes = readFileSync(cache.file)
    writeFileSync(cache.file, bytes.subarray(0, bytes.length - 3))
    const lines: string[] = []
    const reader = new VectorCache(dir, 'model@1', { log: (line) => lines.push(line) })
    expect(reader.load().size).toBe(0)
    expect(lines.join('\n')).toMatch(/damaged/)
    writeFileSync(cache.file, 'not a cache at all')
    expect(reader.load().size).toBe(0)
    reader.put('b', v(5, 6))
    await reader.flush()
    expect([...new VectorCache(dir, 'model@1').load().keys()]).toEqual(['b'])
  })

  it('is bounded: past maxEntries the least recently used vectors are dropped', async () => {
    const dir = tempDir()
    let now = 0
    const day = 86_400_000
    const cache = new VectorCache(dir, 'model@1', { maxEntries: 3, now: () => now })
    for (const key of ['old1', 'old2', 'kept']) cache.put(key, v(1))
    await cache.flush()
    now = 10 * day
    cache.touch(['kept'])
    cache.put('new1', v(2))
    await cache.flush()
    const keys = [...new VectorCache(dir, 'model@1').load().keys()].sort()
    expect(keys).toHaveLength(3)
    expect(keys).toEqual(expect.arrayContaining(['kept', 'new1']))
  })

  it('writes nothing when nothing changed', async () => {
    const dir = tempDir()
    const cache = new VectorCache(dir, 'model@1')
    await cache.flush()
    expect(() => readFileSync(cache.file)).toThrow()
  })

  it('does not rewrite the file for vectors already marked as used today (every listing touches them)', async () => {
    const dir = tempDir()
    const cache = new VectorCache(dir, 'model@1')
    cache.put('a', v(1))
    await cache.flush()
    const before = statSync(cache.file).mtimeMs
    const again = new VectorCache(dir, 'model@1')
    again.load()
    again.touch(['a'])
    await again.flush()
    expect(statSync(cache.file).mtimeMs).toBe(before)
  })
})
