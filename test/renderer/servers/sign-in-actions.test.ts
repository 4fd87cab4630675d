// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { createAppStore } from '../../../src/renderer/src/app/app-store'
import { markWaiting } from '../../../src/renderer/src/servers/sign-in-actions'
import { isLinkExpired, issuerHost, scopesText } from '../../../src/renderer/src/servers/sign-in-labels'
import { FakeDeskApi } from '../support/fake-desk-api'
import { needsSignInServer } from '../support/fake-sign-in'
import { serverStateFixture, stdioConfigFixture } from '../support/server-fixtures'

async function started(api: FakeDeskApi) {
  const store = createAppStore({ api })
  await store.getState().start()
  return store
}

describe('sign-in in the app store', () => {
  it('keeps the link of a started sign-in until it is cancelled', async () => {
    const api = new FakeDeskApi({ servers: [needsSignInServer('notes', 'Notes')] })
    const store = await started(api)

    const answer = await store.getState().signIn('notes')

    expect(answer.ok).toBe(true)
    if (!answer.ok) return
    expect(answer.value.host).toBe('auth.example.com')
    expect(store.getState().signInLinks.notes).toEqual(answer.value)
    expect(store.getState().servers[0]?.auth?.state).toBe('waiting-for-browser')

    const cancelled = await store.getState().cancelSignIn('notes')
    expect(cancelled.ok).toBe(true)
    expect(store.getState().signInLinks).toEqual({})
    expect(store.getState().servers[0]?.auth?.state).toBe('signed-out')
  })

  it('shows the server waiting at once even when the host announces it later', async () => {
    const api = new FakeDeskApi({ servers: [needsSignInServer('notes', 'Notes')] })
    const store = await started(api)
    store.getState().stop()

    await store.getState().signIn('notes')

    expect(store.getState().servers[0]?.auth?.state).toBe('waiting-for-browser')
  })

  it('answers a refused call with the host message and records no error', async () => {
    const api = new FakeDeskApi({ servers: [needsSignInServer('notes', 'Notes')] })
    api.fail('servers:sign-out', { code: 'not_found', message: 'no server with id "notes"' })
    const store = await started(api)

    expect(await store.getState().signOut('notes')).toEqual({
      ok: false,
      message: 'no server with id "notes"',
    })
    expect(store.getState().errors).toEqual([])
  })
})

describe('markWaiting', () => {
  const notes = serverStateFixture(stdioConfigFixture({ id: 'notes', name: 'Notes' }), {
    status: 'needs-sign-in',
    auth: { state: 'signed-out', issuer: 'https://auth.example.com', scopes: [], error: 'denied' },
  })

  it('drops the last error and keeps what the host discovered', () => {
    expect(markWaiting([notes], 'notes')[0]?.auth).toEqual({
      state: 'waiting-for-browser',
      issuer: 'https://auth.example.com',
      scopes: [],
    })
  })

  it('leaves other servers and an already waiting server as they are', () => {
    const waiting = markWaiting([notes], 'notes')
    expect(markWaiting(waiting, 'notes')).toEqual(waiting)
    expect(markWaiting([notes], 'other')[0]).toBe(notes)
  })
})

describe('sign-in labels', () => {
  it('shows the issuer host, the scopes and whether a link expired', () => {
    expect(issuerHost('https://auth.example.com:8443')).toBe('auth.example.com:8443')
    expect(issuerHost('not a url')).toBe('not a url')
    expect(scopesText([])).toBe('none requested')
    expect(scopesText(['a', 'b'])).toBe('a b')
    const link = { authorizationUrl: 'https://a/x', host: 'a', expiresAt: '2026-01-01T00:10:00.000Z' }
    expect(isLinkExpired(link, Date.parse('2026-01-01T00:09:59.000Z'))).toBe(false)
    expect(isLinkExpired(link, Date.parse('2026-01-01T00:10:00.000Z'))).toBe(true)
  })
})
