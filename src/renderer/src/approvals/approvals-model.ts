import type { AuditEntry, SamplingCard, SamplingStreamEvent } from '../../../shared/sampling/sampling-card'

/**
 * Pure rules behind the approvals drawer, the bell and the activity log, kept apart from the store so they
 * are tested without one.
 */

/** What a streaming card shows: everything generated so far and the host's running counts. */
export interface StreamedText {
  text: string
  chunks: number
  chars: number
}

/**
 * Whether a card (sampling, tool call or question) is shown in the open conversation's transcript rather
 * than in the approvals drawer: it belongs to a conversation, and that one is open.
 */
export function inOpenConversation(
  card: { conversationId?: string | undefined },
  openId: string | undefined,
): boolean {
  return card.conversationId !== undefined && card.conversationId === openId
}

/** The cards waiting for the user's decision: what the bell shows, and the same count as the tray's. */
export function waitingCount(cards: readonly SamplingCard[]): number {
  return cards.filter((card) => card.phase === 'approval' || card.phase === 'review').length
}

/** Adds one streamed delta to the card's text; the counts are the host's totals, taken as they come. */
export function appendStream(
  streams: Readonly<Record<string, StreamedText>>,
  event: SamplingStreamEvent,
): Record<string, StreamedText> {
  const previous = streams[event.id]
  return {
    ...streams,
    [event.id]: { text: (previous?.text ?? '') + event.delta, chunks: event.chunks, chars: event.chars },
  }
}

/**
 * Drops the text of cards that are gone (decided, finished, cancelled), so a long session does not keep
 * every completion it ever streamed. Text for an id not (yet) in the list is only dropped with the next
 * list, which always comes once the host shows the card streaming.
 */
export function pruneStreams(
  streams: Readonly<Record<string, StreamedText>>,
  cards: readonly SamplingCard[],
): Record<string, StreamedText> {
  const live = new Set(cards.map((card) => card.id))
  const kept = Object.entries(streams).filter(([id]) => live.has(id))
  return kept.length === Object.keys(streams).length ? { ...streams } : Object.fromEntries(kept)
}

/** How many audit entries the activity view keeps (and asks the host for). */
export const ACTIVITY_LIMIT = 200

/** Newest first, one row per entry id (a later copy wins), at most `limit` rows. */
export function mergeActivity(
  current: readonly AuditEntry[],
  incoming: readonly AuditEntry[],
  limit = ACTIVITY_LIMIT,
): AuditEntry[] {
  const byId = new Map<string, AuditEntry>()
  for (const entry of current) byId.set(entry.id, entry)
  for (const entry of incoming) byId.set(entry.id, entry)
  // ISO times compare as strings in time order; equal times keep the later arrival first.
  const ordered = [...byId.values()].reverse()
  ordered.sort((a, b) => (a.time < b.time ? 1 : a.time > b.time ? -1 : 0))
  return ordered.slice(0, limit)
}
