import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { conversationId, conversationMetaFixture, toolCallCardFixture } from '../support/fake-chat'
import { renderApp } from '../support/render-app'
import { chatApi } from '../support/render-chat'

afterEach(cleanup)

const older = conversationMetaFixture({ id: conversationId(1), title: 'Release notes' })
const newer = conversationMetaFixture({
  id: conversationId(2),
  title: 'Budget',
  updatedAt: '2026-01-01T12:00:00.000Z',
})

async function renderSidebar() {
  const api = chatApi()
  api.chat.seed(older)
  api.chat.seed(newer)
  const rendered = await renderApp(api)
  return { ...rendered, sidebar: screen.getByTestId('sidebar') }
}

function rows(sidebar: HTMLElement): HTMLElement[] {
  return within(sidebar).getAllByTestId('conversation-row')
}

describe('sidebar conversations', () => {
  it('lists conversations most recent first; a click (or Enter on the focused row) opens one and marks it current', async () => {
    const { sidebar, store } = await renderSidebar()
    expect(rows(sidebar).map((row) => row.querySelector('.conversation-name')?.textContent)).toEqual([
      'Budget',
      'Release notes',
    ])
    const open = within(sidebar).getByRole('button', { name: 'Release notes' })
    expect(open.tagName).toBe('BUTTON')
    fireEvent.click(open)
    await waitFor(() => expect(store.getState().conversation?.id).toBe(older.id))
    expect(within(sidebar).getByRole('button', { name: 'Release notes' }).getAttribute('aria-current')).toBe(
      'true',
    )
    expect(within(sidebar).getByRole('button', { name: 'Budget' }).getAttribute('aria-current')).toBeNull()
    expect(screen.getByTestId('conversation-title').textContent).toBe('Release notes')
  })

  it('creates a conversation with the New conversation button and opens it', async () => {
    const { api, sidebar, store } = await renderSidebar()
    fireEvent.click(within(sidebar).getByRole('button', { name: 'New conversation' }))
    await waitFor(() => expect(store.getState().conversation?.meta.title).toBe('New conversation'))
    expect(api.callsTo('chat:create')).toEqual([{}])
    expect(rows(sidebar)).toHaveLength(3)
    expect(rows(sidebar)[0]!.classList.contains('conversation-row--selected')).toBe(true)
  })

  it('renames in place: Enter saves, Escape cancels, and focus returns to the Rename button', async () => {
    const { api, sidebar } = await renderSidebar()
    fireEvent.click(within(sidebar).getByRole('button', { name: 'Rename Budget' }))
    const field = within(sidebar).getByLabelText<HTMLInputElement>('New title for Budget')
    await waitFor(() => expect(document.activeElement).toBe(field))
    fireEvent.keyDown(field, { key: 'Escape' })
    await waitFor(() =>
      expect(document.activeElement).toBe(within(sidebar).getByRole('button', { name: 'Rename Budget' })),
    )
    expect(api.callsTo('chat:rename')).toEqual([])

    fireEvent.click(within(sidebar).getByRole('button', { name: 'Rename Budget' }))
    const again = within(sidebar).getByLabelText<HTMLInputElement>('New title for Budget')
    fireEvent.change(again, { target: { value: '  Budget 2027  ' } })
    fireEvent.submit(again.form!)
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(sidebar).getByRole('button', { name: 'Rename Budget 2027' }),
      ),
    )
    expect(api.callsTo('chat:rename')).toEqual([{ id: newer.id, title: 'Budget 2027' }])
  })

  it('deletes after an in-place confirmation whose Cancel has focus first', async () => {
    const { api, sidebar } = await renderSidebar()
    fireEvent.click(within(sidebar).getByRole('button', { name: 'Delete Release notes' }))
    const group = within(sidebar).getByRole('group', { name: 'Confirm deleting conversation Release notes' })
    expect(group.textContent).toContain('Delete “Release notes” and its transcript?')
    await waitFor(() =>
      expect(document.activeElement).toBe(within(group).getByRole('button', { name: 'Cancel' })),
    )
    fireEvent.click(within(group).getByRole('button', { name: 'Cancel' }))
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(sidebar).getByRole('button', { name: 'Delete Release notes' }),
      ),
    )
    expect(api.callsTo('chat:delete')).toEqual([])

    fireEvent.click(within(sidebar).getByRole('button', { name: 'Delete Release notes' }))
    fireEvent.click(within(sidebar).getByRole('button', { name: 'Yes, delete conversation Release notes' }))
    await waitFor(() => expect(rows(sidebar)).toHaveLength(1))
    expect(api.callsTo('chat:delete')).toEqual([{ id: older.id }])
  })

  it('badges a conversation while a tool call waits in it, and the bell counts it', async () => {
    const { api, sidebar } = await renderSidebar()
    expect(within(sidebar).queryByTestId('conversation-badge')).toBeNull()
    act(() => api.chat.showToolCall(toolCallCardFixture({ conversationId: older.id })))
    const badge = within(sidebar).getByTestId('conversation-badge')
    expect(badge.closest('[data-testid="conversation-row"]')?.textContent).toContain('Release notes')
    expect(within(sidebar).getByRole('button', { name: 'Release notes, 1 tool call waiting' })).toBeTruthy()
    expect(screen.getByTestId('approvals-bell').getAttribute('aria-label')).toBe('Pending approvals: 1')
  })
})
