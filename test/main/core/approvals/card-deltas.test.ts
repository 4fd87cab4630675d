// Issue 19, item 6: the pending-card lists tell renderers what changed, numbered, instead of the whole list.
import { describe, expect, it } from 'vitest'
import { ApprovalQueue } from '../../../../src/main/core/approvals/approval-queue'
import {
  MAX_PENDING_ELICITATIONS_PER_SERVER,
  PendingElicitations,
} from '../../../../src/main/core/elicitation/pending-elicitations'
import type { ElicitationCard } from '../../../../src/shared/elicitation/elicitation-card'
import type { SamplingCard } from '../../../../src/shared/sampling/sampling-card'
import type { CardChanges } from '../../../../src/shared/ipc/card-changes'
import { cardDraft, elicitationCard } from './card-fixtures'

function record<C>() {
  const seen: Array<CardChanges<C>> = []
  return { seen, listener: (changes: CardChanges<C>) => void seen.push(changes) }
}

describe('PendingElicitations as deltas', () => {
  it('sends each card shown, replaced or removed, numbered from 1; a closing owner is one delta', () => {
    const pending = new PendingElicitations()
    const { seen, listener } = record<ElicitationCard>()
    pending.subscribeChanges(listener)
    const owner = {}
    const never = new AbortController().signal
    for (const id of ['a', 'b', 'c']) void pending.wait(elicitationCard({ id }), owner, never).catch(() => {})
    pending.update('b', (card) => ({ ...card, message: 'edited' }))
    pending.remove('a')
    pending.closeAll(owner, 'closed')

    expect(seen.map((changes) => changes.seq)).toEqual([1, 2, 3, 4, 5, 6])
    expect(seen.slice(0, 3).map((changes) => changes.upsert.map((card) => card.id))).toEqual([
      ['a'],
      ['b'],
      ['c'],
    ])
    expect(seen[3]).toMatchObject({ upsert: [{ id: 'b', message: 'edited' }], remove: [] })
    expect(seen[4]).toEqual({ seq: 5, upsert: [], remove: ['a'] })
    expect(seen[5]).toEqual({ seq: 6, upsert: [], remove: ['b', 'c'] })
    expect(pending.snapshot()).toEqual({ cards: [], seq: 6 })
  })

  it('counts the cards of each owner, which the service caps at 8 per server', () => {
    const pending = new PendingElicitations()
    const [one, other] = [{}, {}]
    const never = new AbortController().signal
    for (let i = 0; i < 3; i++) void pending.wait(elicitationCard({ id: `one-${i}` }), one, never)
    void pending.wait(elicitationCard({ id: 'other' }), other, never)
    expect(pending.countOf(one)).toBe(3)
    expect(pending.countOf(other)).toBe(1)
    expect(MAX_PENDING_ELICITATIONS_PER_SERVER).toBe(8)
  })
})

describe('ApprovalQueue as deltas', () => {
  it('sends a card when queued, again when it streams, and its id when it goes', () => {
    const queue = new ApprovalQueue()
    const { seen, listener } = record<SamplingCard>()
    queue.subscribeChanges(listener)
    const { id } = queue.request(cardDraft(), { phase: 'approval', timeoutMs: 0 })
    queue.showStreaming(id)
    queue.remove(id)

    expect(
      seen.map((changes) => [changes.seq, changes.upsert.map((card) => card.phase), changes.remove]),
    ).toEqual([
      [1, ['approval'], []],
      [2, ['streaming'], []],
      [3, [], [id]],
    ])
    expect(queue.snapshot()).toEqual({ cards: [], seq: 3 })
  })
})
