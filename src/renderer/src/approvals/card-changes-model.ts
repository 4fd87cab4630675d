import type { CardChanges } from '../../../shared/ipc/card-changes'

/** The cards after one delta: removed ids go, upserted cards replace theirs in place or go last. */
export function applyCardChanges<C extends { id: string }>(
  cards: readonly C[],
  changes: CardChanges<C>,
): C[] {
  const removed = new Set(changes.remove)
  const next = removed.size === 0 ? [...cards] : cards.filter((card) => !removed.has(card.id))
  for (const card of changes.upsert) {
    const at = next.findIndex((shown) => shown.id === card.id)
    if (at === -1) next.push(card)
    else next[at] = card
  }
  return next
}

export interface CardFollowerDeps<C> {
  /** The whole list and the number of the last delta it includes (`*:list`). */
  fetch: () => Promise<{ cards: C[]; seq: number }>
  read: () => C[]
  write: (cards: C[]) => void
  /** A failed fetch; the next delta asks again. */
  onError: (error: unknown) => void
}

export interface CardFollower<C> {
  /** A delta event: applied when it is the next one, kept while a list is on its way, or, after a gap
   *  (a missed event, a reconnect), the reason to fetch the whole list again. */
  onChanges(changes: CardChanges<C>): void
  /** Fetches the whole list (at start, on reconnect); deltas that arrive meanwhile are applied on top. */
  load(): Promise<void>
}

/**
 * Follows a host list sent as numbered deltas (see CardChanges). Until the first list arrives, and
 * whenever the numbers skip, the follower fetches the whole list and replays the deltas newer than it.
 */
export function createCardFollower<C extends { id: string }>(deps: CardFollowerDeps<C>): CardFollower<C> {
  /** The number of the last delta the shown list includes; undefined before the first list. */
  let seq: number | undefined
  let loading: Promise<void> | undefined
  let pending: Array<CardChanges<C>> = []

  const replay = (): boolean => {
    pending.sort((a, b) => a.seq - b.seq)
    let cards = deps.read()
    let changed = false
    while (pending.length > 0 && seq !== undefined) {
      const next = pending[0]!
      if (next.seq <= seq) {
        pending.shift()
        continue
      }
      if (next.seq !== seq + 1) break
      cards = applyCardChanges(cards, next)
      seq = next.seq
      changed = true
      pending.shift()
    }
    if (changed) deps.write(cards)
    // Deltas left over are past a gap: only a fresh list can fill it.
    return pending.length === 0
  }

  const load = (): Promise<void> => {
    loading ??= (async () => {
      try {
        const list = await deps.fetch()
        deps.write(list.cards)
        seq = list.seq
      } catch (error) {
        pending = []
        deps.onError(error)
        return
      } finally {
        loading = undefined
      }
      if (!replay()) void load()
    })()
    return loading
  }

  return {
    onChanges(changes) {
      pending.push(changes)
      if (loading || seq === undefined) {
        void load()
        return
      }
      if (!replay()) void load()
    },
    load,
  }
}
