// Pending approvals are announced (issue 21, item 1): the window title carries the count, a toast in a polite
// live region names the server and what it asks, and "Show" brings the card into view with focus.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { toolCallCardFixture } from '../support/fake-chat'
import { formCardFixture } from '../support/elicitation-fixtures'
import { chatApi, renderOpenConversation } from '../support/render-chat'
import { renderApp } from '../support/render-app'
import { samplingCardFixture } from '../support/sampling-fixtures'

afterEach(cleanup)

const region = () => screen.getByTestId('approval-toast-region')

describe('announcing pending approvals', () => {
  it('counts waiting requests in the window title and names each new one in a live region', async () => {
    const api = chatApi()
    await renderApp(api)
    expect(document.title).toBe('MCP Desk')
    expect(region().getAttribute('aria-live')).toBe('polite')
    expect(region().textContent).toBe('')

    const { conversationId: _none, ...sampling } = samplingCardFixture()
    act(() => api.approvals.show(sampling))
    await waitFor(() => expect(document.title).toBe('(1) MCP Desk'))
    expect(within(region()).getByTestId('approval-toast').textContent).toContain('Notes wants to run a model')

    const { conversationId: _also, ...question } = formCardFixture()
    act(() => api.elicitations.ask(question))
    await waitFor(() => expect(document.title).toBe('(2) MCP Desk'))
    expect(region().textContent).toContain('Docs asks you for information')
  })

  it('names a tool call, and says how many more arrived at once', async () => {
    const api = chatApi()
    api.chat.cards = [toolCallCardFixture(), toolCallCardFixture({ id: 'call-2' })]
    await renderOpenConversation([], { api })
    await waitFor(() => expect(document.title).toBe('(2) MCP Desk'))
    expect(region().textContent).toMatch(/^The model wants to call \S+ on \S+ \(and 1 more request\)/)
    // The cards are in the open conversation, in front of the user: announced, not shown a second time.
    expect(within(region()).queryByRole('button', { name: 'Show' })).toBeNull()
    expect(within(region()).getByTestId('approval-toast').className).toBe('visually-hidden')
  })

  it('Show opens the drawer on the card with focus; Dismiss only hides the notice', async () => {
    const api = chatApi()
    const { store } = await renderApp(api)
    const { conversationId: _none, ...sampling } = samplingCardFixture()
    act(() => api.approvals.show(sampling))
    fireEvent.click(await within(region()).findByRole('button', { name: 'Show' }))
    expect(store.getState().drawer).toBe('approvals')
    const card = within(screen.getByTestId('drawer')).getByTestId('approval-card')
    await waitFor(() => expect(document.activeElement).toBe(card))
    expect(region().textContent).toBe('')

    // With the drawer closed again, a new request gets a toast of its own.
    act(() => store.getState().closeDrawer())
    act(() => api.approvals.show({ ...sampling, id: 'card-2' }))
    await waitFor(() => expect(region().textContent).toContain('Notes wants to run a model'))
    fireEvent.click(
      await within(region()).findByRole('button', { name: 'Dismiss this notice (the request still waits)' }),
    )
    expect(region().textContent).toBe('')
    expect(document.title).toBe('(2) MCP Desk')
  })

  it('with the approvals drawer open, announces a new request without a toast over the cards', async () => {
    const api = chatApi()
    await renderApp(api)
    fireEvent.click(screen.getByTestId('approvals-bell'))
    const { conversationId: _none, ...sampling } = samplingCardFixture()
    act(() => api.approvals.show(sampling))
    await waitFor(() => expect(region().textContent).toContain('Notes wants to run a model'))
    // The card is in the open drawer already: a toast would only cover it.
    expect(within(region()).getByTestId('approval-toast').className).toBe('visually-hidden')
    expect(within(region()).queryByRole('button', { name: 'Show' })).toBeNull()
  })

  it('closing the drawer with Escape says the request still waits, and where', async () => {
    const api = chatApi()
    await renderApp(api)
    const { conversationId: _none, ...sampling } = samplingCardFixture()
    act(() => api.approvals.show(sampling))
    fireEvent.click(
      within(region()).getByRole('button', { name: 'Dismiss this notice (the request still waits)' }),
    )
    fireEvent.click(screen.getByTestId('approvals-bell'))
    fireEvent.keyDown(screen.getByTestId('drawer'), { key: 'Escape' })
    expect(screen.queryByTestId('drawer')).toBeNull()
    expect(region().textContent).toContain(
      'Still waiting for you: Notes wants to run a model. It stays in Approvals (the bell).',
    )
    fireEvent.click(within(region()).getByRole('button', { name: 'Show' }))
    await waitFor(() => expect(document.activeElement?.id).toBe('approval-card-card-1'))
  })

  it('takes the notice down when its request is answered elsewhere', async () => {
    const api = chatApi()
    await renderApp(api)
    const { conversationId: _none, ...sampling } = samplingCardFixture()
    act(() => api.approvals.show(sampling))
    await within(region()).findByTestId('approval-toast')
    act(() => api.approvals.remove('card-1'))
    await waitFor(() => expect(region().textContent).toBe(''))
    expect(document.title).toBe('MCP Desk')
  })
})
