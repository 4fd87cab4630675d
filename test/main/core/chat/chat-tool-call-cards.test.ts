// A tool-call card names the call it decides (turnId + callId of its `tool_call` record), so the window can
// show the card in place of the call's row instead of beside it; and the arguments note is shown once per
// server in a conversation (`noteShownBefore` on the later cards), not on every call of a busy server.
import type { McpServer } from '@modelcontextprotocol/server'
import { afterEach, describe, expect, it } from 'vitest'
import type { ToolCallCard } from '../../../../src/shared/chat/tool-call-card'
import type { TranscriptRecord } from '../../../../src/shared/chat/transcript-schema'
import { startChatHost, type ChatHostHarness } from './chat-host-harness'

let harness: ChatHostHarness | undefined
afterEach(async () => {
  await harness?.close()
  harness = undefined
})

function echoServer(id: string) {
  return {
    id,
    capabilities: { capabilities: { tools: {} } },
    setup: (server: McpServer) => {
      server.registerTool('ping', { description: 'Answers pong' }, () => ({
        content: [{ type: 'text', text: 'pong' }],
      }))
    },
  }
}

/** Every card decided so far: `waitFor` also answers with events already seen. */
const decided = new Set<string>()

/** Sends a message whose one step calls `tools` in order, approving each card; returns the cards shown. */
async function turnCalling(h: ChatHostHarness, conversationId: string, tools: string[]) {
  h.mock.enqueue(
    {
      kind: 'tool_calls',
      calls: tools.map((name, index) => ({ id: `call_${index}`, name, arguments: '{}' })),
    },
    { kind: 'text', chunks: ['done'] },
  )
  const { turnId } = await h.call('chat:send', { id: conversationId, text: 'ping them' })
  const cards: ToolCallCard[] = []
  const fresh = (card: ToolCallCard) => card.conversationId === conversationId && !decided.has(card.id)
  for (let index = 0; index < tools.length; index += 1) {
    const shown = await h.waitFor('chat:tool-calls', (event) => event.cards.some(fresh))
    const card = shown.cards.find(fresh)!
    decided.add(card.id)
    cards.push(card)
    await h.call('chat:decide-tool-call', { id: card.id, decision: 'approve' })
  }
  await h.waitFor('chat:turn', (event) => event.turnId === turnId && event.state !== 'running')
  return { turnId, cards }
}

function toolCallRecords(h: ChatHostHarness, conversationId: string) {
  return h
    .events('chat:record')
    .filter((event) => event.conversationId === conversationId)
    .map((event) => event.record)
    .filter(
      (record): record is Extract<TranscriptRecord, { type: 'tool_call' }> => record.type === 'tool_call',
    )
}

describe('tool-call cards', () => {
  it('name the tool_call record they decide', async () => {
    const h = (harness = await startChatHost({ servers: [echoServer('alpha')] }))
    const { id } = await h.call('chat:create', {})
    const { turnId, cards } = await turnCalling(h, id, ['mcp_alpha_ping', 'mcp_alpha_ping'])
    const calls = toolCallRecords(h, id)
    expect(calls.map((call) => [call.turnId, call.callId])).toEqual([
      [turnId, 'call_0'],
      [turnId, 'call_1'],
    ])
    expect(cards.map((card) => [card.turnId, card.callId])).toEqual([
      [turnId, 'call_0'],
      [turnId, 'call_1'],
    ])
  })

  it('carry the arguments note once per server in a conversation', async () => {
    const h = (harness = await startChatHost({ servers: [echoServer('alpha'), echoServer('beta')] }))
    const { id } = await h.call('chat:create', {})
    const first = await turnCalling(h, id, ['mcp_alpha_ping', 'mcp_alpha_ping', 'mcp_beta_ping'])
    expect(first.cards.map((card) => [card.serverId, card.noteShownBefore])).toEqual([
      ['alpha', undefined],
      ['alpha', true],
      ['beta', undefined],
    ])
    // A later turn of the same conversation: both servers were already introduced.
    const second = await turnCalling(h, id, ['mcp_beta_ping'])
    expect(second.cards.map((card) => card.noteShownBefore)).toEqual([true])
    // Another conversation starts afresh.
    const other = await h.call('chat:create', {})
    const third = await turnCalling(h, other.id, ['mcp_alpha_ping'])
    expect(third.cards.map((card) => card.noteShownBefore)).toEqual([undefined])
    // The note itself stays on every card, so a client that shows it always still can.
    expect(new Set([...first.cards, ...second.cards, ...third.cards].map((card) => card.note)).size).toBe(1)
  })
})
