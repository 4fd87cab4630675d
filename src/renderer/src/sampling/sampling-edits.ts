import type { ApprovalDecision, SamplingCard } from '../../../shared/sampling/sampling-card'
import { removedToolNames } from './offered-tools'

/**
 * What the user changed on an approval card before approving it, and the decision that carries it. Only
 * real changes are sent: an edit put back to the original text is no edit, so the host keeps the server's
 * own content byte for byte.
 */
export interface RequestEdits {
  /** The edited system prompt; undefined = untouched. */
  systemPrompt?: string
  /** Edited text items by `textKey(message, item)`. */
  texts: Record<string, string>
}

export const noEdits: RequestEdits = { texts: {} }

export function textKey(message: number, item: number): string {
  return `${message}:${item}`
}

function originalText(card: SamplingCard, message: number, item: number): string | undefined {
  const content = card.messages[message]?.content[item]
  return content?.type === 'text' ? content.text : undefined
}

function changedSystemPrompt(card: SamplingCard, edits: RequestEdits): string | undefined {
  if (edits.systemPrompt === undefined) return undefined
  return edits.systemPrompt === (card.systemPrompt ?? '') ? undefined : edits.systemPrompt
}

function changedTexts(
  card: SamplingCard,
  edits: RequestEdits,
): Array<{ message: number; item: number; text: string }> {
  const changed: Array<{ message: number; item: number; text: string }> = []
  for (const [key, text] of Object.entries(edits.texts)) {
    const [message, item] = key.split(':').map(Number)
    if (message === undefined || item === undefined) continue
    const original = originalText(card, message, item)
    if (original !== undefined && original !== text) changed.push({ message, item, text })
  }
  return changed.sort((a, b) => a.message - b.message || a.item - b.item)
}

export function hasEdits(card: SamplingCard, edits: RequestEdits): boolean {
  return changedSystemPrompt(card, edits) !== undefined || changedTexts(card, edits).length > 0
}

/**
 * An approve decision of `kind` for `modelRef`, with the changed system prompt and texts and the tools
 * taken out of the offer, each only when there is one.
 */
export function approvalDecision(
  card: SamplingCard,
  kind: 'approve' | 'approve-session' | 'always',
  modelRef: string,
  edits: RequestEdits,
  removedTools: ReadonlySet<string> = new Set(),
): ApprovalDecision {
  const systemPrompt = changedSystemPrompt(card, edits)
  const textEdits = changedTexts(card, edits)
  const removed = removedToolNames(card, removedTools)
  return {
    kind,
    modelRef,
    ...(systemPrompt !== undefined ? { systemPrompt } : {}),
    ...(textEdits.length > 0 ? { textEdits } : {}),
    ...(removed.length > 0 ? { removedTools: removed } : {}),
  }
}
