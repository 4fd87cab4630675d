import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import { FakeDeskApi } from '../support/fake-desk-api'
import { needsSignInServer } from '../support/fake-sign-in'
import { renderApp } from '../support/render-app'

let open: MockInstance<typeof window.open>

beforeEach(() => {
  open = vi.spyOn(window, 'open').mockReturnValue(null)
})

afterEach(() => {
  open.mockRestore()
  cleanup()
})

async function openServers(api: FakeDeskApi) {
  const rendered = await renderApp(api)
  fireEvent.click(screen.getByRole('button', { name: 'Servers' }))
  return rendered
}

function card(id = 'notes'): HTMLElement {
  return screen.getByTestId(`server-card-${id}`)
}

const authorizeUrl = /^https:\/\/auth\.example\.com\/authorize\?/

async function waitingForBrowser(api: FakeDeskApi) {
  await openServers(api)
  fireEvent.click(within(card()).getByRole('button', { name: 'Sign in to Notes' }))
  return within(card()).findByTestId('sign-in-waiting')
}

describe('signing in to a remote server', () => {
  it('shows a server that needs sign-in with its own pill, dot and a primary Sign in', async () => {
    await openServers(new FakeDeskApi({ servers: [needsSignInServer('notes', 'Notes')] }))
    const pill = within(card()).getByTestId('status-pill')
    expect(pill.textContent).toBe('Needs sign-in')
    expect(pill.className).toContain('status-pill--needs-sign-in')
    expect(within(card()).getByRole('img', { name: 'Needs sign-in' })).toBeTruthy()
    const signIn = within(card()).getByRole('button', { name: 'Sign in to Notes' })
    expect(signIn.className).toContain('button--primary')
    expect(signIn.textContent).toBe('Sign in')
    expect(within(card()).queryByRole('button', { name: 'Sign out of Notes' })).toBeNull()
    expect(open).not.toHaveBeenCalled()
  })

  it('asks the host, opens the link in a new window on the click and waits with the host emphasised', async () => {
    const api = new FakeDeskApi({ servers: [needsSignInServer('notes', 'Notes')] })
    const waiting = await waitingForBrowser(api)

    expect(api.callsTo('servers:sign-in')).toEqual([{ id: 'notes' }])
    expect(open).toHaveBeenCalledTimes(1)
    expect(open).toHaveBeenCalledWith(expect.stringMatching(authorizeUrl), '_blank', 'noopener')
    expect(within(waiting).getByRole('status').textContent).toContain('Waiting for the browser…')
    const host = within(waiting).getByTestId('sign-in-host')
    expect(host.tagName).toBe('STRONG')
    expect(host.textContent).toBe('auth.example.com')
    expect(within(waiting).getByTestId('sign-in-link').textContent).toMatch(authorizeUrl)
    expect(within(card()).queryByRole('button', { name: 'Sign in to Notes' })).toBeNull()
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(waiting).getByRole('button', { name: 'Open again: sign-in page for Notes' }),
      ),
    )
  })

  it('opens the same link again without a second request', async () => {
    const api = new FakeDeskApi({ servers: [needsSignInServer('notes', 'Notes')] })
    const waiting = await waitingForBrowser(api)
    const first = open.mock.calls[0]?.[0]

    fireEvent.click(within(waiting).getByRole('button', { name: 'Open again: sign-in page for Notes' }))

    expect(open).toHaveBeenCalledTimes(2)
    expect(open.mock.calls[1]).toEqual([first, '_blank', 'noopener'])
    expect(api.callsTo('servers:sign-in')).toHaveLength(1)
  })

  it('starts a new flow from Open again once the link has expired', async () => {
    const api = new FakeDeskApi({ servers: [needsSignInServer('notes', 'Notes')] })
    api.signIn.linkLifetimeMs = -1
    const waiting = await waitingForBrowser(api)

    fireEvent.click(within(waiting).getByRole('button', { name: 'Open again: sign-in page for Notes' }))

    await waitFor(() => expect(api.callsTo('servers:sign-in')).toHaveLength(2))
    await waitFor(() => expect(open).toHaveBeenCalledTimes(2))
    expect(open.mock.calls[1]?.[0]).toContain('state=flow-2')
  })

  it('cancels back to Sign in', async () => {
    const api = new FakeDeskApi({ servers: [needsSignInServer('notes', 'Notes')] })
    const waiting = await waitingForBrowser(api)

    fireEvent.click(within(waiting).getByRole('button', { name: 'Cancel signing in to Notes' }))

    const signIn = await within(card()).findByRole('button', { name: 'Sign in to Notes' })
    expect(api.callsTo('servers:cancel-sign-in')).toEqual([{ id: 'notes' }])
    expect(within(card()).queryByTestId('sign-in-waiting')).toBeNull()
    expect(api.servers.state('notes')?.auth?.state).toBe('signed-out')
    await waitFor(() => expect(document.activeElement).toBe(signIn))
  })

  it('shows the connected server signed in once the browser flow completes, and signs out', async () => {
    const api = new FakeDeskApi({ servers: [needsSignInServer('notes', 'Notes')] })
    await waitingForBrowser(api)

    act(() => {
      api.signIn.complete('notes', {
        scopes: ['notes.read', 'notes.write'],
        expiresAt: '2026-03-01T12:00:00.000Z',
      })
    })

    const signedIn = await within(card()).findByTestId('signed-in')
    expect(within(card()).getByTestId('status-pill').textContent).toBe('Connected')
    expect(within(signedIn).getByText('Signed in')).toBeTruthy()
    expect(within(signedIn).getByTestId('signed-in-issuer').textContent).toBe('auth.example.com')
    expect(within(signedIn).getByTestId('signed-in-scopes').textContent).toBe('notes.read notes.write')
    expect(within(signedIn).getByTestId('signed-in-expires').textContent).toBe(
      new Date('2026-03-01T12:00:00.000Z').toLocaleString(),
    )
    expect(within(card()).queryByTestId('sign-in-waiting')).toBeNull()

    fireEvent.click(within(card()).getByRole('button', { name: 'Sign out of Notes' }))

    await within(card()).findByRole('button', { name: 'Sign in to Notes' })
    expect(api.callsTo('servers:sign-out')).toEqual([{ id: 'notes' }])
    expect(within(card()).getByTestId('status-pill').textContent).toBe('Needs sign-in')
    expect(within(card()).queryByTestId('signed-in')).toBeNull()
  })

  it('says in one line why sign-in failed, with Sign in available again', async () => {
    const api = new FakeDeskApi({ servers: [needsSignInServer('notes', 'Notes')] })
    await waitingForBrowser(api)

    act(() => {
      api.signIn.failSignIn('notes', 'the authorization server refused the code: invalid_grant\nmore detail')
    })

    const error = await within(card()).findByTestId('sign-in-error')
    expect(error.getAttribute('role')).toBe('alert')
    expect(error.textContent).toBe('Sign-in failed: the authorization server refused the code: invalid_grant')
    expect(within(card()).getByRole('button', { name: 'Sign in to Notes' })).toBeTruthy()
  })

  it('shows a refused sign-in request inline and opens nothing', async () => {
    const api = new FakeDeskApi({ servers: [needsSignInServer('notes', 'Notes')] })
    api.fail('servers:sign-in', { code: 'conflict', message: 'the authorization server is unreachable' })
    await openServers(api)

    fireEvent.click(within(card()).getByRole('button', { name: 'Sign in to Notes' }))

    const problem = await within(card()).findByTestId('sign-in-problem')
    expect(problem.getAttribute('role')).toBe('alert')
    expect(problem.textContent).toBe('the authorization server is unreachable')
    expect(open).not.toHaveBeenCalled()
    expect(within(card()).getByRole('button', { name: 'Sign in to Notes' })).toHaveProperty('disabled', false)
    expect(screen.queryByTestId('errors')).toBeNull()
  })

  it('shows refused Cancel and Sign out inline, leaving the card as it was', async () => {
    const api = new FakeDeskApi({ servers: [needsSignInServer('notes', 'Notes')] })
    const waiting = await waitingForBrowser(api)
    api.fail('servers:cancel-sign-in', { code: 'internal', message: 'listener stuck' })

    fireEvent.click(within(waiting).getByRole('button', { name: 'Cancel signing in to Notes' }))

    expect((await within(waiting).findByTestId('sign-in-problem')).textContent).toBe('listener stuck')
    expect(within(card()).getByTestId('sign-in-waiting')).toBe(waiting)

    act(() => {
      api.signIn.complete('notes')
    })
    await within(card()).findByTestId('signed-in')
    api.fail('servers:sign-out', { code: 'internal', message: 'the secret store is locked' })

    fireEvent.click(within(card()).getByRole('button', { name: 'Sign out of Notes' }))

    expect((await within(card()).findByTestId('sign-out-problem')).textContent).toBe(
      'Could not sign out: the secret store is locked',
    )
    expect(within(card()).getByTestId('signed-in')).toBeTruthy()
    expect(screen.queryByTestId('errors')).toBeNull()
  })

  it('names the sign-in host before the click when the host already discovered it', async () => {
    await openServers(
      new FakeDeskApi({
        servers: [needsSignInServer('notes', 'Notes', { issuer: 'https://login.example.org' })],
      }),
    )
    expect(within(card()).getByTestId('sign-in').textContent).toContain('on login.example.org')
  })

  it('asks for more access when a request waits on a step-up, with Sign in beside the signed-in detail', async () => {
    const server = needsSignInServer('notes', 'Notes', {
      state: 'signed-in',
      scopes: ['notes:read'],
      issuer: 'https://auth.example.com',
      requestedScopes: ['notes:read', 'notes:write'],
    })
    server.state = { ...server.state, status: 'connected' }
    const api = new FakeDeskApi({ servers: [server] })
    await openServers(api)
    const hint = within(card()).getByTestId('sign-in-step-up')
    expect(hint.textContent).toContain(
      'Notes asks for more access to finish a request: notes:read notes:write',
    )
    fireEvent.click(within(card()).getByRole('button', { name: 'Sign in to Notes' }))
    await waitFor(() => expect(api.callsTo('servers:sign-in')).toEqual([{ id: 'notes' }]))
    expect(open).toHaveBeenCalledWith(expect.stringMatching(authorizeUrl), '_blank', 'noopener')
  })
})
