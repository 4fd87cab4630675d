// The turn lifecycle through a real chat turn (issue 7 item 8): a server that declares the capability gets
// `_meta` {sessionId, turnId, actorId} on its tool calls and a notification when the turn ends; one that
// does not declare it gets neither; a server whose notification send is stuck costs the turn at most 1 s
// and is skipped next time.
import type { McpServer, Transport } from '@modelcontextprotocol/server'
import { afterEach, describe, expect, it } from 'vitest'
import { CHAT_ACTOR_ID } from '../../../../src/main/core/chat/chat-service'
import {
  MIMO_TURN_LIFECYCLE_CAPABILITY,
  TURN_LIFECYCLE_CAPABILITY,
} from '../../../../src/main/core/chat/turn-lifecycle'
import { startChatHost, type ChatHostHarness, type InProcessServer } from './chat-host-harness'

let harness: ChatHostHarness | undefined
afterEach(async () => {
  await harness?.close()
  harness = undefined
})

interface Received {
  method: string
  params: unknown
}

function lifecycleServer(id: string, capability: string | undefined, received: Received[]): InProcessServer {
  return {
    id,
    capabilities: {
      capabilities: { tools: {}, ...(capability ? { experimental: { [capability]: { version: 1 } } } : {}) },
    },
    setup: (server: McpServer) => {
      server.server.fallbackNotificationHandler = (notification) => {
        received.push({ method: notification.method, params: notification.params })
        return Promise.resolve()
      }
      server.registerTool('whoami', { description: "Returns this call's _meta" }, (extra) => ({
        content: [{ type: 'text', text: JSON.stringify(extra.mcpReq._meta ?? null) }],
      }))
    },
  }
}

const whoamiBoth = {
  kind: 'tool_calls' as const,
  calls: [
    { id: 'a', name: 'mcp_aware_whoami', arguments: '{}' },
    { id: 'b', name: 'mcp_plain_whoami', arguments: '{}' },
  ],
}

async function runTurn(h: ChatHostHarness, id: string, text: string) {
  const { turnId } = await h.call('chat:send', { id, text })
  // Approve every card of this turn as it appears.
  const approved = new Set<string>()
  const unsubscribe = h.composed.host.events.subscribe((event, payload) => {
    if (event !== 'chat:tool-calls') return
    for (const card of (payload as { cards: Array<{ id: string }> }).cards) {
      if (approved.has(card.id)) continue
      approved.add(card.id)
      void h.call('chat:decide-tool-call', { id: card.id, decision: 'approve' })
    }
  })
  const end = await h.waitFor('chat:turn', (e) => e.turnId === turnId && e.state !== 'running')
  unsubscribe()
  return { turnId, end }
}

describe('turn lifecycle in a chat turn', () => {
  it('sends _meta and the end notification to a declaring server only', async () => {
    const aware: Received[] = []
    const plain: Received[] = []
    const h = (harness = await startChatHost({
      servers: [
        lifecycleServer('aware', TURN_LIFECYCLE_CAPABILITY, aware),
        lifecycleServer('plain', undefined, plain),
      ],
    }))
    const { id } = await h.call('chat:create', {})
    h.mock.enqueue(whoamiBoth, { kind: 'text', chunks: ['done'] })
    const { turnId, end } = await runTurn(h, id, 'who are you?')
    expect(end.state).toBe('completed')

    const { records } = await h.call('chat:open', { id })
    const results = records.flatMap((r) => (r.type === 'tool_result' ? [r.text] : []))
    expect(JSON.parse(results[0]!)).toEqual({ sessionId: id, turnId, actorId: CHAT_ACTOR_ID })
    expect(JSON.parse(results[1]!)).toBeNull()

    expect(aware).toEqual([
      {
        method: `notifications/${TURN_LIFECYCLE_CAPABILITY}`,
        params: { sessionId: id, turnId, status: 'completed' },
      },
    ])
    expect(plain).toEqual([])
  })

  it("uses MiMo Code's name for a server that declares that capability", async () => {
    const mimo: Received[] = []
    const h = (harness = await startChatHost({
      servers: [lifecycleServer('aware', MIMO_TURN_LIFECYCLE_CAPABILITY, mimo)],
    }))
    const { id } = await h.call('chat:create', {})
    h.mock.enqueue(
      { kind: 'tool_calls', calls: [{ id: 'a', name: 'mcp_aware_whoami', arguments: '{}' }] },
      { kind: 'text', chunks: ['done'] },
    )
    const { turnId } = await runTurn(h, id, 'hi')
    expect(mimo.map((n) => n.method)).toEqual([`notifications/${MIMO_TURN_LIFECYCLE_CAPABILITY}`])
    expect(mimo[0]?.params).toEqual({ sessionId: id, turnId, status: 'completed' })
  })

  it('does not let a stuck server hold the turn for more than 1 s, and skips it while it stays stuck', async () => {
    const received: Received[] = []
    const stuck = lifecycleServer('aware', TURN_LIFECYCLE_CAPABILITY, received)
    // The transport accepts every message except the lifecycle notification, whose send never completes.
    stuck.wrapTransport = (transport: Transport) => {
      const send = transport.send.bind(transport)
      transport.send = (message, options) =>
        'method' in message && message.method === `notifications/${TURN_LIFECYCLE_CAPABILITY}`
          ? new Promise<void>(() => {})
          : send(message, options)
      return transport
    }
    const h = (harness = await startChatHost({ servers: [stuck] }))
    const { id } = await h.call('chat:create', {})
    const oneCall = {
      kind: 'tool_calls' as const,
      calls: [{ id: 'a', name: 'mcp_aware_whoami', arguments: '{}' }],
    }

    h.mock.enqueue(oneCall, { kind: 'text', chunks: ['done'] })
    const first = await runTurn(h, id, 'first')
    expect(first.end.state).toBe('completed')
    expect(h.logs.some((line) => line.includes('"aware" timed-out'))).toBe(true)
    // The turn ended although the send never completed: the notifier gave up after its 1 s bound (the
    // bound itself is checked with fake timers in turn-lifecycle.test.ts).

    h.mock.enqueue(oneCall, { kind: 'text', chunks: ['again'] })
    await runTurn(h, id, 'second')
    expect(h.logs.some((line) => line.includes('"aware" skipped-stuck'))).toBe(true)
    expect(received).toEqual([])
  })
})
