// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { applyCardChanges, createCardFollower } from '../../../src/renderer/src/approvals/card-changes-model'
import type { CardChanges } from '../../../src/shared/ipc/card-changes'

interface Card {
  id: string
  text?: string
}

const card = (id: string, text?: string): Card => (text === undefined ? { id } : { id, text })
const delta = (seq: number, upsert: Card[], remove: string[] = []): CardChanges<Card> => ({
  seq,
  upsert,
  remove,
})

describe('applyCardChanges', () => {
  it('appends new cards, replaces known ones in place and drops removed ids', () => {
    const cards = [card('a'), card('b'), card('c')]
    expect(applyCardChanges(cards, delta(1, [card('d')]))).toEqual([
      card('a'),
      card('b'),
      card('c'),
      card('d'),
    ])
    expect(applyCardChanges(cards, delta(1, [card('b', 'opened')]))).toEqual([
      card('a'),
      card('b', 'opened'),
      card('c'),
    ])
    expect(applyCardChanges(cards, delta(1, [], ['a', 'c', 'unknown']))).toEqual([card('b')])
    expect(cards).toEqual([card('a'), card('b'), card('c')])
  })
})

/** A follower over a host the test controls: each fetch waits until the test answers it. */
function harness() {
  let shown: Card[] = []
  const fetches: Array<(list: { cards: Card[]; seq: number }) => void> = []
  const errors: unknown[] = []
  const follower = createCardFollower<Card>({
    fetch: () => new Promise((resolve) => fetches.push(resolve)),
    read: () => shown,
    write: (cards) => (shown = cards),
    onError: (error) => errors.push(error),
  })
  return { follower, fetches, errors, shown: () => shown.map((c) => c.id) }
}

describe('a card follower', () => {
  it('applies deltas in order after the first list', async () => {
    const h = harness()
    const loading = h.follower.load()
    h.fetches.shift()!({ cards: [card('a')], seq: 5 })
    await loading
    h.follower.onChanges(delta(6, [card('b')]))
    h.follower.onChanges(delta(7, [], ['a']))
    expect(h.shown()).toEqual(['b'])
    // An old delta (already in the list) changes nothing.
    h.follower.onChanges(delta(5, [card('z')]))
    expect(h.shown()).toEqual(['b'])
    expect(h.fetches).toHaveLength(0)
  })

  it('replays the deltas that arrived while the list was on its way, skipping those it includes', async () => {
    const h = harness()
    const loading = h.follower.load()
    h.follower.onChanges(delta(1, [card('a')]))
    h.follower.onChanges(delta(3, [], ['a']))
    h.follower.onChanges(delta(2, [card('b')]))
    // The list was read after change 1.
    h.fetches.shift()!({ cards: [card('a')], seq: 1 })
    await loading
    expect(h.shown()).toEqual(['b'])
    expect(h.fetches).toHaveLength(0)
  })

  it('fetches the whole list again after a gap (a missed event, a reconnect) and resumes from it', async () => {
    const h = harness()
    const first = h.follower.load()
    h.fetches.shift()!({ cards: [card('a')], seq: 1 })
    await first
    // Changes 2 and 3 were lost (the connection dropped); 4 arrives.
    h.follower.onChanges(delta(4, [card('d')]))
    expect(h.shown()).toEqual(['a'])
    expect(h.fetches).toHaveLength(1)
    h.fetches.shift()!({ cards: [card('c')], seq: 3 })
    await Promise.resolve()
    await Promise.resolve()
    expect(h.shown()).toEqual(['c', 'd'])
    h.follower.onChanges(delta(5, [], ['c']))
    expect(h.shown()).toEqual(['d'])
    expect(h.fetches).toHaveLength(0)
  })

  it('reports a failed list and asks again on the next delta', async () => {
    const errors: unknown[] = []
    let calls = 0
    let shown: Card[] = []
    const follower = createCardFollower<Card>({
      fetch: () => {
        calls++
        return calls === 1
          ? Promise.reject(new Error('offline'))
          : Promise.resolve({ cards: [card('a')], seq: 1 })
      },
      read: () => shown,
      write: (cards) => (shown = cards),
      onError: (error) => errors.push(error),
    })
    await follower.load()
    expect(errors).toHaveLength(1)
    follower.onChanges(delta(2, [card('b')]))
    await follower.load()
    expect(shown.map((c) => c.id)).toEqual(['a', 'b'])
    expect(calls).toBe(2)
  })
})
