import type { ToolCallCard } from '../../../shared/chat/tool-call-card'
import { isElicitationWaiting, type ElicitationCard } from '../../../shared/elicitation/elicitation-card'
import type { SamplingCard } from '../../../shared/sampling/sampling-card'

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
  const entries = [
    ...sampling
      .filter((card) => card.phase === 'approval' || card.phase === 'review')
      .map((card) => ({
        id: card.id,
        at: card.createdAt,
        conversationId: card.conversationId,
        text:
          card.phase === 'review'
            ? `${card.serverName}: a completion waits for your review`
            : `${card.serverName} wants to run a model`,
      })),
    ...toolCalls.map((card) => ({
      id: card.id,
      at: card.createdAt,
      conversationId: card.conversationId,
      text: `The model wants to call ${card.toolName} on ${card.serverName}`,
    })),
    ...elicitations.filter(isElicitationWaiting).map((card) => ({
      id: card.id,
      at: card.createdAt,
      conversationId: card.conversationId,
      text:
        card.mode === 'url'
          ? `${card.serverName} asks you to open a link`
          : `${card.serverName} asks you for information`,
    })),
  ]
  return entries
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at))
    .map(({ id, text, conversationId }) => ({
      id,
      text,
      ...(conversationId !== undefined ? { conversationId } : {}),
    }))
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
