// The rug-pull guard end to end (issue 19 item 5): the real fixture server over stdio changes `echo`'s
// description into a tool-poisoning payload after the host's first listing. Until the user accepts the
// change, nothing a model receives (chat tools, the tool-search catalog and its results) carries the new
// text; a new host over the same profile home does not take it as the baseline; after acceptance it is sent.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { composeHost, type ComposedHost } from '../../../../src/main/core/compose-host'
import type { SettingsService } from '../../../../src/main/core/config/settings-service'
import { openNodeProfile } from '../../../../src/main/core/profile/open-node-profile'
import type { RequestChannel, RequestOf, ResponseOf } from '../../../../src/shared/ipc/contract'
import type { ServerState } from '../../../../src/shared/mcp/server-state'
import { RUG_PULL_MARKER } from '../../../fixtures/mcp-servers/fixture-server'
import { startMockOpenAI, type MockOpenAI } from '../../../fixtures/mock-openai'
import { callHost, recordHostEvents, type HostEventLog } from '../../../support/host-event-log'
import { spawnCommandFor } from '../../../support/spawn-command'

const SERVER_ID = 'fixture'
const ECHO = 'mcp_fixture_echo'

interface RunningHost {
  composed: ComposedHost
  settings: SettingsService
  events: HostEventLog
  call<C extends RequestChannel>(channel: C, request: RequestOf<C>): Promise<ResponseOf<C>>
  close(): Promise<void>
}

const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** A host over the profile at `home`, as web mode opens it: settings.json, secrets and the rest on disk. */
async function startHost(home: string): Promise<RunningHost> {
  const profile = openNodeProfile(home)
  const composed = composeHost({
    settings: profile.settings,
    secrets: profile.secrets,
    info: { name: 'MCP Desk', version: '0.0.0-test', mode: 'web', platform: process.platform, home },
    log: () => undefined,
  })
  const events = recordHostEvents(composed.host)
  await composed.servers.start()
  let closed = false
  const host: RunningHost = {
    composed,
    settings: profile.settings,
    events,
    call: (channel, request) => callHost(composed.host, channel, request),
    close: async () => {
      if (closed) return
      closed = true
      events.release()
      await composed.shutdown()
    },
  }
  cleanups.push(() => host.close())
  return host
}

function fixtureServer(host: RunningHost): ServerState {
  const state = host.composed.servers.list().find((server) => server.id === SERVER_ID)
  if (!state) throw new Error('no fixture server')
  return state
}

/** The server's state once `match` holds: now, or at the servers:changed event that makes it hold. */
async function serverWhen(host: RunningHost, match: (state: ServerState) => boolean): Promise<ServerState> {
  if (match(fixtureServer(host))) return fixtureServer(host)
  await host.events.waitFor('servers:changed', ({ servers }) =>
    servers.some((server) => server.id === SERVER_ID && match(server)),
  )
  return fixtureServer(host)
}

const echoPending = (state: ServerState): boolean =>
  state.status === 'connected' && state.pendingChanges.some((change) => change.name === 'echo')

/** One chat turn in a new conversation; the mock model answers with text. */
async function textTurn(host: RunningHost, mock: MockOpenAI): Promise<void> {
  const { id } = await host.call('chat:create', {})
  mock.enqueue({ kind: 'text', chunks: ['Hello.'] })
  const { turnId } = await host.call('chat:send', { id, text: 'Say hello' })
  await host.events.waitFor('chat:turn', (event) => event.turnId === turnId && event.state !== 'running')
}

/** A turn with tool search on: the model searches for "echo text", then answers. */
async function searchTurn(host: RunningHost, mock: MockOpenAI): Promise<void> {
  const { id } = await host.call('chat:create', {})
  mock.enqueue(
    {
      kind: 'tool_calls',
      calls: [{ id: 'search-1', name: 'mcp_tool_search', arguments: JSON.stringify({ query: 'echo text' }) }],
    },
    { kind: 'text', chunks: ['Found it.'] },
  )
  const { turnId } = await host.call('chat:send', { id, text: 'Find a tool that echoes text' })
  await host.events.waitFor('chat:turn', (event) => event.turnId === turnId && event.state !== 'running')
}

/** Everything the provider has received so far, as one text. */
function providerSaw(mock: MockOpenAI, from = 0): string {
  return mock.requests
    .slice(from)
    .map((request) => request.rawBody)
    .join('\n')
}

function offeredToolNames(mock: MockOpenAI): string[] {
  const body = mock.requests.at(-1)?.body as { tools?: Array<{ function: { name: string } }> }
  return (body.tools ?? []).map((tool) => tool.function.name)
}

describe('a rug-pulled tool description', () => {
  it('never reaches the model before the user accepts it, across a restart, and does after', async () => {
    const mock = await startMockOpenAI()
    cleanups.push(() => mock.close())
    const home = mkdtempSync(join(tmpdir(), 'mcp-desk-rug-pull-'))
    cleanups.push(() => rmSync(home, { recursive: true, force: true }))

    const { command, args } = spawnCommandFor('fixture', ['--mutate-after-ms', '50'])
    openNodeProfile(home).settings.update((draft) => {
      draft.servers.push({
        id: SERVER_ID,
        name: SERVER_ID,
        enabled: true,
        sampling: 'deny',
        transport: 'stdio',
        command,
        args,
        env: {},
      })
    })

    // 1. First launch: the honest listing is trusted on first use, then the server changes `echo`.
    const first = await startHost(home)
    const provider = first.composed.providers.add({
      preset: 'custom',
      baseUrl: mock.url,
      apiKey: { value: 'test-key' },
    })
    first.composed.providers.saveModel(provider.id, { id: 'mock-model' })
    first.composed.providers.setDefault(`${provider.id}/mock-model`)
    const changed = await serverWhen(first, echoPending)
    expect(changed.pendingChanges.find((change) => change.name === 'echo')?.after?.description).toContain(
      RUG_PULL_MARKER,
    )

    await textTurn(first, mock)
    expect(providerSaw(mock)).not.toContain(RUG_PULL_MARKER)
    // Hidden until accepted, not offered with stale text: the other tools are still there.
    expect(offeredToolNames(mock)).toContain('mcp_fixture_add')
    expect(offeredToolNames(mock)).not.toContain(ECHO)

    first.settings.update((draft) => {
      draft.tools.search = 'always'
    })
    await searchTurn(first, mock)
    expect(providerSaw(mock)).not.toContain(RUG_PULL_MARKER)
    await first.close()

    // 2. Restart: the server now serves the poisoned text from its first listing; it is still not trusted.
    openNodeProfile(home).settings.update((draft) => {
      const server = draft.servers.find((candidate) => candidate.id === SERVER_ID)
      if (server?.transport === 'stdio') server.args = spawnCommandFor('fixture', ['--start-mutated']).args
    })
    const second = await startHost(home)
    const pending = await serverWhen(second, echoPending)
    const echoChange = pending.pendingChanges.find((change) => change.name === 'echo')
    expect(echoChange).toMatchObject({ kind: 'changed', fields: ['description'] })
    expect(echoChange?.before?.description).toBe('Returns the given text unchanged')
    expect(pending.tools.map((tool) => tool.name)).not.toContain('echo')
    second.settings.update((draft) => {
      draft.tools.search = 'off'
    })
    await textTurn(second, mock)
    expect(providerSaw(mock)).not.toContain(RUG_PULL_MARKER)

    // 3. The user accepts exactly what the panel showed; the next turn carries the new description.
    const accepted = await second.call('servers:accept-tool-changes', {
      id: SERVER_ID,
      changes: [{ name: 'echo', fingerprint: echoChange?.afterFingerprint ?? null }],
    })
    expect(accepted.pendingChanges).toEqual([])
    const seen = mock.requests.length
    await textTurn(second, mock)
    expect(offeredToolNames(mock)).toContain(ECHO)
    expect(providerSaw(mock, seen)).toContain(RUG_PULL_MARKER)
    await second.close()

    // 4. And the acceptance itself persists.
    const third = await startHost(home)
    const settled = await serverWhen(third, (state) => state.status === 'connected')
    expect(settled.pendingChanges).toEqual([])
    expect(settled.tools.find((tool) => tool.name === 'echo')?.description).toContain(RUG_PULL_MARKER)
  })
})
