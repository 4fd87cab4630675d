import { describe, expect, it } from 'vitest'
import { createAppStore } from '../../../src/renderer/src/app/app-store'
import { FakeDeskApi } from '../support/fake-desk-api'
import { OFFICIAL } from './registry-fixtures'

describe('registry slice', () => {
  it('follows registry:changed while followed, drops a malformed event, and a late list cannot undo a newer event', async () => {
    const api = new FakeDeskApi()
    const store = createAppStore({ api })
    api.hold('registry:list')
    const unfollow = store.getState().followRegistries()
    expect(api.listenerCount('registry:changed')).toBe(1)
    const newer = [{ url: OFFICIAL, name: 'MCP registry', entries: 7, syncing: true }]
    api.emit('registry:changed', { registries: newer })
    api.emit('registry:changed', { registries: [{ url: 42 }] } as never)
    expect(store.getState().registries).toEqual(newer)
    api.release('registry:list')
    // One macrotask: every microtask of the released answer (invoke, call, then) has run by then.
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(store.getState().registries).toEqual(newer)
    unfollow()
    expect(api.listenerCount('registry:changed')).toBe(0)
  })

  it('answers add, remove and sync with the host’s refusal in words, and takes the list from their answers', async () => {
    const api = new FakeDeskApi()
    const store = createAppStore({ api })
    expect(await store.getState().addRegistry('https://mcp.example.org', '  ')).toBeNull()
    expect(api.callsTo('registry:add')).toEqual([{ url: 'https://mcp.example.org' }])
    expect(store.getState().registries?.map((registry) => registry.url)).toEqual([
      OFFICIAL,
      'https://mcp.example.org',
    ])
    expect(await store.getState().addRegistry('https://mcp.example.org')).toBe(
      'https://mcp.example.org is already saved',
    )
    api.fail('registry:sync', { code: 'unavailable', message: 'registry:sync is unavailable' })
    expect(await store.getState().syncRegistries()).toBe('registry:sync is unavailable')
    expect(await store.getState().removeRegistry('https://mcp.example.org')).toBeNull()
    expect(store.getState().registries?.map((registry) => registry.url)).toEqual([OFFICIAL])
  })

  it('keeps the letter when the icon cannot be fetched', async () => {
    const api = new FakeDeskApi()
    api.fail('registry:icon', { code: 'unavailable', message: 'the icon answered 404' })
    const store = createAppStore({ api })
    expect(await store.getState().registryIcon(OFFICIAL, 'io.example/x')).toBeNull()
  })
})
