import { describe, expect, it } from 'vitest'
import { PendingToolCalls } from '../../../../src/main/core/chat/pending-tool-calls'
import { TOOL_CALL_ARGUMENTS_NOTE, type ToolCallCard } from '../../../../src/shared/chat/tool-call-card'

function card(id: string, conversationId = 'conv-a'): ToolCallCard {
  return {
    id,
    kind: 'tool-call',
    conversationId,
    serverId: 'docs',
    serverName: 'Docs',
    transportLabel: 'stdio: docs',
    destination: 'docs-mcp --stdio',
    toolName: 'query',
    exposedName: 'mcp_docs_query',
    arguments: '{}',
    argumentsTruncated: false,
    note: TOOL_CALL_ARGUMENTS_NOTE,
    createdAt: '2026-12-01T10:00:00.000Z',
  }
}

describe('PendingToolCalls', () => {
  it('holds cards in arrival order until decided, announcing every change', async () => {
    const pending = new PendingToolCalls()
    const seen: string[][] = []
    pending.subscribe((cards) => seen.push(cards.map((c) => c.id)))
    const first = pending.ask(card('1'))
    const second = pending.ask(card('2'))
    expect(pending.list().map((c) => c.id)).toEqual(['1', '2'])
    pending.decide('2', 'approve-for-conversation')
    pending.decide('1', 'deny')
    expect(await first).toBe('deny')
    expect(await second).toBe('approve-for-conversation')
    expect(seen).toEqual([['1'], ['1', '2'], ['1'], []])
  })

  it('answers closed and removes the card when the turn aborts', async () => {
    const pending = new PendingToolCalls()
    const controller = new AbortController()
    const answer = pending.ask(card('1'), controller.signal)
    controller.abort()
    expect(await answer).toBe('closed')
    expect(pending.list()).toEqual([])
    expect(await pending.ask(card('2'), controller.signal)).toBe('closed')
    expect(pending.list()).toEqual([])
  })

  it("closes a conversation's cards only", async () => {
    const pending = new PendingToolCalls()
    const a = pending.ask(card('1', 'conv-a'))
    void pending.ask(card('2', 'conv-b'))
    pending.closeConversation('conv-a')
    expect(await a).toBe('closed')
    expect(pending.list().map((c) => c.id)).toEqual(['2'])
  })

  it('refuses a decision for a card that is not pending, naming it', () => {
    const pending = new PendingToolCalls()
    expect(() => pending.decide('nope', 'approve')).toThrow('no pending tool call with id "nope"')
    void pending.ask(card('1'))
    expect(() => pending.ask(card('1'))).toThrow('already pending')
  })
})
