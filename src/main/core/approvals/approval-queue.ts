import { randomUUID } from 'node:crypto'
import { IpcFailure } from '../../../shared/ipc/ipc-error'
import type { ApprovalDecision, SamplingCard } from '../../../shared/sampling/sampling-card'
import { CardChangeFeed, type CardChangesListener } from './card-change-feed'

/** Who ended a pending approval: the user, the approval timeout, or the request going away. */
export type ApprovalOutcome =
  { by: 'user'; decision: ApprovalDecision } | { by: 'timeout' } | { by: 'closed'; reason: string }

export type CardDraft = Omit<SamplingCard, 'id' | 'createdAt' | 'phase'>

export interface PendingApproval {
  readonly id: string
  /** Resolves once, with whatever ended the wait; never rejects. */
  readonly outcome: Promise<ApprovalOutcome>
}

interface Entry {
  card: SamplingCard
  settle: ((outcome: ApprovalOutcome) => void) | undefined
  timer: NodeJS.Timeout | undefined
}

export type ApprovalsListener = (cards: SamplingCard[]) => void

/**
 * Every approval card waiting on the user, in arrival order: the one list the bell, the tray and the
 * approvals drawer count. A card stays (in phase `streaming`) while its completion runs, so the user sees
 * the text growing; only `approval` and `review` cards are waiting for a decision. Renderers follow the
 * cards as deltas (`subscribeChanges`); in-process listeners get the whole list.
 */
export class ApprovalQueue {
  readonly #entries = new Map<string, Entry>()
  readonly #listeners = new Set<ApprovalsListener>()
  readonly #changes = new CardChangeFeed<SamplingCard>()
  readonly #now: () => Date

  constructor(options: { now?: () => Date } = {}) {
    this.#now = options.now ?? (() => new Date())
  }

  /** Adds a card and waits for it to be decided; `timeoutMs` 0 waits indefinitely. */
  request(
    draft: CardDraft,
    options: { phase: 'approval' | 'review'; timeoutMs: number; id?: string },
  ): PendingApproval {
    const id = options.id ?? randomUUID()
    const existing = this.#entries.get(id)
    const card: SamplingCard = {
      ...draft,
      id,
      createdAt: existing?.card.createdAt ?? this.#now().toISOString(),
      phase: options.phase,
    }
    let settle!: (outcome: ApprovalOutcome) => void
    const outcome = new Promise<ApprovalOutcome>((resolve) => (settle = resolve))
    const entry: Entry = { card, settle, timer: undefined }
    if (options.timeoutMs > 0) {
      entry.timer = setTimeout(() => this.#finish(id, { by: 'timeout' }), options.timeoutMs)
      entry.timer.unref()
    }
    this.#entries.set(id, entry)
    this.#emit(() => this.#changes.upsert(card))
    return { id, outcome }
  }

  /** The user's decision from the card (IPC `approvals:decide`). */
  decide(id: string, decision: ApprovalDecision): void {
    const entry = this.#entries.get(id)
    if (!entry?.settle) throw new IpcFailure('not_found', `no pending approval with id "${id}"`)
    this.#finish(id, { by: 'user', decision })
  }

  /** Keeps a decided card on show while its completion streams, naming the model the user approved. */
  showStreaming(id: string, modelRef?: string): void {
    const entry = this.#entries.get(id)
    if (!entry) return
    const model = modelRef ? { ...entry.card.model, chosen: modelRef } : entry.card.model
    entry.card = { ...entry.card, phase: 'streaming', model }
    const card = entry.card
    this.#emit(() => this.#changes.upsert(card))
  }

  remove(id: string): void {
    const entry = this.#entries.get(id)
    if (!entry) return
    this.#finish(id, { by: 'closed', reason: 'the request ended' })
    this.#entries.delete(id)
    this.#emit(() => this.#changes.remove([id]))
  }

  /** Ends every waiting card that matches, e.g. all of a server's when its connection closes. */
  closeAll(match: (card: SamplingCard) => boolean, reason: string): void {
    for (const [id, entry] of this.#entries) if (match(entry.card)) this.#finish(id, { by: 'closed', reason })
  }

  list(): SamplingCard[] {
    return [...this.#entries.values()].map((entry) => entry.card)
  }

  /** The cards with the number of the last change they include (see CardChanges). */
  snapshot(): { cards: SamplingCard[]; seq: number } {
    return { cards: this.list(), seq: this.#changes.seq }
  }

  subscribeChanges(listener: CardChangesListener<SamplingCard>): () => void {
    return this.#changes.subscribe(listener)
  }

  /** What the bell and the tray count: cards waiting for the user. */
  waitingCount(): number {
    return this.list().filter((card) => card.phase !== 'streaming').length
  }

  subscribe(listener: ApprovalsListener): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  #finish(id: string, outcome: ApprovalOutcome): void {
    const entry = this.#entries.get(id)
    if (!entry?.settle) return
    clearTimeout(entry.timer)
    const settle = entry.settle
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
