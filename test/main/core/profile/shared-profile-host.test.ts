// Issue 19: a running host follows the profile it shares with CLI commands. A server another process adds
// to settings.json connects, a changed one restarts, a removed one disconnects and goes, and a change made
// in the window afterwards keeps every one of them.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { composeHost, type ComposedHost } from '../../../../src/main/core/compose-host'
import { FileApprovedToolsStore } from '../../../../src/main/core/mcp/discovery/approved-tools-file'
import { ServerConfigService } from '../../../../src/main/core/mcp/server-config-service'
import { openNodeProfile } from '../../../../src/main/core/profile/open-node-profile'
import type { ServerState } from '../../../../src/shared/mcp/server-state'
import type { Settings } from '../../../../src/shared/settings/settings-schema'
import { RUG_PULL_MARKER } from '../../../fixtures/mcp-servers/fixture-server'
import { recordHostEvents, type HostEventLog } from '../../../support/host-event-log'
import { spawnCommandFor } from '../../../support/spawn-command'
import { tempHome, type TempHome } from '../../../support/temp-home'

let home: TempHome
let composed: ComposedHost
let log: HostEventLog

beforeEach(async () => {
  home = await tempHome('mcp-desk-shared-host-')
  const profile = openNodeProfile(home.dir)
  composed = composeHost({
    settings: profile.settings,
    secrets: profile.secrets,
    info: { name: 'MCP Desk', version: '0.0.0-test', mode: 'web', platform: 'linux', home: home.dir },
    log: () => {},
  })
  log = recordHostEvents(composed.host)
  await composed.servers.start()
})
afterEach(async () => {
  log.release()
  await composed.shutdown()
  await home.cleanup()
})

/** What a CLI command does: its own profile and config service on the same folder. */
function cli(): ServerConfigService {
  const profile = openNodeProfile(home.dir)
  return new ServerConfigService(profile.settings, profile.secrets)
}

const fixture = spawnCommandFor('fixture')
const stateOf = (servers: ServerState[], id: string) => servers.find((s) => s.id === id)

describe('a running host sharing its profile', () => {
  it('connects, restarts and closes servers another process adds, edits and removes', async () => {
    const added = cli().add({
      name: 'Notes',
      transport: 'stdio',
      command: fixture.command,
      args: fixture.args,
    })
    const connected = await log.waitFor(
      'servers:changed',
      ({ servers }) => stateOf(servers, added.id)?.status === 'connected',
    )
    expect(stateOf(connected.servers, added.id)?.tools.length).toBeGreaterThan(0)

    const mark = log.count()
    cli().update(added.id, {
      name: 'Notes',
      transport: 'stdio',
      command: fixture.command,
      args: fixture.args,
      env: { NOTES_MODE: { value: 'restarted' } },
    })
    await log.waitFor(
      'servers:changed',
      ({ servers }) => stateOf(servers, added.id)?.status === 'connecting',
      {
        after: mark,
      },
    )
    await log.waitFor(
      'servers:changed',
      ({ servers }) => stateOf(servers, added.id)?.status === 'connected',
      {
        after: mark,
      },
    )

    // Only the secret's value changes (settings keep the same reference): the secrets file tells.
    const secretMark = log.count()
    cli().update(added.id, {
      name: 'Notes',
      transport: 'stdio',
      command: fixture.command,
      args: fixture.args,
      env: { NOTES_MODE: { value: 'changed again' } },
    })
    await log.waitFor(
      'servers:changed',
      ({ servers }) => stateOf(servers, added.id)?.status === 'connecting',
      {
        after: secretMark,
      },
    )
    await log.waitFor(
      'servers:changed',
      ({ servers }) => stateOf(servers, added.id)?.status === 'connected',
      {
        after: secretMark,
      },
    )

    cli().remove(added.id)
    await log.waitFor('servers:changed', ({ servers }) => stateOf(servers, added.id) === undefined)
    expect(composed.servers.list()).toEqual([])
  })

  it('keeps servers another process added when the window changes the theme', async () => {
    for (const name of ['One', 'Two', 'Three']) {
      cli().add({ name, transport: 'stdio', command: 'mcp-never-started', enabled: false })
    }
    const settings = (await composed.host.dispatch('settings:update', { appearance: { theme: 'dark' } })) as {
      ok: true
      value: Settings
    }
    expect(settings.ok).toBe(true)
    const onDisk = openNodeProfile(home.dir).settings.get()
    expect(onDisk.servers.map((s) => s.id)).toEqual(['one', 'two', 'three'])
    expect(onDisk.appearance.theme).toBe('dark')
  })

  it('shows a tool change another process accepted without reconnecting the server', async () => {
    const added = cli().add({
      name: 'Shifty',
      transport: 'stdio',
      ...spawnCommandFor('fixture', ['--mutate-after-ms', '0']),
    })
    const pending = await log.waitFor(
      'servers:changed',
      ({ servers }) => (stateOf(servers, added.id)?.pendingChanges.length ?? 0) > 0,
    )
    const change = stateOf(pending.servers, added.id)?.pendingChanges.find((c) => c.name === 'echo')
    expect(change).toBeDefined()

    const mark = log.count()
    // `mcp-desk servers accept` in a terminal: its own store over the same approved-tools.json.
    new FileApprovedToolsStore(join(home.dir, 'approved-tools.json')).apply(
      added.id,
      new Map([['echo', change?.after ?? null]]),
    )
    const accepted = await log.waitFor(
      'servers:changed',
      ({ servers }) => stateOf(servers, added.id)?.pendingChanges.length === 0,
      { after: mark },
    )
    const state = stateOf(accepted.servers, added.id)
    expect(state?.status).toBe('connected')
    expect(state?.tools.find((tool) => tool.name === 'echo')?.description).toContain(RUG_PULL_MARKER)
  })
})
