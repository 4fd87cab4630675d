import type { CardChanges } from '../../../shared/ipc/card-changes'

export type CardChangesListener<C> = (changes: CardChanges<C>) => void

/**
 * Numbers the changes of one list of cards and passes each on to its listeners as a delta (see
 * CardChanges): the host forwards them to renderers, which ask for the whole list with `seq` only when
 * they start or miss one.
 */
export class CardChangeFeed<C> {
  readonly #listeners = new Set<CardChangesListener<C>>()
  #seq = 0

  /** The number of the last change: a list read now is current at this. */
  get seq(): number {
    return this.#seq
  }

  upsert(card: C): void {
    this.#emit({ seq: ++this.#seq, upsert: [card], remove: [] })
  }

  remove(ids: string[]): void {
    if (ids.length === 0) return
    this.#emit({ seq: ++this.#seq, upsert: [], remove: ids })
  }

  subscribe(listener: CardChangesListener<C>): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  #emit(changes: CardChanges<C>): void {
    for (const listener of this.#listeners) listener(changes)
  }
}
