/** The largest context one view may hand the model with a message (UTF-8 bytes of its text). */
export const MAX_VIEW_CONTEXT_BYTES = 16 * 1024

/** What one view told the model with a message: as recorded in the user record's `viewContext`. */
export interface ViewContextEntry {
  serverId: string
  toolName: string
  /** The line the model got, "Context from the view of <tool> (<server>): …". */
  text: string
}

/** Cut to at most `limit` UTF-8 bytes without splitting a character. */
function cutToBytes(text: string, limit: number): string {
  if (Buffer.byteLength(text) <= limit) return text
  let end = Math.min(text.length, limit)
  while (end > 0 && Buffer.byteLength(text.slice(0, end)) > limit - 3) end -= 1
  // Do not leave half of a surrogate pair.
  if (end > 0 && /[\uD800-\uDBFF]/.test(text.charAt(end - 1))) end -= 1
  return `${text.slice(0, end)}…`
}

/** A view's `ui/update-model-context` (content blocks and structuredContent) as one bounded text. */
export function viewContextEntry(
  origin: { serverId: string; serverName: string; toolName: string },
  update: { content?: readonly Record<string, unknown>[]; structuredContent?: Record<string, unknown> },
): ViewContextEntry {
  const parts: string[] = []
  for (const block of update.content ?? []) {
    if (block.type === 'text' && typeof block.text === 'string') parts.push(block.text)
    else parts.push(`[${typeof block.type === 'string' ? block.type : 'unknown'} content omitted]`)
  }
  if (update.structuredContent !== undefined) parts.push(JSON.stringify(update.structuredContent))
  const said = cutToBytes(parts.join('\n'), MAX_VIEW_CONTEXT_BYTES)
  const header = `Context from the view of ${oneLine(origin.toolName)} (${oneLine(origin.serverName)}): `
  return { serverId: origin.serverId, toolName: origin.toolName, text: header + said }
}

function oneLine(text: string): string {
  return text.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ').trim()
}

/** The user's text as the model gets it: what views said first, then the message. */
export function withViewContext(text: string, entries: readonly Pick<ViewContextEntry, 'text'>[]): string {
  if (entries.length === 0) return text
  return [...entries.map((entry) => entry.text), text].filter((part) => part.length > 0).join('\n\n')
}

/**
 * What each conversation's views last told the model (`ui/update-model-context`), in memory: the latest
 * per view (server + tool) replaces the one before; the conversation's next message takes them all.
 */
export class ViewContextStore {
  readonly #byConversation = new Map<string, Map<string, ViewContextEntry>>()

  set(conversationId: string, entry: ViewContextEntry): void {
    const entries = this.#byConversation.get(conversationId) ?? new Map<string, ViewContextEntry>()
    const key = JSON.stringify([entry.serverId, entry.toolName])
    // Deleted first, so the latest update is also the last one the model reads.
    entries.delete(key)
    entries.set(key, entry)
    this.#byConversation.set(conversationId, entries)
  }

  /** The context for the conversation's next message, and then none. */
  take(conversationId: string): ViewContextEntry[] {
    const entries = this.#byConversation.get(conversationId)
    this.#byConversation.delete(conversationId)
    return entries ? [...entries.values()] : []
  }

  peek(conversationId: string): ViewContextEntry[] {
    return [...(this.#byConversation.get(conversationId)?.values() ?? [])]
  }

  forgetConversation(conversationId: string): void {
    this.#byConversation.delete(conversationId)
  }
}
