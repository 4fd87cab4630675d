import type {
  ChatToolRoundEvent,
  ChatTurnEvent,
  ConversationView,
  TranscriptPage,
} from '../../../shared/chat/chat-view'
import { crashedOutcomeDetail } from '../../../shared/chat/tool-result-wording'
import type { ToolCallCard } from '../../../shared/chat/tool-call-card'
import type { InputKind } from '../../../shared/mcp/input-origin'
import type {
  ConversationMeta,
  MessageAttachmentRecord,
  TranscriptRecord,
  ToolResultState,
} from '../../../shared/chat/transcript-schema'

/**
 * Pure rules behind the chat: the open conversation as records and events build it, what the transcript
 * shows, and the counts of waiting tool calls. Kept apart from the store so they are tested without one.
 */

/** The conversation the window shows, kept current by the host's events. */
export interface OpenConversation {
  id: string
  meta: ConversationMeta
  records: TranscriptRecord[]
  /** Where `records` start in the whole transcript: above 0 while the older records are still loading. */
  firstIndex: number
  /** Loading the older records failed (the error was reported); they load again on the user's word. */
  olderFailed?: boolean
  warnings: string[]
  awaitingConfirmation: boolean
  runningTurnId?: string
  /** Text the model is streaming for the current step, until that step's record arrives. */
  live: string
  /** Running tool calls whose server asked for input (MRTR rounds), by call id, until their result. */
  rounds?: Readonly<Record<string, LiveRounds>>
}

/** The round a running call is in and what its server asked for in it. */
export interface LiveRounds {
  round: number
  asked: InputKind[]
}

/** Events for a conversation whose `chat:open` answer is still on its way, applied once it arrives. */
export interface PendingEvents {
  records: TranscriptRecord[]
  live: string
  turn?: ChatTurnEvent
}

export function emptyPending(): PendingEvents {
  return { records: [], live: '' }
}

/** Most recently active first; equal times keep the newer conversation (ULIDs sort by creation) first. */
export function sortConversations(conversations: readonly ConversationMeta[]): ConversationMeta[] {
  return [...conversations].sort((a, b) =>
    a.updatedAt !== b.updatedAt ? (a.updatedAt < b.updatedAt ? 1 : -1) : a.id < b.id ? 1 : -1,
  )
}

export function openedConversation(view: ConversationView): OpenConversation {
  return {
    id: view.meta.id,
    meta: view.meta,
    records: view.records,
    firstIndex: view.firstIndex,
    warnings: view.warnings,
    awaitingConfirmation: view.awaitingConfirmation,
    ...(view.runningTurnId !== undefined ? { runningTurnId: view.runningTurnId } : {}),
    live: '',
  }
}

/**
 * A page of older records joined on in front; a page that does not end where the records start (the
 * conversation was reopened meanwhile) is not joined, and the same conversation comes back.
 */
export function prependRecords(open: OpenConversation, page: TranscriptPage): OpenConversation {
  if (page.records.length === 0 || page.firstIndex + page.records.length !== open.firstIndex) return open
  return { ...open, records: [...page.records, ...open.records], firstIndex: page.firstIndex }
}

/** One appended record: a step's text or a tool call means the streamed text so far is now recorded. */
export function applyRecord(open: OpenConversation, record: TranscriptRecord): OpenConversation {
  const records = [...open.records, record]
  const recordsStream = record.type === 'assistant' || record.type === 'tool_call' || record.type === 'turn'
  const next: OpenConversation = { ...open, records, live: recordsStream ? '' : open.live }
  if (record.type === 'meta') next.meta = { ...open.meta, title: record.title, model: record.model }
  if (record.type === 'turn') {
    if (record.status === 'started') next.runningTurnId = record.turnId
    else if (open.runningTurnId === record.turnId) delete next.runningTurnId
  }
  if (record.type === 'tool_result' && open.rounds?.[record.callId]) {
    const { [record.callId]: _done, ...rest } = open.rounds
    next.rounds = rest
  }
  return next
}

/** A running call's server asked for input: a new round starts its list, the same round adds to it. */
export function applyToolRound(open: OpenConversation, event: ChatToolRoundEvent): OpenConversation {
  if (event.turnId !== open.runningTurnId) return open
  const known = open.rounds?.[event.callId]
  const asked =
    known?.round === event.round
      ? known.asked.includes(event.asked)
        ? known.asked
        : [...known.asked, event.asked]
      : [event.asked]
  return { ...open, rounds: { ...open.rounds, [event.callId]: { round: event.round, asked } } }
}

export function applyDelta(open: OpenConversation, text: string): OpenConversation {
  return { ...open, live: open.live + text }
}

/** A turn started or ended; an end says whether the next message needs the user's confirmation. */
export function applyTurn(open: OpenConversation, event: ChatTurnEvent): OpenConversation {
  if (event.state === 'running') return { ...open, runningTurnId: event.turnId }
  const next: OpenConversation = { ...open, live: '', awaitingConfirmation: event.unknownOutcome }
  if (open.runningTurnId === undefined || open.runningTurnId === event.turnId) {
    delete next.runningTurnId
    delete next.rounds
  }
  return next
}

function sameRecord(a: TranscriptRecord, b: TranscriptRecord): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

/**
 * The `chat:open` answer plus the events that arrived while it was on its way. Records are append-only
 * and the events come in order, so the snapshot ends somewhere inside (or before) the pending records:
 * the longest tail of the snapshot that equals a head of the pending records is already in it, the rest
 * is newer.
 */
export function mergeOpened(view: ConversationView, pending: PendingEvents): OpenConversation {
  let open = openedConversation(view)
  const { records } = view
  let overlap = Math.min(records.length, pending.records.length)
  for (; overlap > 0; overlap--) {
    const tail = records.slice(records.length - overlap)
    if (tail.every((record, index) => sameRecord(record, pending.records[index]!))) break
  }
  for (const record of pending.records.slice(overlap)) open = applyRecord(open, record)
  if (pending.turn) open = applyTurn(open, pending.turn)
  return open.runningTurnId !== undefined ? { ...open, live: pending.live } : open
}

type ToolCallRecord = Extract<TranscriptRecord, { type: 'tool_call' }>
type ToolResultRecord = Extract<TranscriptRecord, { type: 'tool_result' }>
type PromptRecord = Extract<TranscriptRecord, { type: 'prompt' }>

/** What the transcript shows, one item per row: a tool call and its result are one row. */
export type TranscriptItem =
  | {
      kind: 'user'
      key: string
      text: string
      resources?: MessageAttachmentRecord[]
      /** Written by a tool's view (MCP Apps `ui/message`), not typed by the user. */
      fromView?: { serverId: string; toolName: string }
      /** What views told the model along with this message. */
      viewContext?: Array<{ serverId: string; toolName: string; text: string }>
    }
  | { kind: 'prompt'; key: string; record: PromptRecord }
  | { kind: 'assistant'; key: string; text: string; cutOff?: true }
  | { kind: 'tool'; key: string; call: ToolCallRecord; result?: ToolResultRecord }
  | { kind: 'note'; key: string; text: string }
  | { kind: 'turn-end'; key: string; status: 'cancelled' | 'error'; reason?: string }

/**
 * `firstIndex` is where the records start in the whole transcript: keys are positions in the whole
 * transcript, so rows keep their keys (and measured heights) when older records are joined on in front.
 * A result whose call is in a page not loaded yet shows once that page arrives.
 */
export function transcriptItems(records: readonly TranscriptRecord[], firstIndex = 0): TranscriptItem[] {
  const items: TranscriptItem[] = []
  const toolRows = new Map<string, number>()
  records.forEach((record, index) => {
    const key = `${firstIndex + index}`
    switch (record.type) {
      case 'user':
        items.push({
          kind: 'user',
          key,
          text: record.text,
          ...(record.resources && record.resources.length > 0 ? { resources: record.resources } : {}),
          ...(record.fromView ? { fromView: record.fromView } : {}),
          ...(record.viewContext?.length ? { viewContext: record.viewContext } : {}),
        })
        return
      case 'prompt':
        items.push({ kind: 'prompt', key, record })
        return
      case 'assistant':
        items.push({ kind: 'assistant', key, text: record.text, ...(record.cutOff ? { cutOff: true } : {}) })
        return
      case 'note':
        items.push({ kind: 'note', key, text: record.text })
        return
      case 'tool_call':
        toolRows.set(`${record.turnId}\u0000${record.callId}`, items.length)
        items.push({ kind: 'tool', key, call: record })
        return
      case 'tool_result': {
        const row = toolRows.get(`${record.turnId}\u0000${record.callId}`)
        const item = row === undefined ? undefined : items[row]
        if (item?.kind === 'tool') items[row!] = { ...item, result: record }
        return
      }
      case 'turn':
        if (record.status === 'cancelled' || record.status === 'error') {
          items.push({
            kind: 'turn-end',
            key,
            status: record.status,
            ...(record.reason !== undefined ? { reason: record.reason } : {}),
          })
        }
        return
      case 'meta':
        return
    }
  })
  return items
}

/** Tool-call cards waiting in each conversation, for the sidebar's badges. */
export function waitingByConversation(cards: readonly ToolCallCard[]): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const card of cards) counts[card.conversationId] = (counts[card.conversationId] ?? 0) + 1
  return counts
}

export interface ResultStateLabel {
  label: string
  /** Said under the result, when the state needs more than its name. */
  explanation?: string
}

export const resultStateLabels: Record<ToolResultState, ResultStateLabel> = {
  completed: { label: 'Completed' },
  failed: { label: 'Failed', explanation: 'The server reported an error.' },
  denied: { label: 'Denied', explanation: 'Nothing was sent to the server.' },
  unknown: {
    label: 'Outcome unknown',
    explanation: 'The server may have acted; do not retry automatically.',
  },
  output_limit: { label: 'Output truncated', explanation: 'The result was truncated at 64 KiB.' },
}

/** A failure the host refused before sending is not the server's error. */
export function resultLabel(result: Pick<ToolResultRecord, 'state' | 'sent' | 'crash'>): ResultStateLabel {
  if (result.state === 'failed' && result.sent === false) {
    return { label: 'Failed', explanation: 'Nothing was sent to the server.' }
  }
  // "No answer" alone reads like a network blip: say the server died, and how, so the user can judge.
  if (result.state === 'unknown' && result.crash) {
    return { label: 'Outcome unknown', explanation: crashedOutcomeDetail(result.crash) }
  }
  return resultStateLabels[result.state]
}

/** The arguments as the transcript shows them: pretty JSON, or the text itself when it is a string. */
export function prettyArguments(value: unknown): string {
  if (typeof value === 'string') return value
  return JSON.stringify(value, null, 2) ?? String(value)
}
