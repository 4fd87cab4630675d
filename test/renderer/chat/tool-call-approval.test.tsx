import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { TOOL_CALL_ARGUMENTS_NOTE, type ToolCallCard } from '../../../src/shared/chat/tool-call-card'
import { conversationId, conversationMetaFixture, toolCallCardFixture } from '../support/fake-chat'
import { chatApi, renderOpenConversation } from '../support/render-chat'

afterEach(cleanup)

async function cardInTranscript(card: ToolCallCard = toolCallCardFixture()) {
  const api = chatApi()
  api.chat.cards = [card]
  const rendered = await renderOpenConversation([], { api })
  const element = within(screen.getByTestId('transcript')).getByTestId('tool-call-card')
  return { ...rendered, card: element }
}

describe('tool-call approval card', () => {
  it('shows server, destination, tool and pretty arguments with the note, in the transcript of its conversation', async () => {
    const { card } = await cardInTranscript(
      toolCallCardFixture({ toolTitle: 'Search the docs', annotations: { readOnlyHint: true } }),
    )
    expect(within(card).getByRole('heading').textContent).toBe('The model wants to call query on Docs')
    expect(card.querySelector('.approval-card-meta')?.textContent).toMatch(
      /^stdio: docs-mcpTool callwaited \d+ /,
    )
    const facts = card.querySelector('.tool-call-facts')!
    expect(facts.textContent).toContain('ServerDocs (docs)')
    expect(facts.textContent).toContain('Destination/usr/bin/docs-mcp --index /srv/docs')
    expect(facts.textContent).toContain('Toolquery Search the docs mcp_docs_query')
    expect(within(card).getByText('read-only').getAttribute('title')).toContain('not verified')
    expect(within(card).getByTestId('tool-call-arguments').textContent).toBe('{\n  "q": "release date"\n}')
    expect(within(card).getByRole('note').textContent).toBe(TOOL_CALL_ARGUMENTS_NOTE)
    expect(facts.classList.contains('selectable')).toBe(true)
    // Not a dialog: the transcript and the composer stay usable.
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByTestId('approvals-bell').getAttribute('aria-label')).toBe('Pending approvals: 1')
  })

  it('denies with Enter anywhere on the card, as its help says', async () => {
    const { api, card } = await cardInTranscript()
    expect(document.getElementById(card.getAttribute('aria-describedby')!)?.textContent).toMatch(
      /^Enter on this card denies the call/,
    )
    fireEvent.keyDown(card, { key: 'Enter' })
    await waitFor(() => expect(api.chat.decisions).toEqual([{ id: 'call-card-1', decision: 'deny' }]))
    await waitFor(() => expect(screen.queryByTestId('tool-call-card')).toBeNull())
  })

  it('Enter on the arguments (or the Deny button) denies too', async () => {
    const { api, card } = await cardInTranscript()
    fireEvent.keyDown(within(card).getByTestId('tool-call-arguments'), { key: 'Enter' })
    await waitFor(() => expect(api.chat.decisions.map((entry) => entry.decision)).toEqual(['deny']))
  })

  it('Enter on the Approve button approves, and on the for-conversation button approves for the conversation', async () => {
    const { api, card } = await cardInTranscript()
    fireEvent.keyDown(within(card).getByRole('button', { name: 'Approve' }), { key: 'Enter' })
    await waitFor(() => expect(api.chat.decisions).toEqual([{ id: 'call-card-1', decision: 'approve' }]))

    act(() => api.chat.showToolCall(toolCallCardFixture({ id: 'call-card-2' })))
    const second = await screen.findByTestId('tool-call-card')
    fireEvent.keyDown(within(second).getByRole('button', { name: 'Approve for this conversation' }), {
      key: 'Enter',
    })
    await waitFor(() =>
      expect(api.chat.decisions.at(-1)).toEqual({ id: 'call-card-2', decision: 'approve-for-conversation' }),
    )
  })

  it('each button sends its decision once, and the buttons come back when the host refuses it', async () => {
    const { api, card } = await cardInTranscript()
    api.fail('chat:decide-tool-call', { code: 'not_found', message: 'the call is gone' })
    const approve = within(card).getByRole<HTMLButtonElement>('button', { name: 'Approve' })
    fireEvent.click(approve)
    await waitFor(() => expect(screen.getByTestId('errors').textContent).toContain('the call is gone'))
    // The error and the buttons coming back are separate renders: on a loaded machine one may lag.
    await waitFor(() => expect(approve.disabled).toBe(false))

    api.succeed('chat:decide-tool-call')
    fireEvent.click(within(card).getByRole('button', { name: 'Deny' }))
    await waitFor(() => expect(api.chat.decisions).toEqual([{ id: 'call-card-1', decision: 'deny' }]))
  })

  it('marks truncated arguments and folds long ones until asked', async () => {
    const long = `{\n  "text": "${'x'.repeat(2100)}\n… truncated`
    const { card } = await cardInTranscript(
      toolCallCardFixture({ arguments: long, argumentsTruncated: true }),
    )
    expect(within(card).getByTestId('tool-call-arguments-truncated').textContent).toMatch(/^… truncated/)
    const box = within(card).getByTestId('tool-call-arguments')
    expect(box.classList.contains('tool-call-json--collapsed')).toBe(true)
    const toggle = within(card).getByRole('button', { name: 'Show all arguments' })
    fireEvent.click(toggle)
    expect(box.classList.contains('tool-call-json--collapsed')).toBe(false)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
  })

  it('shows the diff when the tool changed since it was approved, invisible characters made visible', async () => {
    const before = {
      name: 'query',
      exposedName: 'mcp_docs_query',
      description: 'Searches docs',
      inputSchema: {},
    }
    const { card } = await cardInTranscript(
      toolCallCardFixture({
        changed: {
          kind: 'changed',
          name: 'query',
          exposedName: 'mcp_docs_query',
          fields: ['description'],
          before,
          after: { ...before, description: 'Searches docs\u200b and mails them out' },
        },
      }),
    )
    const changed = within(card).getByRole('region', { name: 'Tool definition changed' })
    expect(changed.textContent).toContain('changed since it was approved')
    expect(changed.textContent).toContain('Searches docs⟦U+200B⟧ and mails them out')
  })

  it('waits in the approvals drawer, with a way to its conversation, when that conversation is not open', async () => {
    const api = chatApi()
    const other = conversationMetaFixture({ id: conversationId(2), title: 'Budget' })
    api.chat.seed(other)
    api.chat.cards = [toolCallCardFixture({ conversationId: other.id })]
    const { store } = await renderOpenConversation([], { api })
    expect(within(screen.getByTestId('transcript')).queryByTestId('tool-call-card')).toBeNull()
    expect(within(screen.getByTestId('sidebar')).getByTestId('conversation-badge').textContent).toContain(
      '1 tool call waiting',
    )

    fireEvent.click(screen.getByTestId('approvals-bell'))
    const drawer = screen.getByTestId('drawer')
    const card = within(drawer).getByTestId('tool-call-card')
    expect(card.textContent).toContain('In conversation “Budget”')
    fireEvent.click(within(card).getByRole('button', { name: 'Open conversation' }))
    await waitFor(() => expect(store.getState().conversation?.id).toBe(other.id))
    await waitFor(() =>
      expect(within(screen.getByTestId('transcript')).getByTestId('tool-call-card')).toBeTruthy(),
    )
    expect(within(screen.getByTestId('drawer')).queryByTestId('tool-call-card')).toBeNull()
  })

  it('a notification click brings the card of the open conversation into view with focus, without the drawer', async () => {
    const { api, card } = await cardInTranscript()
    act(() => api.emit('approvals:focus', { id: 'call-card-1' }))
    await waitFor(() => expect(document.activeElement).toBe(card))
    expect(screen.queryByTestId('drawer')).toBeNull()
  })
})
