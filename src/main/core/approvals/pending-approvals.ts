import type { ToolCallCard } from '../../../shared/chat/tool-call-card'
import type { ElicitationCard } from '../../../shared/elicitation/elicitation-card'
import type { SamplingCard } from '../../../shared/sampling/sampling-card'
import type { PendingToolCalls } from '../chat/pending-tool-calls'
import type { ElicitationService } from '../elicitation/elicitation-service'
import type { ApprovalQueue } from './approval-queue'

/**
 * Any card the user may be asked to decide on: a server's sampling request, the model's tool call, or a
 * server's question (elicitation).
 */
export type PendingCard = SamplingCard | ToolCallCard | ElicitationCard

export type PendingCardsListener = (cards: PendingCard[]) => void

/** What the tray and the notifications follow: every approval card, whichever part of the host asks. */
export interface PendingCardSource {
  list(): PendingCard[]
  subscribe(listener: PendingCardsListener): () => void
}

/**
 * The sampling queue, the chat's pending tool calls and the servers' questions as one list, oldest first,
 * so the tray counts and lists the same cards the window's bell does. It keeps no copy: each change of a
 * source is passed on at once, together with the other sources' current cards.
 */
export class PendingApprovals implements PendingCardSource {
  readonly #sampling: Pick<ApprovalQueue, 'list' | 'subscribe'>
  readonly #toolCalls: Pick<PendingToolCalls, 'list' | 'subscribe'>
  readonly #elicitations: Pick<ElicitationService, 'list' | 'subscribe'>

  constructor(
    sampling: Pick<ApprovalQueue, 'list' | 'subscribe'>,
    toolCalls: Pick<PendingToolCalls, 'list' | 'subscribe'>,
    elicitations: Pick<ElicitationService, 'list' | 'subscribe'>,
  ) {
    this.#sampling = sampling
    this.#toolCalls = toolCalls
    this.#elicitations = elicitations
  }

  list(): PendingCard[] {
    return byCreation(this.#sampling.list(), this.#toolCalls.list(), this.#elicitations.list())
  }

  /** The listener runs synchronously inside whichever source changed, as the sources' own listeners do. */
  subscribe(listener: PendingCardsListener): () => void {
    const unsubscribers = [
      this.#sampling.subscribe((cards) =>
        listener(byCreation(cards, this.#toolCalls.list(), this.#elicitations.list())),
      ),
      this.#toolCalls.subscribe((cards) =>
        listener(byCreation(this.#sampling.list(), cards, this.#elicitations.list())),
      ),
      this.#elicitations.subscribe((cards) =>
        listener(byCreation(this.#sampling.list(), this.#toolCalls.list(), cards)),
      ),
    ]
    return () => {
      for (const unsubscribe of unsubscribers) unsubscribe()
    }
  }
}

/**
 * Oldest first. The sort is stable, so cards created in the same millisecond keep each source's own arrival
 * order, sampling before tool calls before questions.
 */
function byCreation(
  sampling: SamplingCard[],
  toolCalls: ToolCallCard[],
  elicitations: ElicitationCard[],
): PendingCard[] {
  return [...sampling, ...toolCalls, ...elicitations]
    .map((card) => ({ card, time: createdTime(card) }))
    .sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0))
    .map((entry) => entry.card)
}

/** An unreadable time sorts last rather than making the comparison inconsistent (NaN compares as neither). */
function createdTime(card: PendingCard): number {
  const time = Date.parse(card.createdAt)
  return Number.isNaN(time) ? Number.POSITIVE_INFINITY : time
}
