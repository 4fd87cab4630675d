// Chat through the IPC contract, as the window drives it: conversations, a turn whose tool call waits on a
// card in `chat:tool-calls`, approve then deny with the server's own count, Stop reaching the provider and
// a pending card, the unknown-outcome hold, and sampling cards routed to the conversation that called.
import type { McpServer } from '@modelcontextprotocol/server'
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { TOOL_CALL_ARGUMENTS_NOTE } from '../../../../src/shared/chat/tool-call-card'
import { startChatHost, type ChatHostHarness } from './chat-host-harness'

let harness: ChatHostHarness | undefined
afterEach(async () => {
  await harness?.close()
  harness = undefined
})

/** A `docs` server whose `query` tool counts its calls and a `hang` tool that never answers. */
function docsServer(counter: { calls: number; hangs: number }) {
  return {
    id: 'docs',
    capabilities: { capabilities: { tools: {} } },
    setup: (server: McpServer) => {
      server.registerTool(
        'query',
        { description: 'Searches the docs', inputSchema: z.object({ q: z.string() }) },
        ({ q }) => {
          counter.calls += 1
          return { content: [{ type: 'text', text: `results for ${q} (call ${counter.calls})` }] }
        },
      )
      server.registerTool('hang', { description: 'Never answers' }, () => {
        counter.hangs += 1
        return new Promise<never>(() => {})
      })
    },
  }
}

const callQuery = (id: string, q: string) => ({
  kind: 'tool_calls' as const,
  calls: [{ id, name: 'mcp_docs_query', arguments: JSON.stringify({ q }) }],
})

async function turnEnd(h: ChatHostHarness, turnId: string) {
  return h.waitFor('chat:turn', (event) => event.turnId === turnId && event.state !== 'running')
}

describe('chat over the IPC contract', () => {
  it('creates, renames, sets the model of, opens and deletes conversations, announcing the list', async () => {
    const h = (harness = await startChatHost({ servers: [] }))
    const created = await h.call('chat:create', { title: 'Docs questions' })
    expect(
      h
        .events('chat:conversations')
        .at(-1)
        ?.conversations.map((c) => c.id),
    ).toEqual([created.id])
    const renamed = await h.call('chat:rename', { id: created.id, title: 'Renamed' })
    expect(renamed.title).toBe('Renamed')
    const withModel = await h.call('chat:set-model', { id: created.id, model: 'mock/mock-model' })
    expect(withModel.model).toBe('mock/mock-model')
    const opened = await h.call('chat:open', { id: created.id })
    expect(opened).toMatchObject({ meta: { title: 'Renamed' }, warnings: [], awaitingConfirmation: false })
    expect((await h.call('chat:list', {})).conversations).toHaveLength(1)
    await h.call('chat:delete', { id: created.id })
    expect(h.events('chat:conversations').at(-1)?.conversations).toEqual([])
    await expect(h.call('chat:open', { id: created.id })).rejects.toMatchObject({ code: 'not_found' })
    await expect(h.call('chat:rename', { id: 'not-an-id', title: 'x' })).rejects.toMatchObject({
      code: 'validation_failed',
    })
  })

  it('shows the card, sends once on Approve, and sends nothing on Deny (the server counts one call)', async () => {
    const counter = { calls: 0, hangs: 0 }
    const h = (harness = await startChatHost({ servers: [docsServer(counter)] }))
    const { id } = await h.call('chat:create', {})
    h.mock.enqueue(callQuery('call-1', 'install'), { kind: 'text', chunks: ['Found ', 'it.'] })

    const { turnId } = await h.call('chat:send', { id, text: 'How do I install?' })
    const { cards } = await h.waitFor('chat:tool-calls', (event) => event.cards.length === 1)
    expect(cards[0]).toMatchObject({
      conversationId: id,
      serverName: 'docs',
      destination: expect.stringContaining('in-process'),
      toolName: 'query',
      exposedName: 'mcp_docs_query',
      arguments: JSON.stringify({ q: 'install' }, null, 2),
      note: TOOL_CALL_ARGUMENTS_NOTE,
    })
    expect((await h.call('chat:tool-calls', {})).cards).toEqual(cards)
    expect(counter.calls).toBe(0)
    await h.call('chat:decide-tool-call', { id: cards[0]!.id, decision: 'approve' })
    expect(await turnEnd(h, turnId)).toMatchObject({ state: 'completed', unknownOutcome: false })
    expect(counter.calls).toBe(1)
    expect(h.events('chat:tool-calls').at(-1)?.cards).toEqual([])
    const deltas = h.events('chat:delta').filter((d) => d.turnId === turnId)
    expect(deltas.map((d) => d.text).join('')).toBe('Found it.')
    const recorded = h.events('chat:record').map((e) => e.record.type)
    expect(recorded).toEqual(['turn', 'user', 'tool_call', 'tool_result', 'assistant', 'turn'])

    h.mock.enqueue(callQuery('call-2', 'again'), { kind: 'text', chunks: ['Denied, fine.'] })
    const second = await h.call('chat:send', { id, text: 'Ask again' })
    const next = await h.waitFor(
      'chat:tool-calls',
      (event) => event.cards[0]?.arguments.includes('again') === true,
    )
    await h.call('chat:decide-tool-call', { id: next.cards[0]!.id, decision: 'deny' })
    expect(await turnEnd(h, second.turnId)).toMatchObject({ state: 'completed' })
    expect(counter.calls).toBe(1)
    const { records } = await h.call('chat:open', { id })
    const states = records.flatMap((r) => (r.type === 'tool_result' ? [r.state] : []))
    expect(states).toEqual(['completed', 'denied'])
    await expect(h.call('chat:decide-tool-call', { id: 'gone', decision: 'approve' })).rejects.toMatchObject({
      code: 'not_found',
    })
  })

  it("titles a new conversation from its first message's first line, and only then", async () => {
    const h = (harness = await startChatHost({ servers: [] }))
    const { id } = await h.call('chat:create', {})
    h.mock.enqueue({ kind: 'text', chunks: ['hi'] }, { kind: 'text', chunks: ['again'] })
    const first = await h.call('chat:send', { id, text: '\n  Plan   the release\nwith details' })
    expect(h.events('chat:conversations').at(-1)?.conversations[0]?.title).toBe('Plan the release')
    await turnEnd(h, first.turnId)
    const second = await h.call('chat:send', { id, text: 'Something else' })
    await turnEnd(h, second.turnId)
    expect((await h.call('chat:open', { id })).meta.title).toBe('Plan the release')
    const named = await h.call('chat:create', { title: 'Mine' })
    h.mock.enqueue({ kind: 'text', chunks: ['ok'] })
    await turnEnd(h, (await h.call('chat:send', { id: named.id, text: 'Other words' })).turnId)
    expect((await h.call('chat:open', { id: named.id })).meta.title).toBe('Mine')
  })

  it('refuses a second send while a turn runs, and Stop aborts the provider request', async () => {
    const h = (harness = await startChatHost({ servers: [] }))
    const { id } = await h.call('chat:create', {})
    h.mock.enqueue({ kind: 'stall', afterChunks: ['Thinking'] })
    const { turnId } = await h.call('chat:send', { id, text: 'Take your time' })
    await h.waitFor('chat:delta', (d) => d.turnId === turnId)
    expect((await h.call('chat:open', { id })).runningTurnId).toBe(turnId)
    await expect(h.call('chat:send', { id, text: 'again' })).rejects.toMatchObject({ code: 'conflict' })
    expect(await h.call('chat:stop', { id })).toEqual({ stopped: true })
    await h.mock.waitForDisconnect(1)
    expect(await turnEnd(h, turnId)).toMatchObject({ state: 'cancelled' })
    expect(await h.call('chat:stop', { id })).toEqual({ stopped: false })
    expect((await h.call('chat:open', { id })).runningTurnId).toBeUndefined()
  })

  it('takes down a pending card when the turn is stopped, and nothing is sent', async () => {
    const counter = { calls: 0, hangs: 0 }
    const h = (harness = await startChatHost({ servers: [docsServer(counter)] }))
    const { id } = await h.call('chat:create', {})
    h.mock.enqueue(callQuery('call-1', 'x'))
    const { turnId } = await h.call('chat:send', { id, text: 'go' })
    await h.waitFor('chat:tool-calls', (event) => event.cards.length === 1)
    await h.call('chat:stop', { id })
    expect(await turnEnd(h, turnId)).toMatchObject({ state: 'cancelled' })
    expect(h.events('chat:tool-calls').at(-1)?.cards).toEqual([])
    expect(counter.calls).toBe(0)
  })

  it('deletes a conversation whose turn waits on a card: the turn ends, the card goes, nothing is sent', async () => {
    const counter = { calls: 0, hangs: 0 }
    const h = (harness = await startChatHost({ servers: [docsServer(counter)] }))
    const { id } = await h.call('chat:create', {})
    h.mock.enqueue(callQuery('call-1', 'x'))
    const { turnId } = await h.call('chat:send', { id, text: 'go' })
    await h.waitFor('chat:tool-calls', (event) => event.cards.length === 1)
    await h.call('chat:delete', { id })
    expect(await turnEnd(h, turnId)).toMatchObject({ state: 'cancelled' })
    expect(h.events('chat:tool-calls').at(-1)?.cards).toEqual([])
    expect((await h.call('chat:list', {})).conversations).toEqual([])
    expect(counter.calls).toBe(0)
  })

  it('holds the next message after an unknown outcome until the user confirms', async () => {
    const counter = { calls: 0, hangs: 0 }
    const h = (harness = await startChatHost({ servers: [docsServer(counter)], toolCallTimeoutMs: 100 }))
    const { id } = await h.call('chat:create', {})
    h.mock.enqueue(
      { kind: 'tool_calls', calls: [{ id: 'h1', name: 'mcp_docs_hang', arguments: '{}' }] },
      { kind: 'text', chunks: ['It may have run.'] },
    )
    const first = await h.call('chat:send', { id, text: 'hang please' })
    const card = await h.waitFor('chat:tool-calls', (event) => event.cards.length === 1)
    await h.call('chat:decide-tool-call', { id: card.cards[0]!.id, decision: 'approve' })
    expect(await turnEnd(h, first.turnId)).toMatchObject({ state: 'completed', unknownOutcome: true })
    expect(counter.hangs).toBe(1)
    expect((await h.call('chat:open', { id })).awaitingConfirmation).toBe(true)
    await expect(h.call('chat:send', { id, text: 'next' })).rejects.toMatchObject({ code: 'conflict' })
    h.mock.enqueue({ kind: 'text', chunks: ['ok'] })
    const confirmed = await h.call('chat:send', { id, text: 'next', confirmUnknown: true })
    expect(await turnEnd(h, confirmed.turnId)).toMatchObject({ state: 'completed' })
    expect((await h.call('chat:open', { id })).awaitingConfirmation).toBe(false)
    expect(counter.hangs).toBe(1)
  })

  it("routes a server's sampling card to the conversation that last called its tool", async () => {
    const h = (harness = await startChatHost({
      servers: [
        {
          id: 'asker',
          sampling: 'ask',
          capabilities: { capabilities: { tools: {} } },
          setup: (server) => {
            server.registerTool('summarise', { description: 'Asks the host to run a model' }, async () => {
              const answer = await server.server
                .createMessage({
                  messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }],
                  maxTokens: 5,
                })
                .then(
                  () => 'sampled',
                  (error: Error) => `refused: ${error.message}`,
                )
              return { content: [{ type: 'text', text: answer }] }
            })
          },
        },
      ],
    }))
    const { id } = await h.call('chat:create', {})
    h.mock.enqueue(
      { kind: 'tool_calls', calls: [{ id: 's1', name: 'mcp_asker_summarise', arguments: '{}' }] },
      { kind: 'text', chunks: ['done'] },
    )
    const { turnId } = await h.call('chat:send', { id, text: 'summarise' })
    const toolCard = await h.waitFor('chat:tool-calls', (event) => event.cards.length === 1)
    await h.call('chat:decide-tool-call', { id: toolCard.cards[0]!.id, decision: 'approve' })
    const sampling = await h.waitFor('approvals:changed', (event) => event.upsert.length === 1)
    expect(sampling.upsert[0]).toMatchObject({ serverId: 'asker', conversationId: id })
    await h.call('approvals:decide', { id: sampling.upsert[0]!.id, decision: { kind: 'deny' } })
    expect(await turnEnd(h, turnId)).toMatchObject({ state: 'completed' })
  })
})
