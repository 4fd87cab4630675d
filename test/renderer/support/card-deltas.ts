// The fakes keep whole lists, as is simplest for a test to arrange; the host sends numbered deltas (see
// src/shared/ipc/card-changes.ts). This turns each new list into the delta the host would have sent.
import type { CardChanges } from '../../../src/shared/ipc/card-changes'

export class CardDeltas<C extends { id: string }> {
  #shown: readonly C[] = []
  #seq = 0

  /** The number of the last delta sent: what a list answer carries. */
  get seq(): number {
    return this.#seq
  }

  /**
   * A list answer with `cards` (which a test may have set directly, without a delta): later deltas are
   * computed from it, so a card the window got from the list is removed by the next change.
   */
  listed(cards: readonly C[]): number {
    this.#shown = [...cards]
    return this.#seq
  }

  /** The delta from the last list to `cards`, numbered; undefined when nothing changed. */
  next(cards: readonly C[]): CardChanges<C> | undefined {
    const ids = new Set(cards.map((card) => card.id))
    const remove = this.#shown.filter((card) => !ids.has(card.id)).map((card) => card.id)
    const upsert = cards.filter((card) => !this.#shown.includes(card))
    this.#shown = [...cards]
    if (remove.length === 0 && upsert.length === 0) return undefined
    return { seq: ++this.#seq, upsert, remove }
  }
}
