import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import type { UrlElicitationCard } from '../../../src/shared/elicitation/elicitation-card'
import { urlCardFixture } from '../support/elicitation-fixtures'
import { chatApi, renderOpenConversation } from '../support/render-chat'

let open: MockInstance<typeof window.open>

beforeEach(() => {
  open = vi.spyOn(window, 'open').mockImplementation(() => null)
})

afterEach(() => {
  cleanup()
  open.mockRestore()
})

async function linkInTranscript(card: UrlElicitationCard = urlCardFixture()) {
  const api = chatApi()
  api.elicitations.cards = [card]
  const rendered = await renderOpenConversation([], { api })
  const element = await within(screen.getByTestId('transcript')).findByTestId('elicitation-card')
  return { ...rendered, card: element }
}

const bell = () => screen.getByTestId('approvals-bell').getAttribute('aria-label')

describe('elicitation link card', () => {
  it('shows the full URL with its host emphasised, and the server’s message', async () => {
    const { card } = await linkInTranscript()
    expect(within(card).getByRole('heading').textContent).toBe('Docs asks you to open a link')
    expect(card.querySelector('.approval-card-meta')?.textContent).toMatch(/^stdio: docs-mcpLinkwaited /)
    expect(within(card).getByTestId('elicitation-message').textContent).toBe(
      'Sign in to Docs Cloud to continue.',
    )
    expect(within(card).getByTestId('elicitation-url').textContent).toBe(
      'https://login.docs.example/authorize?client=desk&state=xyz',
    )
    const host = within(card).getByTestId('elicitation-url-host')
    expect(host.tagName).toBe('STRONG')
    expect(host.textContent).toBe('login.docs.example')
    expect(bell()).toBe('Pending approvals: 1')
    // Nothing opens by itself.
    expect(open).not.toHaveBeenCalled()
  })

  it('opens the URL only on the click, after telling the server yes, then waits for the server', async () => {
    const { api, card } = await linkInTranscript()
    fireEvent.click(within(card).getByRole('button', { name: 'Open in browser' }))
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1))
    expect(open).toHaveBeenCalledWith(
      'https://login.docs.example/authorize?client=desk&state=xyz',
      '_blank',
      'noopener',
    )
    expect(api.elicitations.answers).toEqual([{ id: 'link-1', action: 'accept' }])
    const waiting = await within(card).findByTestId('elicitation-waiting')
    expect(waiting.textContent).toBe('Waiting for Docs to finish…')
    // Only the server is awaited now: the bell no longer counts it.
    expect(bell()).toBe('Pending approvals: 0')
    expect(within(card).queryByRole('button', { name: 'Open in browser' })).toBeNull()

    fireEvent.click(within(card).getByRole('button', { name: 'Dismiss' }))
    await waitFor(() => expect(screen.queryByTestId('elicitation-card')).toBeNull())
    expect(api.calls.filter((call) => call.channel === 'elicitation:dismiss')).toEqual([
      { channel: 'elicitation:dismiss', request: { id: 'link-1' } },
    ])
  })

  it('goes away when the server says the flow finished', async () => {
    const { api, card } = await linkInTranscript()
    fireEvent.click(within(card).getByRole('button', { name: 'Open in browser' }))
    await within(card).findByTestId('elicitation-waiting')
    act(() => void api.elicitations.dismiss('link-1'))
    await waitFor(() => expect(screen.queryByTestId('elicitation-card')).toBeNull())
  })

  it('does not open the URL when the host refuses the answer', async () => {
    const { api, card } = await linkInTranscript()
    api.fail('elicitation:answer', { code: 'not_found', message: 'the request is gone' })
    fireEvent.click(within(card).getByRole('button', { name: 'Open in browser' }))
    await waitFor(() => expect(screen.getByTestId('errors').textContent).toContain('the request is gone'))
    expect(open).not.toHaveBeenCalled()
  })

  it('Decline, Cancel and Enter on the card answer without opening anything', async () => {
    const { api, card } = await linkInTranscript()
    fireEvent.keyDown(card, { key: 'Enter' })
    await waitFor(() => expect(api.elicitations.answers).toEqual([{ id: 'link-1', action: 'decline' }]))

    act(() => api.elicitations.ask(urlCardFixture({ id: 'link-2' })))
    fireEvent.click(
      within(await screen.findByTestId('elicitation-card')).getByRole('button', { name: 'Cancel' }),
    )
    await waitFor(() => expect(api.elicitations.answers.at(-1)).toEqual({ id: 'link-2', action: 'cancel' }))

    act(() => api.elicitations.ask(urlCardFixture({ id: 'link-3' })))
    fireEvent.click(
      within(await screen.findByTestId('elicitation-card')).getByRole('button', { name: 'Decline' }),
    )
    await waitFor(() => expect(api.elicitations.answers.at(-1)).toEqual({ id: 'link-3', action: 'decline' }))
    expect(open).not.toHaveBeenCalled()
  })
})
