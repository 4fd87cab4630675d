// Chat's tool-call card shows a 2026-07-28 server's input rounds (MRTR) as they happen: the window hears a
// `chat:tool-round` event for each input the server asks for inside the call, and the result record says
// how many rounds it took. The same tools over the 2025 handshake (the server's shim sends real
// sampling/createMessage requests) give the same answers without rounds. mrtr-server.ts runs over stdio.
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import type { EventOf } from '../../../../src/shared/ipc/contract'
import { serverWhen, startChatHost, type ChatHostHarness } from './chat-host-harness'

const MRTR_SERVER = fileURLToPath(new URL('../../../fixtures/mcp-servers/mrtr-server.ts', import.meta.url))

let harness: ChatHostHarness | undefined
afterEach(async () => {
  await harness?.close()
  harness = undefined
})

type Era = '2026-07-28' | '2025-11-25'

async function start(era: Era, sampling: 'ask' | 'allow'): Promise<ChatHostHarness> {
  const h = (harness = await startChatHost({
    servers: [
      {
        id: 'notes',
        sampling,
        setup: () => {},
        stdio: { command: process.execPath, args: [MRTR_SERVER], protocol: era },
      },
    ],
  }))
  await serverWhen(h, 'notes', (s) => s.status === 'connected' && s.protocolVersion === era)
  return h
}

/**
 * Sends a message whose first step calls `tool` once and approves the call; the model then answers with
 * `texts` in order (the server's sampling requests first, the turn's last step last).
 */
async function callThroughChat(
  h: ChatHostHarness,
  tool: string,
  args: Record<string, unknown>,
  texts: string[],
): Promise<{ conversationId: string; turnId: string }> {
  const { id } = await h.call('chat:create', {})
  h.mock.enqueue(
    { kind: 'tool_calls', calls: [{ id: 'c1', name: `mcp_notes_${tool}`, arguments: JSON.stringify(args) }] },
    ...texts.map((text) => ({ kind: 'text' as const, chunks: [text] })),
  )
  const { turnId } = await h.call('chat:send', { id, text: `use ${tool}` })
  const card = await h.waitFor('chat:tool-calls', (event) => event.cards.length === 1)
  await h.call('chat:decide-tool-call', { id: card.cards[0]!.id, decision: 'approve' })
  return { conversationId: id, turnId }
}

function resultOf(h: ChatHostHarness, conversationId: string) {
  return h.waitFor(
    'chat:record',
    (event) => event.conversationId === conversationId && event.record.type === 'tool_result',
  ) as Promise<EventOf<'chat:record'> & { record: { type: 'tool_result' } }>
}

describe('chat tool calls over MRTR rounds', () => {
  it('announces each round while the sampling card waits, and records the round count (2026-07-28)', async () => {
    const h = await start('2026-07-28', 'ask')
    const { conversationId, turnId } = await callThroughChat(h, 'summarize', { text: 'long text' }, [
      'a short summary',
      'done',
    ])

    const round = await h.waitFor('chat:tool-round', (event) => event.callId === 'c1')
    expect(round).toEqual({ conversationId, turnId, callId: 'c1', round: 1, asked: 'sampling' })
    const sampling = await h.waitFor('approvals:changed', (event) => event.upsert.length === 1)
    expect(sampling.upsert[0]).toMatchObject({
      serverId: 'notes',
      askedInside: { kind: 'tool', name: 'summarize', round: 1 },
    })
    await h.call('approvals:decide', { id: sampling.upsert[0]!.id, decision: { kind: 'approve' } })

    const result = await resultOf(h, conversationId)
    expect(result.record).toMatchObject({ state: 'completed', inputRounds: 1 })
    expect(result.record.text).toContain('a short summary')
    const end = await h.waitFor('chat:turn', (event) => event.turnId === turnId && event.state !== 'running')
    expect(end.state).toBe('completed')
  })

  it('counts every round of a call that asks again, in order', async () => {
    const h = await start('2026-07-28', 'allow')
    const texts = ['one', 'two', 'three', 'done']
    const { conversationId } = await callThroughChat(h, 'ask-again', { rounds: 3 }, texts)
    const result = await resultOf(h, conversationId)
    expect(result.record).toMatchObject({ state: 'completed', inputRounds: 3 })
    expect(result.record.text).toContain('answered after 3 rounds: three')
    const rounds = h.events('chat:tool-round').map((event) => [event.round, event.asked])
    expect(rounds).toEqual([
      [1, 'sampling'],
      [2, 'sampling'],
      [3, 'sampling'],
    ])
  })

  it('gives the same answer over the 2025 handshake, with no rounds to show', async () => {
    const h = await start('2025-11-25', 'allow')
    const texts = ['a short summary', 'done']
    const { conversationId } = await callThroughChat(h, 'summarize', { text: 'long text' }, texts)
    const result = await resultOf(h, conversationId)
    expect(result.record.state).toBe('completed')
    expect(result.record.text).toContain('a short summary')
    expect(result.record).not.toHaveProperty('inputRounds')
    expect(h.events('chat:tool-round')).toEqual([])
  })
})
