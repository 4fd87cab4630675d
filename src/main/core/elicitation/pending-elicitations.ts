import type { ElicitResult } from '@modelcontextprotocol/client'
import type { ElicitationCard } from '../../../shared/elicitation/elicitation-card'
import { CardChangeFeed, type CardChangesListener } from '../approvals/card-change-feed'

export type ElicitationsListener = (cards: ElicitationCard[]) => void

/**
 * How many questions one server may have on show at once (URL cards waiting for their completion notice
 * count too). A server asks one question at a time in any flow we know of, and a user cannot attend to more
 * than a few; beyond this a request is refused at once (see ElicitationService), so a flood of 1,000
 * questions costs 8 cards, not 1,000.
 */
export const MAX_PENDING_ELICITATIONS_PER_SERVER = 8

/**
 * One server request waiting on the user (the MCP Inspector's pattern): `respond` answers the server once,
 * `reject` ends its request without an answer. A URL card the user agreed to open stays after it was
 * answered (`answered`), waiting for the server's completion notice.
 */
export interface PendingElicitation {
  card: ElicitationCard
  /** Whose request it is: the connection's scope, so a closing connection ends only its own cards. */
  readonly owner: object
  readonly answered: boolean
  respond(result: ElicitResult): void
  reject(error: Error): void
}

interface Entry {
  card: ElicitationCard
  owner: object
  settle: ((outcome: { result: ElicitResult } | { error: Error }) => void) | undefined
}

/**
 * Every elicitation card on show, in arrival order, with the listeners the host and the terminal follow.
 * In-process listeners get the whole list on each change (it is small: capped per server); the host's
 * renderers get deltas through `subscribeChanges`.
 */
export class PendingElicitations {
  readonly #entries = new Map<string, Entry>()
  readonly #listeners = new Set<ElicitationsListener>()
  readonly #changes = new CardChangeFeed<ElicitationCard>()

  /**
   * Shows the card and resolves with the answer the user gives through `respond`. When `signal` aborts
   * (the server cancelled, or its request timed out) the card goes away and the wait rejects.
   */
  wait(card: ElicitationCard, owner: object, signal: AbortSignal): Promise<ElicitResult> {
    return new Promise<ElicitResult>((resolve, reject) => {
      const onAbort = (): void => {
        this.#settle(card.id, { error: abortReason(signal) })
        this.remove(card.id)
      }
      const entry: Entry = {
        card,
        owner,
        settle: (outcome) => {
          signal.removeEventListener('abort', onAbort)
          if ('result' in outcome) resolve(outcome.result)
          else reject(outcome.error)
        },
      }
      this.#entries.set(card.id, entry)
      signal.addEventListener('abort', onAbort, { once: true })
      this.#emit(() => this.#changes.upsert(card))
      if (signal.aborted) onAbort()
    })
  }

  get(id: string): PendingElicitation | undefined {
    const entry = this.#entries.get(id)
    if (!entry) return undefined
    return {
      card: entry.card,
      owner: entry.owner,
      answered: entry.settle === undefined,
      respond: (result) => this.#settle(id, { result }),
      reject: (error) => this.#settle(id, { error }),
    }
  }

  find(match: (card: ElicitationCard, owner: object) => boolean): PendingElicitation | undefined {
    for (const [id, entry] of this.#entries) if (match(entry.card, entry.owner)) return this.get(id)
    return undefined
  }

  /** Replaces the card on show (a URL card opened or completed). */
  update(id: string, change: (card: ElicitationCard) => ElicitationCard): void {
    const entry = this.#entries.get(id)
    if (!entry) return
    entry.card = change(entry.card)
    const card = entry.card
    this.#emit(() => this.#changes.upsert(card))
  }

  /** Takes the card off; a request still waiting is ended without an answer first. */
  remove(id: string, reason = 'the request ended'): void {
    if (!this.#entries.has(id)) return
    this.#settle(id, { error: new Error(reason) })
    this.#entries.delete(id)
    this.#emit(() => this.#changes.remove([id]))
  }

  /** Ends and removes every card of one owner (its connection closed), with one update for all. */
  closeAll(owner: object, reason: string): void {
    const removed: string[] = []
    for (const [id, entry] of this.#entries) {
      if (entry.owner !== owner) continue
      this.#settle(id, { error: new Error(reason) })
      this.#entries.delete(id)
      removed.push(id)
    }
    if (removed.length > 0) this.#emit(() => this.#changes.remove(removed))
  }

  list(): ElicitationCard[] {
    return [...this.#entries.values()].map((entry) => entry.card)
  }

  /** The cards on show and the number of the last change they include (see CardChanges). */
  snapshot(): { cards: ElicitationCard[]; seq: number } {
    return { cards: this.list(), seq: this.#changes.seq }
  }

  /** How many cards of this owner are on show. */
  countOf(owner: object): number {
    let count = 0
    for (const entry of this.#entries.values()) if (entry.owner === owner) count++
    return count
  }

  subscribeChanges(listener: CardChangesListener<ElicitationCard>): () => void {
    return this.#changes.subscribe(listener)
  }

  subscribe(listener: ElicitationsListener): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  #settle(id: string, outcome: { result: ElicitResult } | { error: Error }): void {
    const entry = this.#entries.get(id)
    const settle = entry?.settle
    if (!entry || !settle) return
    entry.settle = undefined
    settle(outcome)
  }

  /** The delta first (numbered), then the in-process list listeners. */
  #emit(change: () => void): void {
    change()
    if (this.#listeners.size === 0) return
    const cards = this.list()
    for (const listener of this.#listeners) listener(cards)
  }
}

function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error('the server withdrew the request')
}
