import type { ToolCallCard } from '../../../shared/chat/tool-call-card'
import type { SamplingCard } from '../../../shared/sampling/sampling-card'
import type { PendingToolCalls } from '../chat/pending-tool-calls'
import type { ApprovalQueue } from './approval-queue'

/** Any card the user may be asked to decide on: a server's sampling request or the model's tool call. */
export type PendingCard = SamplingCard | ToolCallCard

export type PendingCardsListener = (cards: PendingCard[]) => void

/** What the tray and the notifications follow: every approval card, whichever part of the host asks. */
export interface PendingCardSource {
  list(): PendingCard[]
  subscribe(listener: PendingCardsListener): () => void
}

/**
 * The sampling queue and the chat's pending tool calls as one list, oldest first, so the tray counts and
 * lists the same cards the window's bell does. It keeps no copy: each change of either source is passed on
 * at once, together with the other source's current cards.
 */
export class PendingApprovals implements PendingCardSource {
  readonly #sampling: Pick<ApprovalQueue, 'list' | 'subscribe'>
  readonly #toolCalls: Pick<PendingToolCalls, 'list' | 'subscribe'>

  constructor(
    sampling: Pick<ApprovalQueue, 'list' | 'subscribe'>,
    toolCalls: Pick<PendingToolCalls, 'list' | 'subscribe'>,
  ) {
    this.#sampling = sampling
    this.#toolCalls = toolCalls
  }

  list(): PendingCard[] {
    return byCreation(this.#sampling.list(), this.#toolCalls.list())
  }

  /** The listener runs synchronously inside whichever source changed, as the sources' own listeners do. */
  subscribe(listener: PendingCardsListener): () => void {
    const fromSampling = this.#sampling.subscribe((cards) =>
      listener(byCreation(cards, this.#toolCalls.list())),
    )
    const fromToolCalls = this.#toolCalls.subscribe((cards) =>
      listener(byCreation(this.#sampling.list(), cards)),
    )
    return () => {
      fromSampling()
      fromToolCalls()
    }
  }
}

/**
 * Oldest first. The sort is stable, so cards created in the same millisecond keep each source's own arrival
 * order, sampling before tool calls.
 */
function byCreation(sampling: SamplingCard[], toolCalls: ToolCallCard[]): PendingCard[] {
  return [...sampling, ...toolCalls]
    .map((card) => ({ card, time: createdTime(card) }))
    .sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0))
    .map((entry) => entry.card)
}

/** An unreadable time sorts last rather than making the comparison inconsistent (NaN compares as neither). */
function createdTime(card: PendingCard): number {
  const time = Date.parse(card.createdAt)
  return Number.isNaN(time) ? Number.POSITIVE_INFINITY : time
}
