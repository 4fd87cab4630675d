import type { ToolCallCard } from '../../../shared/chat/tool-call-card'
import { isElicitationWaiting, type ElicitationCard } from '../../../shared/elicitation/elicitation-card'
import type { SamplingCard } from '../../../shared/sampling/sampling-card'

/** A card of any kind in a list of approvals: the drawer's queue or the cards at a transcript's end. */
export type QueueEntry =
  | { kind: 'sampling'; card: SamplingCard }
  | { kind: 'tool-call'; card: ToolCallCard }
  | { kind: 'elicitation'; card: ElicitationCard }

/** Every kind of card in one queue, oldest first (a stable sort keeps equal times in order). */
export function arrivalOrder(
  sampling: readonly SamplingCard[],
  toolCalls: readonly ToolCallCard[],
  elicitations: readonly ElicitationCard[],
): QueueEntry[] {
  const entries: QueueEntry[] = [
    ...sampling.map((card) => ({ kind: 'sampling' as const, card })),
    ...toolCalls.map((card) => ({ kind: 'tool-call' as const, card })),
    ...elicitations.map((card) => ({ kind: 'elicitation' as const, card })),
  ]
  return entries.sort((a, b) => Date.parse(a.card.createdAt) - Date.parse(b.card.createdAt))
}

/** Whether the entry needs the user now (a streaming completion does not; its review will). */
export function isWaiting(entry: QueueEntry): boolean {
  switch (entry.kind) {
    case 'sampling':
      return entry.card.phase !== 'streaming'
    case 'tool-call':
      return true
    case 'elicitation':
      return isElicitationWaiting(entry.card)
  }
}

/**
 * Which entries show their whole card. A full card is ~460 px tall, so only the one the user is deciding
 * now is open: the oldest waiting entry, plus those the user opened, plus any that is not waiting (a
 * streaming completion shows its progress). The others wait as one-line summaries, in arrival order.
 */
export function openEntryIds(entries: readonly QueueEntry[], openedByUser: ReadonlySet<string>): Set<string> {
  const open = new Set<string>()
  const first = entries.find(isWaiting)
  if (first) open.add(first.card.id)
  for (const entry of entries) {
    if (!isWaiting(entry) || openedByUser.has(entry.card.id)) open.add(entry.card.id)
  }
  return open
}

const SUMMARY_TEXT_MAX = 80

/** One line of a free text: its first line, cut at a readable length. */
function oneLine(text: string): string {
  const first = text.trim().split(/\r?\n/, 1)[0] ?? ''
  return first.length > SUMMARY_TEXT_MAX ? `${first.slice(0, SUMMARY_TEXT_MAX - 1)}…` : first
}

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`
}

/** The collapsed entry's line: who asks, for what, and the size of it, e.g. "Notes wants to run a model · 2 messages". */
export function entrySummary(entry: QueueEntry): { server: string; text: string } {
  switch (entry.kind) {
    case 'sampling': {
      const card = entry.card
      if (card.phase === 'review')
        return { server: card.serverName, text: 'has an answer ready for your review' }
      const parts = ['wants to run a model', count(card.messages.length, 'message', 'messages')]
      if (card.tools.length > 0) parts.push(count(card.tools.length, 'tool offered', 'tools offered'))
      return { server: card.serverName, text: parts.join(' · ') }
    }
    case 'tool-call': {
      const card = entry.card
      return { server: card.serverName, text: `tool call: ${card.toolTitle ?? card.toolName}` }
    }
    case 'elicitation': {
      const card = entry.card
      const what = card.mode === 'url' ? 'asks you to open a page' : 'asks you'
      return { server: card.serverName, text: `${what}: ${oneLine(card.message)}` }
    }
  }
}
