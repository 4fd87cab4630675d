import type { ToolCallCard, ToolCallDecision } from '../../../shared/chat/tool-call-card'
import { IpcFailure } from '../../../shared/ipc/ipc-error'

/** What ended a card's wait: the user's decision, or the turn going away (which denies). */
export type ToolCallAnswer = ToolCallDecision | 'closed'

export type PendingToolCallsListener = (cards: ToolCallCard[]) => void

interface Entry {
  card: ToolCallCard
  settle: (answer: ToolCallAnswer) => void
}

/**
 * Tool-call cards waiting for the user, in arrival order. A card stays until it is decided or its turn
 * ends (Stop, conversation deleted); there is no timeout, because an unanswered card already denies by
 * doing nothing. The window anchors each card in its conversation; the bell and tray count them.
 */
export class PendingToolCalls {
  readonly #entries = new Map<string, Entry>()
  readonly #listeners = new Set<PendingToolCallsListener>()

  /** Shows the card until it is decided; an abort of `signal` removes it and answers `closed`. */
  ask(card: ToolCallCard, signal?: AbortSignal): Promise<ToolCallAnswer> {
    if (this.#entries.has(card.id)) throw new Error(`tool-call card ${card.id} is already pending`)
    if (signal?.aborted) return Promise.resolve('closed')
    return new Promise<ToolCallAnswer>((resolve) => {
      const onAbort = () => this.#finish(card.id, 'closed')
      this.#entries.set(card.id, {
        card,
        settle: (answer) => {
          signal?.removeEventListener('abort', onAbort)
          resolve(answer)
        },
      })
      signal?.addEventListener('abort', onAbort, { once: true })
      this.#emit()
    })
  }

  /** The user's decision from the card (IPC `chat:decide-tool-call`). */
  decide(id: string, decision: ToolCallDecision): void {
    if (!this.#entries.has(id)) throw new IpcFailure('not_found', `no pending tool call with id "${id}"`)
    this.#finish(id, decision)
  }

  /** Ends every card of a conversation, e.g. when it is deleted; each is answered `closed` (denied). */
  closeConversation(conversationId: string): void {
    for (const [id, entry] of this.#entries) {
      if (entry.card.conversationId === conversationId) this.#finish(id, 'closed')
    }
  }

  list(): ToolCallCard[] {
    return [...this.#entries.values()].map((entry) => entry.card)
  }

  subscribe(listener: PendingToolCallsListener): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  #finish(id: string, answer: ToolCallAnswer): void {
    const entry = this.#entries.get(id)
    if (!entry) return
    this.#entries.delete(id)
    entry.settle(answer)
    this.#emit()
  }

  #emit(): void {
    const cards = this.list()
    for (const listener of this.#listeners) listener(cards)
  }
}
