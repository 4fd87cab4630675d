// After a decision, focus goes on to the next waiting card, or to the composer when none is left (issue 21,
// item 1): never to the page body, where a keyboard user would have to start over.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { toolCallCardFixture } from '../support/fake-chat'
import { chatApi, renderOpenConversation } from '../support/render-chat'
import { renderApp } from '../support/render-app'
import { samplingCardFixture } from '../support/sampling-fixtures'

afterEach(cleanup)

const composer = () => document.getElementById('composer-input')

describe('focus after a decision', () => {
  it('moves from a decided tool call to the next waiting card, then to the composer', async () => {
    const api = chatApi()
    api.chat.cards = [toolCallCardFixture(), toolCallCardFixture({ id: 'call-card-2', toolName: 'fetch' })]
    await renderOpenConversation([], { api })
    const transcript = screen.getByTestId('transcript')
    // The second waits as one line until the first is decided.
    const [first] = within(transcript).getAllByTestId('tool-call-card')
    expect(within(transcript).getAllByTestId('approval-summary')).toHaveLength(1)
    first!.focus()
    fireEvent.keyDown(first!, { key: 'Enter' })
    await waitFor(() => expect(document.activeElement?.getAttribute('data-testid')).toBe('tool-call-card'))
    const second = document.activeElement as HTMLElement
    expect(second).not.toBe(first)
    expect(within(second).getAllByText('fetch').length).toBeGreaterThan(0)

    fireEvent.click(within(second).getByRole('button', { name: 'Approve' }))
    await waitFor(() => expect(document.activeElement).toBe(composer()))
    expect(api.chat.decisions.map((decision) => decision.decision)).toEqual(['deny', 'approve'])
  })

  it('moves from an approved inline sampling card (now streaming) to the composer', async () => {
    const api = chatApi()
    const { meta } = await renderOpenConversation([], { api })
    act(() => api.approvals.show(samplingCardFixture({ conversationId: meta.id })))
    const card = await within(screen.getByTestId('transcript')).findByTestId('approval-card')
    const approve = within(card).getByRole('button', { name: 'Approve' })
    approve.focus()
    fireEvent.click(approve)
    await waitFor(() => expect(document.activeElement).toBe(composer()))
  })

  it('in the drawer with nothing left and no conversation open, lands on the bell', async () => {
    const api = chatApi()
    await renderApp(api)
    const { conversationId: _none, ...sampling } = samplingCardFixture()
    act(() => api.approvals.show(sampling))
    fireEvent.click(screen.getByTestId('approvals-bell'))
    const card = await within(screen.getByTestId('drawer')).findByTestId('approval-card')
    const deny = within(card).getByRole('button', { name: 'Deny' })
    deny.focus()
    fireEvent.click(deny)
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('approvals-bell')))
  })

  it('moves focus on when the host takes away the card that holds it (a completion that finished)', async () => {
    const api = chatApi()
    await renderApp(api)
    const { conversationId: _none, ...sampling } = samplingCardFixture({ phase: 'streaming' })
    act(() => api.approvals.show(sampling))
    fireEvent.click(screen.getByTestId('approvals-bell'))
    const card = await within(screen.getByTestId('drawer')).findByTestId('approval-card')
    card.focus()
    act(() => api.approvals.remove('card-1'))
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('approvals-bell')))
  })

  it('leaves focus alone when the user moved elsewhere before the host answered', async () => {
    const api = chatApi()
    api.chat.cards = [toolCallCardFixture(), toolCallCardFixture({ id: 'call-card-2' })]
    await renderOpenConversation([], { api })
    const [first] = within(screen.getByTestId('transcript')).getAllByTestId('tool-call-card')
    const approve = within(first!).getByRole('button', { name: 'Approve' })
    fireEvent.click(approve)
    const elsewhere = screen.getByRole('button', { name: 'Settings' })
    elsewhere.focus()
    await waitFor(() => expect(api.chat.decisions).toHaveLength(1))
    expect(document.activeElement).toBe(elsewhere)
  })
})
