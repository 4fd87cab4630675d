// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { createConnectionMonitor } from '../../../src/renderer/src/ipc/connection'
import { createAppStore } from '../../../src/renderer/src/app/app-store'
import { FakeDeskApi, settingsFixture } from '../support/fake-desk-api'

const server = {
  id: 'notes',
  name: 'Notes',
  enabled: true,
  sampling: 'ask' as const,
  transport: 'stdio' as const,
  command: '/usr/bin/notes-mcp',
  args: [],
  env: {},
}

describe('createAppStore', () => {
  it('loads app info, settings, secret names and server states on start', async () => {
    const api = new FakeDeskApi({ secretNames: ['openai'], settings: { servers: [server] } })
    const store = createAppStore({ api })
    expect(store.getState().loaded).toBe(false)
    await store.getState().start()
    const state = store.getState()
    expect(state.loaded).toBe(true)
    expect(state.info?.settingsPath).toBe('/home/ada/.mcp-desk/settings.json')
    expect(state.settings?.servers).toEqual([server])
    expect(state.secretNames).toEqual(['openai'])
    expect(state.errors).toEqual([])
    expect(state.servers).toEqual([])
    expect(api.calls.map((call) => call.channel).sort()).toEqual([
      'app:info',
      'approvals:list',
      'chat:list',
      'chat:tool-calls',
      'elicitation:list',
      'secrets:list',
      'servers:list',
      'settings:get',
    ])
  })

  it('follows settings:changed and secrets:changed events, and stops following them on stop()', async () => {
    const api = new FakeDeskApi()
    const store = createAppStore({ api })
    await store.getState().start()
    api.emit('settings:changed', settingsFixture({ appearance: { theme: 'dark' } }))
    api.emit('secrets:changed', { names: ['a', 'b'] })
    expect(store.getState().settings?.appearance.theme).toBe('dark')
    expect(store.getState().secretNames).toEqual(['a', 'b'])

    store.getState().stop()
    expect(api.listenerCount('settings:changed')).toBe(0)
    expect(api.listenerCount('secrets:changed')).toBe(0)
    api.emit('secrets:changed', { names: [] })
    expect(store.getState().secretNames).toEqual(['a', 'b'])
  })

  it('keeps an event that arrived while the initial settings:get was still in flight', async () => {
    const api = new FakeDeskApi()
    api.hold('settings:get')
    const store = createAppStore({ api })
    const started = store.getState().start()
    api.emit('settings:changed', settingsFixture({ appearance: { theme: 'light' } }))
    api.release('settings:get')
    await started
    expect(store.getState().settings?.appearance.theme).toBe('light')
  })

  it('turns every failed load into a visible error and still finishes loading', async () => {
    const api = new FakeDeskApi()
    api.fail('app:info', { code: 'internal', message: 'app:info failed unexpectedly' })
    api.fail('secrets:list', { code: 'unavailable', message: 'secret store is locked' })
    const store = createAppStore({ api })
    await store.getState().start()
    const { errors, loaded, settings } = store.getState()
    expect(loaded).toBe(true)
    expect(settings).not.toBeNull()
    expect(errors.map(({ context, message }) => ({ context, message }))).toEqual([
      { context: 'Could not load app information', message: 'app:info failed unexpectedly' },
      { context: 'Could not list secrets', message: 'secret store is locked' },
    ])
  })

  it('setTheme sends settings:update and stores the answer; a failure is surfaced, not swallowed', async () => {
    const api = new FakeDeskApi()
    const store = createAppStore({ api })
    await store.getState().start()
    expect(await store.getState().setTheme('dark')).toBe(true)
    expect(api.callsTo('settings:update')).toEqual([{ appearance: { theme: 'dark' } }])
    expect(store.getState().settings?.appearance.theme).toBe('dark')

    api.fail('settings:update', { code: 'internal', message: 'disk full' })
    expect(await store.getState().setTheme('light')).toBe(false)
    expect(store.getState().settings?.appearance.theme).toBe('dark')
    expect(store.getState().errors).toMatchObject([
      { context: 'Could not change the theme to light', message: 'disk full' },
    ])
  })

  it('addSecret and deleteSecret call the host and keep the name list right; errors are visible', async () => {
    const api = new FakeDeskApi({ secretNames: ['b'] })
    const store = createAppStore({ api })
    await store.getState().start()

    expect(await store.getState().addSecret('a', 'hunter2')).toBe(true)
    expect(api.callsTo('secrets:set')).toEqual([{ name: 'a', value: 'hunter2' }])
    expect(store.getState().secretNames).toEqual(['a', 'b'])

    expect(await store.getState().deleteSecret('b')).toBe(true)
    expect(store.getState().secretNames).toEqual(['a'])

    expect(await store.getState().deleteSecret('missing')).toBe(false)
    expect(store.getState().errors).toMatchObject([
      { context: 'Could not delete secret "missing"', message: 'no secret named "missing"' },
    ])

    api.fail('secrets:set', {
      code: 'validation_failed',
      message: 'invalid request for secrets:set: name: bad',
    })
    expect(await store.getState().addSecret('x', 'y')).toBe(false)
    expect(store.getState().errors.at(-1)).toMatchObject({ context: 'Could not save secret "x"' })
    expect(JSON.stringify(store.getState())).not.toContain('hunter2')
  })

  it('dismissError removes just that error', async () => {
    const api = new FakeDeskApi()
    api.fail('settings:update', { code: 'internal', message: 'nope' })
    const store = createAppStore({ api })
    await store.getState().setTheme('dark')
    await store.getState().setTheme('light')
    const [first, second] = store.getState().errors
    store.getState().dismissError(first!.id)
    expect(store.getState().errors).toEqual([second])
  })

  it('mirrors the connection status so the UI can say the host is gone', async () => {
    const connection = createConnectionMonitor({ state: 'connecting' })
    const store = createAppStore({ api: new FakeDeskApi(), connection })
    await store.getState().start()
    expect(store.getState().connection).toEqual({ state: 'connecting' })
    connection.set({ state: 'closed', reason: 'connection to MCP Desk closed (code 1006)' })
    expect(store.getState().connection).toEqual({
      state: 'closed',
      reason: 'connection to MCP Desk closed (code 1006)',
    })
  })

  it('opens, toggles and closes the drawer', () => {
    const store = createAppStore({ api: new FakeDeskApi() })
    store.getState().openDrawer('servers')
    expect(store.getState().drawer).toBe('servers')
    store.getState().toggleDrawer('settings')
    expect(store.getState().drawer).toBe('settings')
    store.getState().toggleDrawer('settings')
    expect(store.getState().drawer).toBeNull()
    store.getState().openDrawer('approvals')
    store.getState().closeDrawer()
    expect(store.getState().drawer).toBeNull()
  })
})
