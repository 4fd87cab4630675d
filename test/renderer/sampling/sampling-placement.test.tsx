// Where a sampling card is shown (issue 21, item 1): a completion a server asks for while a tool call of the
// open conversation runs is decided in that conversation's transcript, under the call; one from another
// conversation, or from none, waits in the approvals drawer. The bell counts both.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { conversationId, conversationMetaFixture } from '../support/fake-chat'
import { chatApi, renderOpenConversation } from '../support/render-chat'
import { samplingCardFixture } from '../support/sampling-fixtures'

afterEach(cleanup)

const bell = () => screen.getByTestId('approvals-bell')

describe('where sampling cards are shown', () => {
  it("shows the open conversation's card in its transcript, not in the drawer", async () => {
    const api = chatApi()
    const { meta } = await renderOpenConversation([], { api })
    act(() => api.approvals.show(samplingCardFixture({ conversationId: meta.id })))
    const card = await within(screen.getByTestId('transcript')).findByTestId('approval-card')
    expect(card.textContent).toContain('Notes wants to run a model')
    expect(bell().getAttribute('aria-label')).toBe('Pending approvals: 1')

    fireEvent.click(bell())
    const drawer = screen.getByTestId('drawer')
    expect(within(drawer).queryByTestId('approval-card')).toBeNull()
    expect(within(drawer).getByText('Nothing else is waiting.')).toBeTruthy()
  })

  it("puts another conversation's card, and one of no conversation, in the drawer", async () => {
    const api = chatApi()
    const other = conversationMetaFixture({ id: conversationId(2), title: 'Travel plans' })
    api.chat.seed(other, [], { warnings: [], awaitingConfirmation: false })
    await renderOpenConversation([], { api })
    act(() => {
      api.approvals.show(samplingCardFixture({ id: 'elsewhere', conversationId: other.id }))
      const { conversationId: _none, ...withoutConversation } = samplingCardFixture({ id: 'nowhere' })
      api.approvals.show(withoutConversation)
    })
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Pending approvals: 2'))
    expect(within(screen.getByTestId('transcript')).queryByTestId('approval-card')).toBeNull()
    fireEvent.click(bell())
    const drawer = screen.getByTestId('drawer')
    expect(within(drawer).getAllByTestId('approval-card')).toHaveLength(1)
    expect(within(drawer).getAllByTestId('approval-summary')).toHaveLength(1)
    expect(within(drawer).getByTestId('approvals-summary').textContent).toBe('2 waiting for you')
  })

  it('a notification click on an inline card focuses it there without opening the drawer', async () => {
    const api = chatApi()
    const { meta, store } = await renderOpenConversation([], { api })
    act(() => api.approvals.show(samplingCardFixture({ conversationId: meta.id })))
    const card = await within(screen.getByTestId('transcript')).findByTestId('approval-card')
    act(() => api.emit('approvals:focus', { id: 'card-1' }))
    await waitFor(() => expect(document.activeElement).toBe(card))
    expect(store.getState().drawer).toBeNull()
  })

  it('approving the inline card sends the decision', async () => {
    const api = chatApi()
    const { meta } = await renderOpenConversation([], { api })
    act(() => api.approvals.show(samplingCardFixture({ conversationId: meta.id })))
    const card = await within(screen.getByTestId('transcript')).findByTestId('approval-card')
    fireEvent.click(within(card).getByRole('button', { name: 'Approve' }))
    await waitFor(() => expect(api.approvals.decisions).toHaveLength(1))
    expect(api.approvals.decisions[0]).toMatchObject({ id: 'card-1', decision: { kind: 'approve' } })
  })
})
