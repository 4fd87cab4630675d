import type { AttachedFile, InsertedPrompt, MessageResourceRef } from '../../../shared/chat/chat-view'
import type { ToolCallCard, ToolCallDecision } from '../../../shared/chat/tool-call-card'
import type { ConversationMeta, TranscriptRecord } from '../../../shared/chat/transcript-schema'
import type { DeskApi } from '../../../shared/ipc/contract'
import { IpcCallError, type Call } from '../ipc/client'
import {
  applyDelta,
  applyToolRound,
  applyRecord,
  applyTurn,
  emptyPending,
  mergeOpened,
  prependRecords,
  sortConversations,
  type OpenConversation,
  type PendingEvents,
} from './chat-model'

export interface ChatState {
  /** Every conversation, most recently active first. */
  conversations: ConversationMeta[]
  /** The conversation the window shows, or null. */
  conversation: OpenConversation | null
  /** The conversation whose `chat:open` answer is on its way, so the view can say it is opening. */
  openingId: string | null
  /** Every tool-call card waiting for the user's decision, in any conversation. */
  toolCalls: ToolCallCard[]
}

/** How a send ended: `confirm` means an unknown outcome needs the user's word first (nothing was sent). */
export type SendResult = 'sent' | 'confirm' | 'failed'

export interface SendOptions {
  confirmUnknown?: boolean
  /** Resources attached above the composer; the host reads them when the message goes. */
  attachments?: MessageResourceRef[]
  /** Files from the user's computer, read by the window (file-attachments.ts). */
  files?: AttachedFile[]
  /** A prompt's messages, inserted before the text (which may then be empty). */
  inserted?: InsertedPrompt
}

export interface ChatActions {
  /** Creates a conversation (with the default model) and opens it; false with a visible error. */
  createConversation: () => Promise<boolean>
  openConversation: (id: string) => Promise<boolean>
  /** Loads the open conversation's older records again after a failure. */
  retryOlderRecords: () => void
  renameConversation: (id: string, title: string) => Promise<boolean>
  deleteConversation: (id: string) => Promise<boolean>
  /** null: back to the default model. */
  setConversationModel: (id: string, model: string | null) => Promise<boolean>
  /** Sends to the open conversation; resolves once the host accepted (or refused) the message. */
  sendMessage: (text: string, options?: SendOptions) => Promise<SendResult>
  /** The Stop button: aborts the open conversation's running turn. */
  stopTurn: () => Promise<boolean>
  decideToolCall: (id: string, decision: ToolCallDecision) => Promise<boolean>
}

export interface ChatActionDeps {
  api: DeskApi
  call: Call
  get: () => ChatState
  set: (partial: Partial<ChatState>) => void
  /** Adds a visible error and returns its id. */
  report: (context: string, error: unknown) => { id: number; message: string }
}

export function initialChatState(): ChatState {
  return { conversations: [], conversation: null, openingId: null, toolCalls: [] }
}

/**
 * A conversation opens with its newest records only and loads the older ones behind them, page by page:
 * each answer is decoded on the window's main thread, so none may be large enough to cost a visible frame
 * (the host also caps each page's bytes).
 */
const OPEN_TAIL_RECORDS = 200
const OLDER_PAGE_RECORDS = 500

const decisionVerbs: Record<ToolCallDecision, string> = {
  approve: 'approve',
  'approve-for-conversation': 'approve',
  deny: 'deny',
}

/** The record that ends turn `turnId`, for telling whether a turn's end arrived before its send answer. */
function isEndOf(turnId: string) {
  return (record: TranscriptRecord) =>
    record.type === 'turn' && record.turnId === turnId && record.status !== 'started'
}

/** A host answer about one conversation replaces its list entry unless an event brought a newer one. */
function withMeta(conversations: readonly ConversationMeta[], meta: ConversationMeta): ConversationMeta[] {
  const current = conversations.find((entry) => entry.id === meta.id)
  if (current && current.updatedAt > meta.updatedAt) return [...conversations]
  return sortConversations([...conversations.filter((entry) => entry.id !== meta.id), meta])
}

/**
 * Conversations, the open one's transcript as it grows, and the tool-call cards waiting for a decision.
 * `follow` subscribes to the host's events; `load` asks for the list and the cards (an event that arrives
 * while an answer is on its way wins, being newer). Opening a conversation keeps the events that arrive
 * while its transcript loads and adds those the snapshot does not have yet.
 */
export function createChatActions(deps: ChatActionDeps): ChatActions & {
  follow: () => Array<() => void>
  load: () => Promise<void>
} {
  const { api, call, get, set, report } = deps
  let conversationsRevision = 0
  let toolCallsRevision = 0
  let openSeq = 0
  let opening: { id: string; seq: number; pending: PendingEvents } | null = null

  const updateOpen = (id: string, update: (open: OpenConversation) => OpenConversation) => {
    const open = get().conversation
    if (open?.id === id) set({ conversation: update(open) })
  }

  const titleOf = (id: string): string =>
    get().conversations.find((entry) => entry.id === id)?.title ??
    (get().conversation?.id === id ? get().conversation!.meta.title : 'the conversation')

  const setMeta = (meta: ConversationMeta) => {
    set({ conversations: withMeta(get().conversations, meta) })
    updateOpen(meta.id, (open) => (open.meta.updatedAt > meta.updatedAt ? open : { ...open, meta }))
  }

  const openConversation = async (id: string): Promise<boolean> => {
    const seq = ++openSeq
    opening = { id, seq, pending: emptyPending() }
    // Another conversation leaves the view at once; the same one stays readable while it reloads.
    if (get().conversation?.id !== id) set({ conversation: null })
    set({ openingId: id })
    try {
      const view = await call('chat:open', { id, tail: OPEN_TAIL_RECORDS })
      if (opening?.seq !== seq) return false
      const { pending } = opening
      opening = null
      set({ conversation: mergeOpened(view, pending), openingId: null })
      setMeta(view.meta)
      void loadOlderRecords(id, seq)
      return true
    } catch (error) {
      if (opening?.seq !== seq) return false
      opening = null
      set({ openingId: null })
      report(`Could not open “${titleOf(id)}”`, error)
      return false
    }
  }

  /** Joins the older records on in front until the transcript is whole, or another open supersedes it. */
  const loadOlderRecords = async (id: string, seq: number): Promise<void> => {
    for (;;) {
      const open = get().conversation
      if (openSeq !== seq || open?.id !== id || open.firstIndex === 0) return
      let page
      try {
        page = await call('chat:records', { id, before: open.firstIndex, limit: OLDER_PAGE_RECORDS })
      } catch (error) {
        if (openSeq === seq && get().conversation?.id === id) {
          report(`Could not load the earlier messages of “${titleOf(id)}”`, error)
          updateOpen(id, (current) => ({ ...current, olderFailed: true }))
        }
        return
      }
      if (openSeq !== seq) return
      const current = get().conversation
      if (current?.id !== id) return
      const joined = prependRecords(current, page)
      if (joined === current) return
      set({ conversation: joined })
    }
  }

  return {
    follow: () => [
      api.on('chat:conversations', ({ conversations }) => {
        conversationsRevision++
        set({ conversations: sortConversations(conversations) })
        const open = get().conversation
        if (!open) return
        // The list carries every rename and model change, made here or elsewhere (the CLI, another tab).
        const listed = conversations.find((entry) => entry.id === open.id)
        set({ conversation: listed ? { ...open, meta: listed } : null })
      }),
      api.on('chat:record', ({ conversationId, record }) => {
        if (opening?.id === conversationId) {
          const { pending } = opening
          pending.records.push(record)
          if (record.type === 'assistant' || record.type === 'tool_call' || record.type === 'turn') {
            pending.live = ''
          }
        }
        updateOpen(conversationId, (open) => applyRecord(open, record))
      }),
      api.on('chat:delta', ({ conversationId, text }) => {
        if (opening?.id === conversationId) opening.pending.live += text
        updateOpen(conversationId, (open) => applyDelta(open, text))
      }),
      api.on('chat:tool-round', (event) => {
        updateOpen(event.conversationId, (open) => applyToolRound(open, event))
      }),
      api.on('chat:turn', (event) => {
        if (opening?.id === event.conversationId) opening.pending.turn = event
        updateOpen(event.conversationId, (open) => applyTurn(open, event))
      }),
      api.on('chat:tool-calls', ({ cards }) => {
        toolCallsRevision++
        set({ toolCalls: cards })
      }),
    ],

    async load() {
      const conversationsAt = conversationsRevision
      const toolCallsAt = toolCallsRevision
      await Promise.all([
        call('chat:list', {}).then(
          ({ conversations }) => {
            if (conversationsRevision === conversationsAt) {
              set({ conversations: sortConversations(conversations) })
            }
          },
          (error) => report('Could not list conversations', error),
        ),
        call('chat:tool-calls', {}).then(
          ({ cards }) => {
            if (toolCallsRevision === toolCallsAt) set({ toolCalls: cards })
          },
          (error) => report('Could not list the tool calls waiting for approval', error),
        ),
      ])
    },

    openConversation,

    retryOlderRecords() {
      const open = get().conversation
      if (!open?.olderFailed) return
      const { olderFailed: _failed, ...rest } = open
      set({ conversation: rest })
      void loadOlderRecords(open.id, openSeq)
    },

    async createConversation() {
      try {
        const meta = await call('chat:create', {})
        set({ conversations: withMeta(get().conversations, meta) })
        return await openConversation(meta.id)
      } catch (error) {
        report('Could not create a conversation', error)
        return false
      }
    },

    async renameConversation(id, title) {
      try {
        setMeta(await call('chat:rename', { id, title }))
        return true
      } catch (error) {
        report(`Could not rename “${titleOf(id)}”`, error)
        return false
      }
    },

    async deleteConversation(id) {
      const title = titleOf(id)
      try {
        await call('chat:delete', { id })
        set({ conversations: get().conversations.filter((entry) => entry.id !== id) })
        if (get().conversation?.id === id) set({ conversation: null })
        if (opening?.id === id) {
          opening = null
          set({ openingId: null })
        }
        return true
      } catch (error) {
        report(`Could not delete “${title}”`, error)
        return false
      }
    },

    async setConversationModel(id, model) {
      try {
        setMeta(await call('chat:set-model', { id, model }))
        return true
      } catch (error) {
        report(`Could not choose ${model ?? 'the default model'} for “${titleOf(id)}”`, error)
        return false
      }
    },

    async sendMessage(text, options = {}) {
      const open = get().conversation
      if (!open) return 'failed'
      const confirmUnknown = options.confirmUnknown === true
      if (open.awaitingConfirmation && !confirmUnknown) return 'confirm'
      try {
        const { turnId } = await call('chat:send', {
          id: open.id,
          text,
          ...(confirmUnknown ? { confirmUnknown: true } : {}),
          ...(options.attachments?.length ? { attachments: options.attachments } : {}),
          ...(options.files?.length ? { files: options.files } : {}),
          ...(options.inserted ? { inserted: options.inserted } : {}),
        })
        // The turn's own events may have come first; the answer only fills in what they did not say.
        updateOpen(open.id, (current) => ({
          ...current,
          awaitingConfirmation: false,
          ...(current.runningTurnId === undefined && !current.records.some(isEndOf(turnId))
            ? { runningTurnId: turnId }
            : {}),
        }))
        return 'sent'
      } catch (error) {
        // The host may know of an unknown outcome this window missed: learn it, then ask the user.
        if (error instanceof IpcCallError && error.code === 'conflict' && !confirmUnknown) {
          await openConversation(open.id)
          const now = get().conversation
          if (now?.id === open.id && now.awaitingConfirmation && now.runningTurnId === undefined) {
            return 'confirm'
          }
        }
        report(`Could not send the message to “${titleOf(open.id)}”`, error)
        return 'failed'
      }
    },

    async stopTurn() {
      const open = get().conversation
      if (!open) return false
      try {
        await call('chat:stop', { id: open.id })
        return true
      } catch (error) {
        report(`Could not stop the turn in “${titleOf(open.id)}”`, error)
        return false
      }
    },

    async decideToolCall(id, decision) {
      const card = get().toolCalls.find((entry) => entry.id === id)
      try {
        await call('chat:decide-tool-call', { id, decision })
        return true
      } catch (error) {
        const what = card ? `the call to ${card.toolName} on ${card.serverName}` : 'the tool call'
        report(`Could not ${decisionVerbs[decision]} ${what}`, error)
        return false
      }
    },
  }
}
