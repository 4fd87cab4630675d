import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { FakeDeskApi } from '../support/fake-desk-api'
import { renderApp } from '../support/render-app'
import { samplingCardFixture } from '../support/sampling-fixtures'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

function bellLabel(): string | null {
  return screen.getByTestId('approvals-bell').getAttribute('aria-label')
}

function setVisibility(state: DocumentVisibilityState): void {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true })
  document.dispatchEvent(new Event('visibilitychange'))
}

describe('approvals in the window', () => {
  it('counts on the bell only the cards waiting for the user (approval and review), and follows the host', async () => {
    const api = new FakeDeskApi()
    api.approvals.cards = [
      samplingCardFixture({ id: 'a' }),
      samplingCardFixture({ id: 'b', phase: 'streaming' }),
      samplingCardFixture({ id: 'c', phase: 'review', completion: 'ok' }),
    ]
    await renderApp(api)
    expect(bellLabel()).toBe('Pending approvals: 2')
    expect(screen.getByTestId('approvals-bell').textContent).toBe('2')

    act(() => api.approvals.show(samplingCardFixture({ id: 'd' })))
    expect(bellLabel()).toBe('Pending approvals: 3')
    act(() => api.approvals.update('a', { phase: 'streaming' }))
    expect(bellLabel()).toBe('Pending approvals: 2')

    fireEvent.click(screen.getByTestId('approvals-bell'))
    expect(screen.getByTestId('approvals-summary').textContent).toBe('2 waiting for you · 2 generating')
    // Streaming cards show their progress; of the two waiting, the older is open and the other one line.
    expect(screen.getAllByTestId('approval-card')).toHaveLength(3)
    expect(screen.getAllByTestId('approval-summary').map((line) => line.dataset.cardId)).toEqual(['d'])

    act(() => {
      for (const id of ['a', 'b', 'c', 'd']) api.approvals.remove(id)
    })
    expect(bellLabel()).toBe('Pending approvals: 0')
    expect(within(screen.getByTestId('drawer')).getByText('No pending approvals.')).toBeTruthy()
  })

  it('opens the approvals drawer on approvals:focus and gives that card focus', async () => {
    const api = new FakeDeskApi()
    api.approvals.cards = [samplingCardFixture({ id: 'first' }), samplingCardFixture({ id: 'second' })]
    await renderApp(api)
    expect(screen.queryByTestId('drawer')).toBeNull()

    act(() => api.emit('approvals:focus', { id: 'second' }))
    expect(within(screen.getByTestId('drawer')).getByTestId('approvals-panel')).toBeTruthy()
    expect(document.activeElement?.id).toBe('approval-card-second')

    // With the drawer open on another panel, the same request switches back and focuses again.
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }))
    act(() => api.emit('approvals:focus', { id: 'second' }))
    expect(document.activeElement?.id).toBe('approval-card-second')
  })

  it('focuses a card that arrives after the focus request once it is listed', async () => {
    const api = new FakeDeskApi()
    await renderApp(api)
    act(() => api.emit('approvals:focus', { id: 'late' }))
    expect(document.activeElement?.id).toBe('drawer-title')
    act(() => api.approvals.show(samplingCardFixture({ id: 'late' })))
    expect(document.activeElement?.id).toBe('approval-card-late')
    // Later list changes do not steal focus back to it.
    const deny = within(screen.getByTestId('approval-card')).getByRole('button', { name: 'Deny' })
    deny.focus()
    act(() => api.approvals.show(samplingCardFixture({ id: 'other' })))
    expect(document.activeElement).toBe(deny)
  })

  it('counts the time a card has waited while the window is visible, and sleeps while it is hidden', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    vi.setSystemTime(new Date('2026-01-01T00:00:05.000Z'))
    const api = new FakeDeskApi()
    api.approvals.cards = [samplingCardFixture({ createdAt: '2026-01-01T00:00:00.000Z' })]
    await renderApp(api)
    fireEvent.click(screen.getByTestId('approvals-bell'))
    const waited = () => screen.getByTestId('approval-card').querySelector('time')!.textContent
    expect(waited()).toBe('5 s')
    act(() => {
      vi.advanceTimersByTime(1000)
    })
    expect(waited()).toBe('6 s')
    act(() => {
      vi.advanceTimersByTime(60_000)
    })
    expect(waited()).toBe('1 min')

    act(() => setVisibility('hidden'))
    expect(vi.getTimerCount()).toBe(0)
    vi.setSystemTime(new Date('2026-01-01T02:00:00.000Z'))
    act(() => setVisibility('visible'))
    expect(waited()).toBe('2 h')
    expect(vi.getTimerCount()).toBe(1)
  })
})
