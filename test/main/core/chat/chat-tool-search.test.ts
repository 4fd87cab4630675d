// Tool search in real chat turns (issue 8): with more than 40 MCP tools the model sees only
// `mcp_tool_search` (its catalog in the description); a search loads what it found for the next step, the
// found tool is called through the normal card, an unloaded tool is refused before anything is sent, a new
// user message hides the loaded tools again, and an "always loaded" server's tools stay offered.
import type { McpServer } from '@modelcontextprotocol/server'
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { CATALOG_UNTRUSTED_LINE } from '../../../../src/main/core/tools/loading/tool-catalog'
import { startChatHost, type ChatHostHarness, type InProcessServer } from './chat-host-harness'

let harness: ChatHostHarness | undefined
afterEach(async () => {
  await harness?.close()
  harness = undefined
})

const NOUNS = [
  'invoice',
  'customer',
  'shipment',
  'ticket',
  'report',
  'calendar',
  'document',
  'payment',
  'order',
  'user',
]
const VERBS = ['create', 'delete', 'list', 'update', 'archive']

/** 50 tools such as `create_invoice`, each counting its calls. */
function bigServer(calls: string[]): InProcessServer {
  return {
    id: 'big',
    capabilities: { capabilities: { tools: {} } },
    setup: (server: McpServer) => {
      for (const noun of NOUNS) {
        for (const verb of VERBS) {
          const name = `${verb}_${noun}`
          server.registerTool(
            name,
            {
              description: `${verb[0]!.toUpperCase()}${verb.slice(1)} a ${noun} record`,
              inputSchema: z.object({ id: z.string().optional() }),
            },
            () => {
              calls.push(name)
              return { content: [{ type: 'text', text: `${name} done` }] }
            },
          )
        }
      }
    },
  }
}

function pinnedServer(): InProcessServer {
  return {
    id: 'pinned',
    capabilities: { capabilities: { tools: {} } },
    setup: (server: McpServer) => {
      server.registerTool('ping', { description: 'Answers pong' }, () => ({
        content: [{ type: 'text', text: 'pong' }],
      }))
    },
  }
}

interface SentTool {
  function: { name: string; description: string; parameters: unknown }
}
async function toolsOfRequest(h: ChatHostHarness, index: number): Promise<SentTool[]> {
  return ((await h.mock.waitForRequest(index)).body as { tools?: SentTool[] }).tools ?? []
}

async function approveCardsWhileRunning(h: ChatHostHarness, turnId: string) {
  const seen = new Set<string>()
  const unsubscribe = h.composed.host.events.subscribe((event, payload) => {
    if (event !== 'chat:tool-calls') return
    for (const card of (payload as { cards: Array<{ id: string }> }).cards) {
      if (seen.has(card.id)) continue
      seen.add(card.id)
      void h.call('chat:decide-tool-call', { id: card.id, decision: 'approve' })
    }
  })
  const end = await h.waitFor('chat:turn', (e) => e.turnId === turnId && e.state !== 'running')
  unsubscribe()
  return end
}

describe('tool search in chat', () => {
  it('offers only the search tool, loads what it found for the next step, and the call goes through the card', async () => {
    const calls: string[] = []
    const h = (harness = await startChatHost({ servers: [bigServer(calls)] }))
    const { id } = await h.call('chat:create', {})
    h.mock.enqueue(
      {
        kind: 'tool_calls',
        calls: [{ id: 's1', name: 'mcp_tool_search', arguments: '{"query":"delete an invoice","limit":3}' }],
      },
      {
        kind: 'tool_calls',
        calls: [{ id: 'c1', name: 'mcp_big_delete_invoice', arguments: '{"id":"INV-1"}' }],
      },
      { kind: 'text', chunks: ['Deleted.'] },
    )
    const { turnId } = await h.call('chat:send', { id, text: 'Remove invoice INV-1' })
    expect(await approveCardsWhileRunning(h, turnId)).toMatchObject({ state: 'completed' })
    expect(calls).toEqual(['delete_invoice'])

    const first = await toolsOfRequest(h, 1)
    expect(first.map((t) => t.function.name)).toEqual(['mcp_tool_search'])
    const description = first[0]!.function.description
    expect(description).toContain(CATALOG_UNTRUSTED_LINE)
    expect(description).toContain('- mcp_big_delete_invoice: ')
    expect(JSON.stringify(first[0]!.function.parameters)).not.toContain('"id"')

    const second = await toolsOfRequest(h, 2)
    const names = second.map((t) => t.function.name)
    expect(names[0]).toBe('mcp_tool_search')
    expect(names).toContain('mcp_big_delete_invoice')
    expect(names.length).toBeLessThanOrEqual(1 + 3)

    const { records } = await h.call('chat:open', { id })
    const search = records.find((r) => r.type === 'tool_result' && r.callId === 's1')
    expect(search).toMatchObject({
      state: 'completed',
      metadata: { loaded: expect.arrayContaining(['mcp_big_delete_invoice']) },
    })
    const text = search?.type === 'tool_result' ? search.text : ''
    expect(JSON.parse(text).results[0]).toMatchObject({ name: 'mcp_big_delete_invoice' })
    expect(text).not.toContain('inputSchema')
    expect(text).not.toContain('"properties"')
  })

  it('refuses a call to a tool no search has loaded, before anything is sent, and hides loaded tools on the next message', async () => {
    const calls: string[] = []
    const h = (harness = await startChatHost({ servers: [bigServer(calls)] }))
    const { id } = await h.call('chat:create', {})
    h.mock.enqueue(
      { kind: 'tool_calls', calls: [{ id: 'g1', name: 'mcp_big_create_ticket', arguments: '{}' }] },
      { kind: 'text', chunks: ['I will search first next time.'] },
    )
    const first = await h.call('chat:send', { id, text: 'Open a ticket' })
    expect(await approveCardsWhileRunning(h, first.turnId)).toMatchObject({ state: 'completed' })
    expect(calls).toEqual([])
    expect(h.events('chat:tool-calls').every((e) => e.cards.length === 0)).toBe(true)
    const { records } = await h.call('chat:open', { id })
    const refused = records.find((r) => r.type === 'tool_result' && r.callId === 'g1')
    expect(refused).toMatchObject({
      state: 'failed',
      sent: false,
      text: expect.stringContaining(
        'mcp_big_create_ticket is not loaded, so nothing was sent. Call mcp_tool_search',
      ),
    })

    // A search in turn 2 loads a tool; turn 3 starts with only the search tool again.
    h.mock.enqueue(
      {
        kind: 'tool_calls',
        calls: [{ id: 's2', name: 'mcp_tool_search', arguments: '{"query":"create ticket"}' }],
      },
      { kind: 'text', chunks: ['Found it.'] },
      { kind: 'text', chunks: ['Hello again.'] },
    )
    const second = await h.call('chat:send', { id, text: 'Find the ticket tool' })
    await approveCardsWhileRunning(h, second.turnId)
    expect((await toolsOfRequest(h, 4)).map((t) => t.function.name)).toContain('mcp_big_create_ticket')
    const third = await h.call('chat:send', { id, text: 'Anything else?' })
    await approveCardsWhileRunning(h, third.turnId)
    expect((await toolsOfRequest(h, 5)).map((t) => t.function.name)).toEqual(['mcp_tool_search'])
  })

  it("keeps an always-loaded server's tools offered, and offers every tool with search off", async () => {
    const h = (harness = await startChatHost({ servers: [bigServer([]), pinnedServer()] }))
    const { id } = await h.call('chat:create', {})
    await h.call('tools:update-settings', { search: 'auto' })
    await setAlwaysLoaded(h, 'pinned')
    h.mock.enqueue({ kind: 'text', chunks: ['ok'] }, { kind: 'text', chunks: ['ok'] })
    const a = await h.call('chat:send', { id, text: 'hi' })
    await approveCardsWhileRunning(h, a.turnId)
    expect((await toolsOfRequest(h, 1)).map((t) => t.function.name)).toEqual([
      'mcp_tool_search',
      'mcp_pinned_ping',
    ])

    await h.call('tools:update-settings', { search: 'off' })
    const b = await h.call('chat:send', { id, text: 'again' })
    await approveCardsWhileRunning(h, b.turnId)
    const all = (await toolsOfRequest(h, 2)).map((t) => t.function.name)
    expect(all).toHaveLength(51)
    expect(all).not.toContain('mcp_tool_search')
  })
})

/** Through `servers:update`, as the server form saves it; the server reconnects with the new config. */
async function setAlwaysLoaded(h: ChatHostHarness, serverId: string): Promise<void> {
  const before = h.events('servers:changed').length
  await h.call('servers:update', {
    id: serverId,
    server: {
      name: serverId,
      transport: 'stdio',
      command: 'in-process',
      sampling: 'deny',
      toolsAlwaysLoaded: true,
    },
  })
  // Only events after the update count: the server was connected before it too.
  await h.waitFor(
    'servers:changed',
    (event) =>
      h.events('servers:changed').indexOf(event) >= before &&
      event.servers.some((s) => s.id === serverId && s.status === 'connected' && s.tools.length > 0),
  )
}
