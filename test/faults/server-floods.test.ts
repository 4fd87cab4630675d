// Floods from a server (issue 19, item 6): a server that sends 1,000 elicitation requests, or 20,000
// list_changed / resources/updated notifications, must not grow the host's memory nor stall it. Each test
// watches the host's RSS (growth under 100 MB) and how fast `app:info` answers (within 500 ms) while its
// flood runs. Measured on the old code: 1,000 questions sent 372 MB of `elicitation:changed` events (the whole
// list on every change) and reached 720 MB RSS; 20,000 list_changed caused 10,000 re-lists.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_PENDING_ELICITATIONS_PER_SERVER } from '../../src/main/core/elicitation/pending-elicitations'
import { callHost } from '../support/host-event-log'
import type { ElicitFloodSummary, FloodStats } from './support/flood-server'
import { MiB, startFloodHost, watchFlood, type FloodHost } from './support/flood-host'

const RSS_BOUND = 100 * MiB
const APP_INFO_BOUND_MS = 500
const QUESTIONS = 1_000
const NOTIFICATIONS = 20_000

let host: FloodHost

beforeAll(async () => {
  host = await startFloodHost({ serverIds: ['flood'] })
  expect(host.composed.servers.get('flood').status).toBe('connected')
  // The first flood in a fresh process grows V8's heap to its working size (about 100 MB of garbage between
  // major collections; none of it kept: the heap after a collection is back where it was). A warm-up flood
  // takes that out of the measurement, so the RSS bound catches growth that comes with each flood.
  await host.callTool('flood', 'notify', { kind: 'updated', count: NOTIFICATIONS, uri: 'flood://other' })
}, 120_000)

afterAll(async () => {
  await host?.close()
})

async function stats(): Promise<FloodStats> {
  return JSON.parse(await host.callTool('flood', 'stats', {})) as FloodStats
}

describe('a server flooding the host', () => {
  it('gets at most the cap of questions on show; the rest are refused with an error naming the limit', async () => {
    const cap = MAX_PENDING_ELICITATIONS_PER_SERVER
    const before = host.eventTally('elicitation:changed')
    const { result, watch } = await watchFlood(host, async () => {
      // The host refuses all but the cap's worth at once; those wait for the user, who then cancels each.
      await host.callTool('flood', 'elicit', { count: QUESTIONS, untilPending: cap })
      const shown = host.composed.elicitation.list()
      for (const card of shown) await callHost(host.composed.host, 'elicitation:dismiss', { id: card.id })
      const summary = JSON.parse(await host.callTool('flood', 'elicit-result', {})) as ElicitFloodSummary
      return { shown: shown.length, summary }
    })

    expect(result.shown).toBe(cap)
    expect(result.summary.answered).toEqual({ cancel: cap })
    expect(result.summary.refusedByCode).toEqual({ '-1': QUESTIONS - cap })
    expect(result.summary.refusalMessage).toContain(`limit ${cap} per server`)
    expect(host.composed.elicitation.list()).toEqual([])
    // Deltas: an event per card shown and per card gone, each the size of one card at most.
    const events = host.eventTally('elicitation:changed')
    expect(events.count - before.count).toBeLessThanOrEqual(2 * cap)
    expect(events.bytes - before.bytes).toBeLessThan(64 * 1024)
    expect(watch.maxRssGrowth).toBeLessThan(RSS_BOUND)
    expect(watch.slowestAppInfoMs).toBeLessThan(APP_INFO_BOUND_MS)
  })

  for (const kind of ['resources', 'prompts'] as const) {
    it(`re-lists ${kind} once per quiet period after ${NOTIFICATIONS} list_changed notifications`, async () => {
      const channel = kind === 'resources' ? 'resources:changed' : 'prompts:changed'
      const key = kind === 'resources' ? 'resourceLists' : 'promptLists'
      // The host lists once, so the list is cached and only list_changed makes it list again.
      await callHost(host.composed.host, `${kind}:list`, { serverId: 'flood' })
      const listsBefore = (await stats())[key]
      const eventsBefore = host.eventTally(channel).count
      const { watch } = await watchFlood(host, async () => {
        const changed = host.nextEvent(channel)
        await host.callTool('flood', 'notify', { kind, count: NOTIFICATIONS })
        await changed
      })
      await callHost(host.composed.host, `${kind}:list`, { serverId: 'flood' })

      expect((await stats())[key] - listsBefore).toBeLessThanOrEqual(2)
      expect(host.eventTally(channel).count - eventsBefore).toBeLessThanOrEqual(2)
      expect(watch.maxRssGrowth).toBeLessThan(RSS_BOUND)
      expect(watch.slowestAppInfoMs).toBeLessThan(APP_INFO_BOUND_MS)
    })
  }

  it(`passes on resources/updated only for followed URIs, through ${NOTIFICATIONS} for one not followed`, async () => {
    await callHost(host.composed.host, 'resources:subscribe', { serverId: 'flood', uri: 'flood://notes' })
    const before = host.eventTally('resources:updated').count
    const { watch } = await watchFlood(host, async () => {
      await host.callTool('flood', 'notify', { kind: 'updated', count: NOTIFICATIONS, uri: 'flood://other' })
      const followed = host.nextEvent('resources:updated')
      await host.callTool('flood', 'notify', { kind: 'updated', count: 1, uri: 'flood://notes' })
      return await followed
    })

    expect(host.eventTally('resources:updated').count - before).toBe(1)
    expect(watch.maxRssGrowth).toBeLessThan(RSS_BOUND)
    expect(watch.slowestAppInfoMs).toBeLessThan(APP_INFO_BOUND_MS)
  })
})
