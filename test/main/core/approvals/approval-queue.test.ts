import { describe, expect, it } from 'vitest'
import { ApprovalQueue, type CardDraft } from '../../../../src/main/core/approvals/approval-queue'
import { IpcFailure } from '../../../../src/shared/ipc/ipc-error'

const draft = (serverId: string): CardDraft => ({
  kind: 'sampling',
  serverId,
  serverName: serverId,
  transportLabel: `stdio: ${serverId}`,
  model: { chosen: 'p/m', eligible: [{ ref: 'p/m', displayName: 'm' }], ineligible: [] },
  hints: [],
  priorities: {},
  maxTokens: 10,
  stopSequences: [],
  messages: [],
  tools: [],
  estimatedInputTokens: 1,
  usageToday: { requests: 0, inputTokens: 0, outputTokens: 0 },
})

describe('ApprovalQueue', () => {
  it('resolves a card with the user decision and tells listeners', async () => {
    const queue = new ApprovalQueue()
    const seen: number[] = []
    queue.subscribe((cards) => seen.push(cards.length))
    const pending = queue.request(draft('notes'), { phase: 'approval', timeoutMs: 0 })
    expect(queue.waitingCount()).toBe(1)
    queue.decide(pending.id, { kind: 'approve' })
    expect(await pending.outcome).toEqual({ by: 'user', decision: { kind: 'approve' } })
    queue.showStreaming(pending.id, 'p/other')
    expect(queue.list()[0]).toMatchObject({ phase: 'streaming', model: { chosen: 'p/other' } })
    expect(queue.waitingCount()).toBe(0)
    queue.remove(pending.id)
    expect(queue.list()).toEqual([])
    expect(seen).toEqual([1, 1, 0])
  })

  it('times out, closes by server, and refuses decisions for unknown or decided cards', async () => {
    const queue = new ApprovalQueue()
    const timed = queue.request(draft('a'), { phase: 'approval', timeoutMs: 10 })
    expect(await timed.outcome).toEqual({ by: 'timeout' })
    const first = queue.request(draft('b'), { phase: 'approval', timeoutMs: 0 })
    const other = queue.request(draft('c'), { phase: 'review', timeoutMs: 0 })
    queue.closeAll((card) => card.serverId === 'b', 'the server connection closed')
    expect(await first.outcome).toEqual({ by: 'closed', reason: 'the server connection closed' })
    expect(() => queue.decide(first.id, { kind: 'approve' })).toThrow(IpcFailure)
    expect(() => queue.decide('nope', { kind: 'deny' })).toThrow('no pending approval')
    queue.decide(other.id, { kind: 'deny', reason: 'no' })
    expect(await other.outcome).toEqual({ by: 'user', decision: { kind: 'deny', reason: 'no' } })
  })
})
