// Narrow windows (issue 21, item 2): the title bar's toggle shows the sidebar over the conversation; choosing
// or starting a conversation, the toggle again, or Escape put it away. (Which widths hide the sidebar is CSS,
// checked in Chromium by test/e2e/narrow-window.test.ts.)
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { conversationId, conversationMetaFixture } from '../support/fake-chat'
import { chatApi, renderOpenConversation } from '../support/render-chat'

afterEach(cleanup)

const toggle = () => screen.getByTestId('sidebar-toggle')
const sidebar = () => screen.getByTestId('sidebar')

describe('the sidebar toggle', () => {
  it('opens and closes the sidebar overlay, and says so', async () => {
    await renderOpenConversation([])
    expect(toggle().getAttribute('aria-expanded')).toBe('false')
    expect(toggle().getAttribute('aria-controls')).toBe('sidebar')
    fireEvent.click(toggle())
    expect(sidebar().classList.contains('sidebar--open')).toBe(true)
    expect(toggle().getAttribute('aria-expanded')).toBe('true')
    fireEvent.click(toggle())
    expect(sidebar().classList.contains('sidebar--open')).toBe(false)
  })

  it('puts the overlay away when a conversation is chosen, and on Escape with focus back on the toggle', async () => {
    const api = chatApi()
    const other = conversationMetaFixture({ id: conversationId(2), title: 'Travel plans' })
    api.chat.seed(other, [], { warnings: [], awaitingConfirmation: false })
    const { store } = await renderOpenConversation([], { api })
    await waitFor(() => expect(store.getState().conversations).toHaveLength(2))
    fireEvent.click(toggle())
    fireEvent.click(screen.getByText('Travel plans'))
    await waitFor(() => expect(store.getState().conversation?.id).toBe(other.id))
    expect(sidebar().classList.contains('sidebar--open')).toBe(false)

    fireEvent.click(toggle())
    fireEvent.keyDown(sidebar(), { key: 'Escape' })
    expect(sidebar().classList.contains('sidebar--open')).toBe(false)
    expect(document.activeElement).toBe(toggle())
  })
})
