// SEP-2549 for the host's own lists (issue 20 step 4): a 2026-07-28 server says how long its tools, prompts
// and resources lists stay fresh (`ttlMs`). The host keeps a list that long (or until the server announces
// a change) and asks again when it is read stale; `ttlMs: 0` (the SDK server's default) is never kept. A
// tool list is read on every state broadcast, so it is listed again in the background at most once per
// TOOLS_MIN_FRESH_MS. Real stateless HTTP server on 127.0.0.1; only the clock (Date) is faked, to step past
// a TTL without waiting for it.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { TOOLS_MIN_FRESH_MS } from '../../../../src/main/core/mcp/discovery/connection-upkeep'
import { startModernCatalogHost, stateWhen, type ModernCatalogHost } from './prompts/catalog-host'

let modern: ModernCatalogHost | undefined
afterEach(async () => {
  vi.useRealTimers()
  await modern?.close()
  modern = undefined
})

async function start(listTtlMs?: number): Promise<ModernCatalogHost> {
  modern = await startModernCatalogHost(listTtlMs === undefined ? {} : { listTtlMs })
  // From here on the clock moves only when a test moves it.
  vi.useFakeTimers({ toFake: ['Date'] })
  return modern
}

function later(ms: number): void {
  vi.setSystemTime(Date.now() + ms)
}

describe('ttlMs on the lists of a 2026-07-28 server', () => {
  it('asks again for prompts and resources every time when ttlMs is 0', async () => {
    const { h, s, id } = await start()
    await h.prompts.list(id)
    await h.prompts.list(id)
    await h.resources.list(id)
    await h.resources.list(id)
    expect(s.count('prompts/list')).toBe(2)
    expect(s.count('resources/list')).toBe(2)
    expect(s.count('resources/templates/list')).toBe(2)
  })

  it('keeps prompts and resources for ttlMs, then asks again', async () => {
    const { h, s, id } = await start(60_000)
    await h.prompts.list(id)
    await h.resources.list(id)
    later(59_000)
    await h.prompts.list(id)
    await h.resources.list(id)
    expect([s.count('prompts/list'), s.count('resources/list')]).toEqual([1, 1])
    later(2_000)
    await h.prompts.list(id)
    await h.resources.list(id)
    expect([s.count('prompts/list'), s.count('resources/list')]).toEqual([2, 2])
  })

  it('lists tools again when the list is read after ttlMs, quietly when nothing changed', async () => {
    const { h, s } = await start(60_000)
    expect(s.count('tools/list')).toBe(1)
    later(59_000)
    h.servers.list()
    later(2_000)
    h.servers.list()
    await s.received('tools/list', 2)
    // One re-list however often the stale list is read while it runs.
    h.servers.list()
    await h.prompts.list()
    expect(s.count('tools/list')).toBe(2)
    expect(h.log.filter((line) => line.includes('tool list changed'))).toEqual([])
  })

  it('lists tools with ttlMs 0 again at most once per minimum interval', async () => {
    const { h, s } = await start()
    h.servers.list()
    await h.prompts.list()
    expect(s.count('tools/list')).toBe(1)
    later(TOOLS_MIN_FRESH_MS)
    h.servers.list()
    await s.received('tools/list', 2)
  })

  it('a stale re-list that fails keeps the listed tools and the connection, and tries again later', async () => {
    const { h, s, id } = await start(60_000)
    s.failNext('tools/list')
    later(61_000)
    h.servers.list()
    await s.received('tools/list', 2)
    await expect.poll(() => h.log.some((line) => line.includes('keeping the tools listed'))).toBe(true)
    expect(h.servers.get(id)).toMatchObject({ status: 'connected' })
    expect(h.servers.get(id).tools.length).toBeGreaterThan(0)
    later(TOOLS_MIN_FRESH_MS)
    h.servers.list()
    await s.received('tools/list', 3)
  })

  it('a stale re-list that finds a new tool shows it for review', async () => {
    const { h, s, id } = await start(60_000)
    // Added without a word on the stream: only the TTL tells the host to look again.
    s.addTool('quiet', false)
    later(61_000)
    h.servers.list()
    await s.received('tools/list', 2)
    const state = await stateWhen(h.servers, id, (candidate) => candidate.pendingChanges.length > 0)
    expect(state.pendingChanges.map((change) => change.name)).toEqual(['quiet'])
  })
})
