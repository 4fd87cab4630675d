// A tool call that never answers ends `unknown` exactly 30 s after it was sent (fake timers), is never
// retried, and the next message waits for the user's confirmation (issue 7, "Done when").
import { afterEach, expect, it, vi } from 'vitest'
import { TOOL_CALL_TIMEOUT_MS, UNKNOWN_OUTCOME_NOTE } from '../../../../src/main/core/tools/tool-call-outcome'
import { startChatHost, type ChatHostHarness } from './chat-host-harness'

let harness: ChatHostHarness | undefined
afterEach(async () => {
  vi.useRealTimers()
  await harness?.close()
  harness = undefined
})

it('ends a hanging call as unknown after 30 s, sends it once, and holds the next message', async () => {
  let hangs = 0
  let entered!: () => void
  const hangEntered = new Promise<void>((resolve) => (entered = resolve))
  const h = (harness = await startChatHost({
    servers: [
      {
        id: 'docs',
        capabilities: { capabilities: { tools: {} } },
        setup: (server) => {
          server.registerTool('hang', { description: 'Never answers' }, () => {
            hangs += 1
            entered()
            return new Promise<never>(() => {})
          })
        },
      },
    ],
  }))
  expect(TOOL_CALL_TIMEOUT_MS).toBe(30_000)
  const { id } = await h.call('chat:create', {})
  h.mock.enqueue(
    { kind: 'tool_calls', calls: [{ id: 'h1', name: 'mcp_docs_hang', arguments: '{}' }] },
    { kind: 'text', chunks: ['I will not retry.'] },
  )
  // Only timers are faked: sockets and the mock provider keep real I/O.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  const { turnId } = await h.call('chat:send', { id, text: 'hang' })
  const { cards } = await h.waitFor('chat:tool-calls', (event) => event.cards.length === 1)
  await h.call('chat:decide-tool-call', { id: cards[0]!.id, decision: 'approve' })
  await hangEntered

  await vi.advanceTimersByTimeAsync(TOOL_CALL_TIMEOUT_MS - 1)
  expect(h.events('chat:record').some((e) => e.record.type === 'tool_result')).toBe(false)
  await vi.advanceTimersByTimeAsync(1)
  const result = await h.waitFor('chat:record', (e) => e.record.type === 'tool_result')
  expect(result.record).toMatchObject({
    state: 'unknown',
    text: expect.stringContaining(UNKNOWN_OUTCOME_NOTE),
  })
  const end = await h.waitFor('chat:turn', (e) => e.turnId === turnId && e.state !== 'running')
  expect(end).toMatchObject({ state: 'completed', unknownOutcome: true })
  expect(hangs).toBe(1)

  vi.useRealTimers()
  await expect(h.call('chat:send', { id, text: 'next' })).rejects.toMatchObject({ code: 'conflict' })
  expect(hangs).toBe(1)
})
