// A registry is another party's server: whatever it answers, a sync ends with a sentence naming what went
// wrong, the index as it was, and nothing written to the cache.
import { existsSync, readFileSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { cacheFileOf } from '../../src/main/core/registry/registry-cache-file'
import { createRegistryFetch } from '../../src/main/core/registry/registry-fetch'
import { FILLER_COUNT, fixtureCatalog } from '../fixtures/registry/fixture-catalog'
import type { FixtureFault } from '../fixtures/registry/fixture-registry'
import { registryTestBed, type RegistryTestBed } from '../main/core/registry/registry-support'

const CATALOG_SIZE = 9 + FILLER_COUNT

let bed: RegistryTestBed
beforeEach(async () => {
  bed = await registryTestBed()
})
afterEach(async () => {
  await bed.cleanup()
})

function cacheText(): string | undefined {
  const file = cacheFileOf(bed.cacheDir, bed.registry.url)
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined
}

/** Only the faults about time get a short deadline: the others must fail for what they are, however busy the machine. */
const SHORT_TIMEOUT_MS = 200

const faults: Array<{ fault: FixtureFault; error: RegExp }> = [
  { fault: 'garbage', error: /answered a page of servers with something that is not JSON/ },
  { fault: 'html', error: /answered a page of servers with something that is not JSON/ },
  { fault: 'shape', error: /in a shape that is not the registry API v0\.1/ },
  {
    fault: 'huge',
    error: /a page of servers from http:\/\/127\.0\.0\.1:\d+\/v0\.1\/servers is larger than 8 MiB/,
  },
  { fault: 'slow', error: /a page of servers from .* took longer than 200 ms/ },
  { fault: 'endless', error: /a page of servers from .* took longer than 200 ms/ },
  { fault: 'redirect-loop', error: /more than 5 redirects while fetching a page of servers/ },
  { fault: 'cursor-loop', error: /sent the same page cursor twice/ },
]

describe('a registry that misbehaves', () => {
  for (const { fault, error } of faults) {
    it(`${fault}: the sync fails with a clear error; nothing is kept or written`, async () => {
      const timeout = fault === 'slow' || fault === 'endless' ? { requestTimeoutMs: SHORT_TIMEOUT_MS } : {}
      const service = bed.service(timeout)
      bed.registry.fault(fault)
      const [failed] = await service.sync()
      expect(failed!.error).toMatch(error)
      expect(failed).toMatchObject({ entries: 0, syncing: false })
      expect(failed!.syncedAt).toBeUndefined()
      expect(cacheText()).toBeUndefined()

      // After a good sync, the same fault leaves the index and its file exactly as they were.
      // (The good sync runs without the short timeout: a busy machine must not fail it.)
      bed.registry.fault('none')
      expect((await bed.service().sync())[0]!.error).toBeUndefined()
      const before = cacheText()
      expect(before).toBeDefined()
      bed.registry.fault(fault)
      const synced = bed.service(timeout)
      const [again] = await synced.sync()
      expect(again!.error).toMatch(error)
      expect(again!.entries).toBe(CATALOG_SIZE)
      expect(cacheText()).toBe(before)
      expect((await synced.search({ query: 'memory' })).entries[0]!.name).toBe(
        'io.github.modelcontextprotocol/server-memory',
      )
    })
  }

  it('skips entries it cannot read and keeps the others', async () => {
    await bed.cleanup()
    bed = await registryTestBed({
      rawExtras: [
        { server: { name: 'no slash here', version: '1.0.0' } },
        { server: { name: 'io.example/no-version' } },
        'not even an object',
      ],
    })
    const lines: string[] = []
    const service = bed.service({ log: (line) => lines.push(line) })
    const [state] = await service.sync()
    expect(state!.error).toBeUndefined()
    expect(state!.entries).toBe(CATALOG_SIZE)
    expect(lines.join('\n')).toMatch(/3 entries could not be read and were skipped/)
  })

  it('stops at the page and entry limits without keeping anything', async () => {
    const pages = bed.service({ limits: { maxPages: 2, maxEntries: 50_000 } })
    expect((await pages.sync())[0]!.error).toMatch(/kept sending pages past 2/)
    const entries = bed.service({ limits: { maxPages: 100, maxEntries: 150 } })
    expect((await entries.sync())[0]!.error).toMatch(/lists more than 150 servers/)
    expect(cacheText()).toBeUndefined()
  })

  it('a registry elsewhere may not send the host to this computer or private addresses', async () => {
    const get = createRegistryFetch({
      registryUrl: 'https://registry.example.com',
      lookup: () => Promise.resolve(['127.0.0.1']),
    })
    const request = { what: 'a page of servers', maxBytes: 1024, timeoutMs: 5000 }
    await expect(get('https://registry.example.com/v0.1/servers', request)).rejects.toThrow(
      /refused https:\/\/registry\.example\.com\/v0\.1\/servers: .*private or local address, and the registry is not on this computer/,
    )
    await expect(get('http://registry.example.com/v0.1/servers', request)).rejects.toThrow(/must use https/)
    await expect(get('https://u:p@registry.example.com/', request)).rejects.toThrow(/credentials/)
  })

  it('show falls back to the index when the registry answers garbage, and says so', async () => {
    const service = bed.service()
    await service.sync()
    bed.registry.fault('garbage')
    const shown = await service.show({ name: 'io.example/weather-py' })
    expect(shown).toMatchObject({ offline: true, entry: { name: 'io.example/weather-py' } })
    expect(fixtureCatalog(bed.registry.url)).toHaveLength(CATALOG_SIZE)
  })
})
