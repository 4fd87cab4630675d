// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { createAppStore } from '../../../src/renderer/src/app/app-store'
import { mergeServerState } from '../../../src/renderer/src/servers/server-actions'
import { FakeDeskApi } from '../support/fake-desk-api'
import { serverStateFixture, stdioConfigFixture } from '../support/server-fixtures'

const notes = stdioConfigFixture({ id: 'notes', name: 'Notes' })

async function started(api: FakeDeskApi) {
  const store = createAppStore({ api })
  await store.getState().start()
  return store
}

describe('servers in the app store', () => {
  it('loads servers:list on start and follows servers:changed until stopped', async () => {
    const api = new FakeDeskApi({ servers: [{ config: notes, state: { status: 'connecting' } }] })
    const store = await started(api)
    expect(store.getState().servers.map((s) => [s.id, s.status])).toEqual([['notes', 'connecting']])

    api.servers.setState('notes', { status: 'connected' })
    expect(store.getState().servers[0]?.status).toBe('connected')

    store.getState().stop()
    expect(api.listenerCount('servers:changed')).toBe(0)
  })

  it('keeps a servers:changed event that arrived while servers:list was in flight', async () => {
    const api = new FakeDeskApi({ servers: [{ config: notes, state: { status: 'connecting' } }] })
    api.hold('servers:list')
    const store = createAppStore({ api })
    const starting = store.getState().start()
    api.servers.setState('notes', { status: 'failed', failure: { reason: 'exit code 3' } })
    api.release('servers:list')
    await starting
    expect(store.getState().servers[0]?.status).toBe('failed')
  })

  it('shows a failed servers:list in the error list', async () => {
    const api = new FakeDeskApi()
    api.fail('servers:list', { code: 'internal', message: 'servers:list failed unexpectedly' })
    const store = await started(api)
    expect(store.getState().errors).toMatchObject([
      { context: 'Could not list servers', message: 'servers:list failed unexpectedly' },
    ])
  })

  it('restart, disable, enable and remove call their channels and update the list', async () => {
    const api = new FakeDeskApi({ servers: [{ config: notes }] })
    const store = await started(api)

    expect(await store.getState().restartServer('notes')).toBe(true)
    expect(api.callsTo('servers:restart')).toEqual([{ id: 'notes' }])

    expect(await store.getState().setServerEnabled('notes', false)).toBe(true)
    expect(store.getState().servers[0]?.status).toBe('disabled')
    expect(await store.getState().setServerEnabled('notes', true)).toBe(true)
    expect(api.callsTo('servers:set-enabled')).toEqual([
      { id: 'notes', enabled: false },
      { id: 'notes', enabled: true },
    ])
    expect(store.getState().servers[0]?.status).toBe('connected')

    expect(await store.getState().removeServer('notes')).toBe(true)
    expect(api.callsTo('servers:remove')).toEqual([{ id: 'notes' }])
    expect(store.getState().servers).toEqual([])
    expect(store.getState().errors).toEqual([])
  })

  it('surfaces refused actions with the server name and the host reason', async () => {
    const api = new FakeDeskApi({ servers: [{ config: { ...notes, enabled: false } }] })
    const store = await started(api)
    expect(await store.getState().restartServer('notes')).toBe(false)
    api.fail('servers:remove', { code: 'internal', message: 'disk full' })
    expect(await store.getState().removeServer('notes')).toBe(false)
    expect(store.getState().servers).toHaveLength(1)
    expect(store.getState().errors.map(({ context, message }) => `${context}: ${message}`)).toEqual([
      'Could not restart server "Notes": server "Notes" is disabled; enable it first',
      'Could not remove server "Notes": disk full',
    ])
  })

  it('addServer resolves as soon as the new server shows up starting, before connecting ends', async () => {
    const api = new FakeDeskApi()
    api.servers.holdConnections()
    const store = await started(api)
    const result = await store.getState().addServer({ transport: 'stdio', name: ' Memory ', command: 'mem' })
    expect(result).toEqual({ ok: true, id: 'memory' })
    expect(store.getState().servers.map((s) => [s.id, s.status])).toEqual([['memory', 'starting']])
    expect(store.getState().settings?.servers.map((s) => s.id)).toEqual(['memory'])

    api.servers.releaseConnections()
    await expect.poll(() => store.getState().servers[0]?.status).toBe('connected')
  })

  it('updateServer resolves once the edited stdio server restarts (starting), before it has spoken', async () => {
    const api = new FakeDeskApi({ servers: [{ config: notes }] })
    api.servers.holdConnections()
    const store = await started(api)
    const input = { transport: 'stdio' as const, name: 'Notes', command: '/usr/bin/notes-v2' }
    expect(await store.getState().updateServer('notes', input)).toEqual({ ok: true, id: 'notes' })
    expect(api.callsTo('servers:update')).toEqual([{ id: 'notes', server: input }])
    expect(store.getState().servers[0]?.status).toBe('starting')
    api.servers.releaseConnections()
  })

  it('a refused save returns the host reason and the id of its entry in the error list', async () => {
    const api = new FakeDeskApi({ servers: [{ config: notes }] })
    const store = await started(api)
    const result = await store.getState().updateServer('notes', {
      transport: 'stdio',
      name: 'Notes',
      command: 'x',
      env: { GONE: { keep: true } },
    })
    expect(result).toMatchObject({ ok: false, message: 'env GONE has no stored value to keep' })
    const [error] = store.getState().errors
    expect(result.ok === false && result.errorId).toBe(error?.id)
    expect(error?.context).toBe('Could not save server "Notes"')
  })

  it('never lets an older answer overwrite a newer state an event brought', () => {
    const older = serverStateFixture(notes, { status: 'connected', since: '2026-01-01T00:00:01.000Z' })
    const newer = serverStateFixture(notes, { status: 'failed', since: '2026-01-01T00:00:02.000Z' })
    expect(mergeServerState([newer], older)).toEqual([newer])
    expect(mergeServerState([older], newer)).toEqual([newer])
    expect(mergeServerState([], newer)).toEqual([newer])
  })
})
