// The 2026-07-28 side of server-floods.test.ts (issue 20 step 4): a new-era server sends its notifications
// on the host's `subscriptions/listen` stream, and 20,000 of them there must stay as bounded as 20,000
// unsolicited ones from a 2025 server: prompts re-listed once per quiet period, the host's memory and
// `app:info` within the same bounds. The server is the stateless HTTP fixture (in this process, so its
// buffers count against the RSS bound too), publishing in batches so the flood is on the wire while the
// host answers. (A flood of updates for resources nobody follows has no 2026 version here: the SDK server
// filters them by the stream's URIs and never sends them; the host's own filter is the same in both eras.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  modernServerEntry,
  startModernHttpServer,
  type ModernHttpServer,
} from '../fixtures/mcp-servers/modern-http-server'
import { callHost } from '../support/host-event-log'
import { MiB, startFloodHost, watchFlood, type FloodHost } from './support/flood-host'

const RSS_BOUND = 100 * MiB
const APP_INFO_BOUND_MS = 500
const NOTIFICATIONS = 20_000
// Small batches: the server runs in this process, so a batch is time the host cannot answer in.
const BATCH = 250

let server: ModernHttpServer
let host: FloodHost

/** Publishes `count` notifications, yielding to the event loop between batches. */
async function flood(publish: () => void, count = NOTIFICATIONS): Promise<void> {
  for (let sent = 0; sent < count; sent += BATCH) {
    for (let i = 0; i < Math.min(BATCH, count - sent); i++) publish()
    await new Promise((resolve) => setImmediate(resolve))
  }
}

beforeAll(async () => {
  // Lists fresh for an hour, so only list_changed makes the host list again (as with the 2025 server).
  server = await startModernHttpServer({ listTtlMs: 3_600_000 })
  host = await startFloodHost({
    serverIds: [],
    configure: (draft) => {
      draft.servers.push(modernServerEntry(server, 'modern'))
    },
  })
  expect(host.composed.servers.get('modern')).toMatchObject({
    status: 'connected',
    protocolVersion: '2026-07-28',
  })
  // Warm-up (see server-floods.test.ts): the first flood grows V8's heap to its working size (measured: 250
  // MB the first time, 35 to 45 MB for each flood after it); the bound is on the floods after that.
  const changed = host.nextEvent('prompts:changed')
  await flood(() => server.notify.promptsChanged())
  await changed
}, 120_000)

afterAll(async () => {
  await host?.close()
  await server?.close()
})

describe('a 2026-07-28 server flooding the host through its change stream', () => {
  it(`re-lists prompts once per quiet period after ${NOTIFICATIONS} list_changed notifications`, async () => {
    await callHost(host.composed.host, 'prompts:list', { serverId: 'modern' })
    const listsBefore = server.count('prompts/list')
    const eventsBefore = host.eventTally('prompts:changed').count
    const { watch } = await watchFlood(host, async () => {
      const changed = host.nextEvent('prompts:changed')
      await flood(() => server.notify.promptsChanged())
      await changed
    })
    await callHost(host.composed.host, 'prompts:list', { serverId: 'modern' })

    expect(server.count('prompts/list') - listsBefore).toBeLessThanOrEqual(2)
    expect(host.eventTally('prompts:changed').count - eventsBefore).toBeLessThanOrEqual(2)
    expect(watch.maxRssGrowth).toBeLessThan(RSS_BOUND)
    expect(watch.slowestAppInfoMs).toBeLessThan(APP_INFO_BOUND_MS)
  })
})
