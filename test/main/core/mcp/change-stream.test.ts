// The rest of 2026-07-28 for the host (issue 20 step 4): a new-era server sends list changes and resource
// updates only on a `subscriptions/listen` stream the client opened. The host opens one per connection and
// its changes reach the same services as a 2025 server's notifications: the rug-pull guard re-lists
// tools, the prompt and resource services hear list changes, a followed resource's updates get through
// (followed by the stream's filter; `resources/subscribe` does not exist in this era). A stream the server
// drops is opened again; a disconnect closes it. Real servers: stateless Streamable HTTP on 127.0.0.1
// (modern-http-server.ts) and a stdio server served by serveStdio.
import { afterEach, describe, expect, it } from 'vitest'
import { MODERN_RESOURCE_URI } from '../../../fixtures/mcp-servers/modern-http-server'
import { FIXTURE_STDIO_SERVER_PATH } from '../../../support/spawn-command'
import {
  startCatalogHost,
  startModernCatalogHost,
  stateWhen,
  waitForStatus,
  type CatalogHost,
  type ModernCatalogHost,
} from './prompts/catalog-host'

let modern: ModernCatalogHost | undefined
let host: CatalogHost | undefined
afterEach(async () => {
  await modern?.close()
  await host?.shutdown()
  modern = undefined
  host = undefined
})

async function start(): Promise<ModernCatalogHost> {
  // Lists fresh for an hour: only the stream can tell the host they changed (no TTL re-list helps out).
  modern = await startModernCatalogHost({ listTtlMs: 3_600_000 })
  return modern
}

describe('the 2026-07-28 change stream over stateless HTTP', () => {
  it('connects without a session, listens once for every list that can change, and re-lists tools on a change', async () => {
    const { h, s, id } = await start()
    expect(h.servers.get(id)).toMatchObject({ status: 'connected', protocolVersion: '2026-07-28' })
    expect(s.requests.some((request) => 'mcp-session-id' in request.headers)).toBe(false)
    expect(s.count('subscriptions/listen')).toBe(1)
    expect(s.count('initialize')).toBe(0)

    s.addTool('added')
    const state = await stateWhen(h.servers, id, (candidate) => candidate.pendingChanges.length > 0)
    expect(state.pendingChanges).toEqual([expect.objectContaining({ name: 'added', kind: 'added' })])
  })

  it('tells the prompt and resource services about list changes', async () => {
    const { h, s, id } = await start()
    const promptsChanged = new Promise((resolve) => h.prompts.onListChanged(resolve))
    s.addPrompt('farewell')
    expect(await promptsChanged).toEqual({ serverId: id })
    expect((await h.prompts.list(id)).prompts.map((prompt) => prompt.name)).toContain('farewell')

    const resourcesChanged = new Promise((resolve) => h.resources.onListChanged(resolve))
    s.addResource('added')
    expect(await resourcesChanged).toEqual({ serverId: id })
    expect((await h.resources.list(id)).resources.map((resource) => resource.uri)).toContain('modern://added')
  })

  it('follows a resource by listening again with it in the filter, and passes on only its updates', async () => {
    const { h, s, id } = await start()
    await h.resources.subscribe(id, MODERN_RESOURCE_URI)
    expect(s.count('subscriptions/listen')).toBe(2)
    expect(s.count('resources/subscribe')).toBe(0)
    const updated = new Promise((resolve) => h.resources.onUpdated(resolve))
    s.notify.resourceUpdated('modern://not-followed')
    s.notify.resourceUpdated(MODERN_RESOURCE_URI)
    expect(await updated).toEqual({ serverId: id, uri: MODERN_RESOURCE_URI })
  })

  it('listens again when the server drops the stream, and changes still arrive', async () => {
    const { h, s, id } = await start()
    expect(s.dropListenStreams()).toBe(1)
    // The second stream is open once the server's bus has its listener; a change before that would be lost.
    await s.streamsOpened(2)
    s.addTool('after-the-drop')
    const state = await stateWhen(h.servers, id, (candidate) => candidate.pendingChanges.length > 0)
    expect(state.pendingChanges.map((change) => change.name)).toEqual(['after-the-drop'])
  })

  it('closes the stream when the server is disabled', async () => {
    const { h, s, id } = await start()
    await h.servers.setEnabled(id, false)
    await s.received('notifications/cancelled')
    expect(h.servers.get(id).status).toBe('disabled')
  })
})

describe('the 2026-07-28 change stream over stdio', () => {
  it('re-lists tools when a serveStdio server changes them (rug-pull guard)', async () => {
    host = await startCatalogHost({
      modern: {
        command: process.execPath,
        args: [FIXTURE_STDIO_SERVER_PATH, '--modern', '--mutate-after-ms', '50'],
      },
    })
    const id = host.ids['modern'] ?? ''
    await waitForStatus(host.servers, id, 'connected')
    expect(host.servers.get(id).protocolVersion).toBe('2026-07-28')
    const state = await stateWhen(host.servers, id, (candidate) => candidate.pendingChanges.length > 0)
    expect(state.pendingChanges).toEqual([expect.objectContaining({ name: 'echo', kind: 'changed' })])
  })
})
