import type { AssistantContent, ModelMessage, ToolContent } from 'ai'
import type { TranscriptRecord } from '../../../shared/chat/transcript-schema'
import { promptMessagesOf, userMessageOf } from './message-content'
import { withViewContext } from '../apps/view-context'

/** Told to the model for a recorded call whose result never got written (the turn was stopped mid-call). */
export const MISSING_RESULT_TEXT =
  '[unknown] No result was recorded for this call (the turn was stopped first); do not assume it ran or not.'

/**
 * The model history of a conversation, rebuilt from its transcript by shape alone: a recorded tool call is
 * replayed as data (its name, arguments and recorded result), never looked up or executed, so a
 * conversation whose server was removed still loads and continues. Host-only records (meta, notes, turn
 * markers) are not sent to the model. Inserted prompt messages and attached resources are replayed as the
 * turn that sent them said them, except binary data, which transcripts do not keep.
 *
 * Within a turn, an assistant step's text comes first, then its calls and their results in order; the
 * calls of consecutive steps that had no text in between are merged into one assistant message, which is
 * the same exchange to the model. Every call gets exactly one result (a missing one is filled in as
 * unknown) and results without their call are dropped, since providers reject either mismatch.
 */
export function historyFromTranscript(records: readonly TranscriptRecord[]): ModelMessage[] {
  const messages: ModelMessage[] = []
  let assistant: Exclude<AssistantContent, string> = []
  let results: Extract<ToolContent[number], { type: 'tool-result' }>[] = []
  const callNames = new Map<string, string>()

  const flush = (): void => {
    if (assistant.length > 0) {
      for (const part of assistant) {
        if (part.type !== 'tool-call' || results.some((r) => r.toolCallId === part.toolCallId)) continue
        results.push(resultPart(part.toolCallId, part.toolName, MISSING_RESULT_TEXT))
      }
      messages.push({ role: 'assistant', content: assistant })
      if (results.length > 0) messages.push({ role: 'tool', content: results })
    }
    assistant = []
    results = []
    callNames.clear()
  }

  for (const record of records) {
    switch (record.type) {
      case 'prompt':
        flush()
        messages.push(...promptMessagesOf(record.messages))
        break
      case 'user': {
        flush()
        // What views told the model with this message went before its text, as it did then.
        const text = withViewContext(record.text, record.viewContext ?? [])
        const message = userMessageOf(text, record.resources ?? [])
        if (message) messages.push(message)
        break
      }
      case 'assistant':
        flush()
        if (record.text.length > 0) assistant.push({ type: 'text', text: record.text })
        break
      case 'tool_call':
        // A repeated call id (a corrupted or hand-edited transcript) would make the history invalid.
        if (callNames.has(record.callId)) break
        callNames.set(record.callId, record.exposedName)
        assistant.push({
          type: 'tool-call',
          toolCallId: record.callId,
          toolName: record.exposedName,
          input: record.arguments,
        })
        break
      case 'tool_result': {
        const toolName = callNames.get(record.callId)
        if (toolName === undefined || results.some((r) => r.toolCallId === record.callId)) break
        const text = record.state === 'completed' ? record.text : `[${record.state}] ${record.text}`
        results.push(resultPart(record.callId, toolName, text))
        break
      }
      case 'turn':
        if (record.status !== 'started') flush()
        break
      case 'meta':
      case 'note':
        break
    }
  }
  flush()
  return messages
}

function resultPart(
  toolCallId: string,
  toolName: string,
  value: string,
): Extract<ToolContent[number], { type: 'tool-result' }> {
  return { type: 'tool-result', toolCallId, toolName, output: { type: 'text', value } }
}

/**
 * Whether the conversation's latest turn left a call whose outcome is unknown. Derived from the transcript,
 * so the hold survives a restart and is lifted by the next turn the user confirmed.
 */
export function lastTurnHasUnknownOutcome(records: readonly TranscriptRecord[]): boolean {
  let lastTurnId: string | undefined
  for (const record of records) {
    if (record.type === 'turn' && record.status === 'started') lastTurnId = record.turnId
  }
  if (lastTurnId === undefined) return false
  return records.some(
    (record) => record.type === 'tool_result' && record.turnId === lastTurnId && record.state === 'unknown',
  )
}
