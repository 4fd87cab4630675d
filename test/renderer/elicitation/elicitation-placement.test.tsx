import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { openQueuedCards } from '../support/approval-queue'
import { conversationId, conversationMetaFixture, toolCallCardFixture } from '../support/fake-chat'
import { formCardFixture, urlCardFixture } from '../support/elicitation-fixtures'
import { chatApi, renderOpenConversation } from '../support/render-chat'
import { renderApp } from '../support/render-app'

afterEach(cleanup)

const bell = () => screen.getByTestId('approvals-bell')

describe('where servers’ questions are shown, and the bell', () => {
  it('puts a question without a conversation in the approvals drawer, counted by the bell', async () => {
    const api = chatApi()
    const { conversationId: _none, ...withoutConversation } = formCardFixture()
    api.elicitations.cards = [withoutConversation]
    await renderApp(api)
    expect(bell().getAttribute('aria-label')).toBe('Pending approvals: 1')
    expect(bell().textContent).toBe('1')

    fireEvent.click(bell())
    const drawer = screen.getByTestId('drawer')
    const card = within(drawer).getByTestId('elicitation-card')
    expect(within(card).getByRole('heading').textContent).toBe('Docs asks for information')
    expect(within(drawer).getByTestId('approvals-summary').textContent).toBe('1 waiting for you')
    expect(within(card).queryByText(/In conversation/)).toBeNull()
  })

  it('puts a question of another conversation in the drawer with that conversation named and a way there', async () => {
    const api = chatApi()
    const other = conversationMetaFixture({ id: conversationId(2), title: 'Travel plans' })
    api.chat.seed(other, [], { warnings: [], awaitingConfirmation: false })
    api.elicitations.cards = [formCardFixture({ conversationId: other.id })]
    const { store } = await renderOpenConversation([], { api })
    expect(within(screen.getByTestId('transcript')).queryByTestId('elicitation-card')).toBeNull()

    fireEvent.click(bell())
    const card = within(screen.getByTestId('drawer')).getByTestId('elicitation-card')
    expect(within(card).getByText(/In conversation/).textContent).toContain('“Travel plans”')
    fireEvent.click(within(card).getByRole('button', { name: 'Open conversation' }))
    await waitFor(() => expect(store.getState().conversation?.id).toBe(other.id))
    // Now it is the open conversation's question: it moves into the transcript.
    await within(screen.getByTestId('transcript')).findByTestId('elicitation-card')
    const drawer = screen.getByTestId('drawer')
    expect(within(drawer).getByText('Nothing else is waiting.')).toBeTruthy()
    expect(
      within(drawer).getByText(
        'The tool calls, sampling requests and questions of the open conversation wait in its transcript.',
      ),
    ).toBeTruthy()
  })

  it('counts questions with tool calls and sampling cards, and an opened link not at all', async () => {
    const api = chatApi()
    api.chat.cards = [toolCallCardFixture()]
    api.elicitations.cards = [formCardFixture(), urlCardFixture({ id: 'link-open', opened: true })]
    await renderOpenConversation([], { api })
    expect(bell().getAttribute('aria-label')).toBe('Pending approvals: 2')

    act(() => api.elicitations.ask(urlCardFixture({ id: 'link-new' })))
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Pending approvals: 3'))
    const transcript = screen.getByTestId('transcript')
    // The oldest waiting request (the tool call) is open; the opened link is not waiting, so it shows too.
    expect(within(transcript).getByTestId('tool-call-card')).toBeTruthy()
    expect(within(transcript).getAllByTestId('elicitation-card')).toHaveLength(1)
    const queued = within(transcript).getAllByTestId('approval-summary')
    expect(queued.map((line) => line.dataset.cardId)).toEqual(['question-1', 'link-new'])
    openQueuedCards(transcript)
    expect(within(transcript).getAllByTestId('elicitation-card')).toHaveLength(3)
  })

  it('a tray or notification click on a question of the open conversation brings its card into focus', async () => {
    const api = chatApi()
    api.elicitations.cards = [formCardFixture()]
    const { store } = await renderOpenConversation([], { api })
    act(() => api.emit('approvals:focus', { id: 'question-1' }))
    const card = within(screen.getByTestId('transcript')).getByTestId('elicitation-card')
    await waitFor(() => expect(document.activeElement).toBe(card))
    expect(store.getState().drawer).toBeNull()
  })

  it('a focus request for a question elsewhere opens the drawer on it', async () => {
    const api = chatApi()
    api.elicitations.cards = [formCardFixture({ conversationId: conversationId(9) })]
    const { store } = await renderOpenConversation([], { api })
    act(() => api.emit('approvals:focus', { id: 'question-1' }))
    expect(store.getState().drawer).toBe('approvals')
    const card = await within(screen.getByTestId('drawer')).findByTestId('elicitation-card')
    await waitFor(() => expect(document.activeElement).toBe(card))
  })

  it('a focus request for a question of no conversation, with none open, opens the drawer on it', async () => {
    const api = chatApi()
    const { conversationId: _none, ...withoutConversation } = formCardFixture()
    api.elicitations.cards = [withoutConversation]
    const { store } = await renderApp(api)
    act(() => api.emit('approvals:focus', { id: 'question-1' }))
    expect(store.getState().drawer).toBe('approvals')
    const card = await within(screen.getByTestId('drawer')).findByTestId('elicitation-card')
    await waitFor(() => expect(document.activeElement).toBe(card))
  })

  it('follows the host: a question asked later appears, one answered elsewhere goes', async () => {
    const api = chatApi()
    await renderOpenConversation([], { api })
    expect(bell().getAttribute('aria-label')).toBe('Pending approvals: 0')
    act(() => api.elicitations.ask(formCardFixture()))
    await within(screen.getByTestId('transcript')).findByTestId('elicitation-card')
    await act(() => api.elicitations.answer({ id: 'question-1', action: 'cancel' }))
    await waitFor(() => expect(screen.queryByTestId('elicitation-card')).toBeNull())
    expect(bell().getAttribute('aria-label')).toBe('Pending approvals: 0')
  })
})
