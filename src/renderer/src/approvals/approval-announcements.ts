import type { ToolCallCard } from '../../../shared/chat/tool-call-card'
import type { ElicitationCard } from '../../../shared/elicitation/elicitation-card'
import type { SamplingCard } from '../../../shared/sampling/sampling-card'
import { arrivalOrder, isWaiting, type QueueEntry } from './approval-queue-model'

/** One request waiting for the user, in the words an announcement uses. */
export interface WaitingRequest {
  id: string
  text: string
  /** The conversation whose transcript shows the card, if any. */
  conversationId?: string
}

/**
 * Everything waiting for the user, oldest first, named by server and what it asks: the same requests the
 * bell counts (sampling cards to approve or review, tool calls, open questions).
 */
export function waitingRequests(
  sampling: readonly SamplingCard[],
  toolCalls: readonly ToolCallCard[],
  elicitations: readonly ElicitationCard[],
): WaitingRequest[] {
  return arrivalOrder(sampling, toolCalls, elicitations)
    .filter(isWaiting)
    .map((entry) => {
      const { id, conversationId } = entry.card
      return {
        id,
        text: announcementText(entry),
        ...(conversationId !== undefined ? { conversationId } : {}),
      }
    })
}

function announcementText(entry: QueueEntry): string {
  switch (entry.kind) {
    case 'sampling':
      return entry.card.phase === 'review'
        ? `${entry.card.serverName}: a completion waits for your review`
        : `${entry.card.serverName} wants to run a model`
    case 'tool-call':
      return `The model wants to call ${entry.card.toolName} on ${entry.card.serverName}`
    case 'elicitation':
      return entry.card.mode === 'url'
        ? `${entry.card.serverName} asks you to open a link`
        : `${entry.card.serverName} asks you for information`
  }
}

/** "(2) MCP Desk" while requests wait, so a window in the background or the taskbar shows it. */
export function windowTitle(waiting: number): string {
  return waiting > 0 ? `(${waiting}) MCP Desk` : 'MCP Desk'
}

/** What to announce for the requests that just arrived: the first by name, the rest counted. */
export function announcementOf(arrived: readonly WaitingRequest[]): string | undefined {
  const [first] = arrived
  if (!first) return undefined
  const more = arrived.length - 1
  return more > 0 ? `${first.text} (and ${more} more ${more === 1 ? 'request' : 'requests'})` : first.text
}

/** Said when the approvals drawer closes with requests still in it: they wait, behind the bell. */
export function stillWaitingNotice(inDrawer: readonly WaitingRequest[]): string | undefined {
  const [first] = inDrawer
  if (!first) return undefined
  return inDrawer.length === 1
    ? `Still waiting for you: ${first.text}. It stays in Approvals (the bell).`
    : `${inDrawer.length} requests still wait for you in Approvals (the bell).`
}
