import { describe, expect, it } from 'vitest'
import { createAppStore } from '../../../src/renderer/src/app/app-store'
import { applyRootsListing } from '../../../src/renderer/src/roots/roots-actions'
import { FakeDeskApi } from '../support/fake-desk-api'

describe('applyRootsListing', () => {
  const roots = { default: ['/a'], servers: { files: ['/b'] } }

  it('puts each kind of answer where it belongs', () => {
    expect(applyRootsListing(roots, { target: '*', folders: ['/a', '/c'], source: '*' })).toEqual({
      default: ['/a', '/c'],
      servers: { files: ['/b'] },
    })
    expect(applyRootsListing(roots, { target: 'notes', folders: [], source: 'server' })).toEqual({
      default: ['/a'],
      servers: { files: ['/b'], notes: [] },
    })
    expect(applyRootsListing(roots, { target: 'files', folders: ['/a'], source: 'default' })).toEqual({
      default: ['/a'],
      servers: {},
    })
  })
})

describe('roots actions', () => {
  it('answers with the listing and updates the settings before settings:changed arrives', async () => {
    const api = new FakeDeskApi({ settings: { roots: { default: [], servers: {} } } })
    const store = createAppStore({ api })
    await store.getState().start()
    store.getState().stop() // no events: the answer alone must update the view
    const answer = await store.getState().grantRoot('notes', '/srv/notes')
    expect(answer).toEqual({
      ok: true,
      value: { target: 'notes', folders: ['/srv/notes'], source: 'server' },
    })
    expect(store.getState().settings?.roots).toEqual({ default: [], servers: { notes: ['/srv/notes'] } })
  })

  it('returns the host’s refusal instead of adding to the window’s errors', async () => {
    const api = new FakeDeskApi()
    const store = createAppStore({ api })
    await store.getState().start()
    api.fail('roots:grant', { code: 'validation_failed', message: '/x does not exist' })
    expect(await store.getState().grantRoot('*', '/x')).toEqual({ ok: false, message: '/x does not exist' })
    expect(store.getState().errors).toEqual([])
  })
})
