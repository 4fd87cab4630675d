import type {
  ChatToolRoundEvent,
  ChatTurnEvent,
  ConversationView,
  TranscriptPage,
} from '../../../shared/chat/chat-view'
import type { ConversationMeta } from '../../../shared/chat/transcript-schema'
import { IpcFailure } from '../../../shared/ipc/ipc-error'
import type { ChatMessage, ChatService, TurnResult } from './chat-service'
import type { ConversationService, CreateConversationOptions } from './conversation-service'
import type { PendingToolCalls } from './pending-tool-calls'
import { lastTurnHasUnknownOutcome } from './transcript-history'
import { transcriptPage } from './transcript-page'

/** What the window hears while turns run (the host turns these into contract events). */
export interface ChatRunnerEvents {
  delta: (conversationId: string, turnId: string, text: string) => void
  /** A running tool call's server asked for input (a 2026-07-28 MRTR round). */
  toolRound?: (event: ChatToolRoundEvent) => void
  turn: (event: ChatTurnEvent) => void
  conversations: (list: ConversationMeta[]) => void
}

interface RunningTurn {
  turnId: string
  controller: AbortController
  done: Promise<TurnResult>
}

/**
 * The window's side of chat: turns run in the background (the IPC answer only says a turn started), at
 * most one per conversation, each stoppable; conversation edits announce the new list. The CLI uses
 * ChatService directly because it waits for its single turn.
 */
export class ChatRunner {
  readonly #running = new Map<string, RunningTurn>()
  /** Conversations whose message is being prepared (its resources read); it counts as running. */
  readonly #starting = new Set<string>()

  constructor(
    private readonly deps: {
      chat: ChatService
      conversations: ConversationService
      toolCalls: PendingToolCalls
      events: ChatRunnerEvents
      log: (message: string, error?: unknown) => void
    },
  ) {}

  list(): ConversationMeta[] {
    return this.deps.conversations.list()
  }

  create(options: CreateConversationOptions): ConversationMeta {
    return this.#announcing(() => this.deps.conversations.create(options))
  }

  rename(id: string, title: string): ConversationMeta {
    return this.#announcing(() => this.deps.conversations.rename(id, title))
  }

  setModel(id: string, model: string | null): ConversationMeta {
    return this.#announcing(() => this.deps.conversations.setModel(id, model))
  }

  /** Stops a running turn first, so nothing appends to a transcript that is gone. */
  async delete(id: string): Promise<void> {
    const running = this.#running.get(id)
    if (running) {
      running.controller.abort()
      await running.done.catch(() => undefined)
    }
    this.deps.toolCalls.closeConversation(id)
    this.#announcing(() => this.deps.conversations.delete(id))
    this.deps.chat.forgetConversation(id)
  }

  /** The whole conversation, or with `tail` only its newest records (a page; see transcriptPage). */
  open(id: string, tail?: number): ConversationView {
    const { meta, records, warnings } = this.deps.conversations.get(id)
    const running = this.#running.get(id)
    const page =
      tail === undefined ? { records, firstIndex: 0 } : transcriptPage(records, records.length, tail)
    return {
      meta,
      ...page,
      warnings,
      awaitingConfirmation: running === undefined && lastTurnHasUnknownOutcome(records),
      ...(running ? { runningTurnId: running.turnId } : {}),
    }
  }

  /** Older records of a conversation opened with a tail. */
  records(id: string, before: number, limit: number): TranscriptPage {
    return transcriptPage(this.deps.conversations.get(id).records, before, limit)
  }

  /**
   * Starts a turn once the message's attached resources are read; answers as soon as it runs. Refused while
   * another turn runs (or starts) in the conversation, and when an attachment cannot be read.
   */
  async send(id: string, message: ChatMessage, confirmUnknown: boolean): Promise<{ turnId: string }> {
    if (this.#running.has(id) || this.#starting.has(id)) {
      throw new IpcFailure('conflict', 'a turn is already running in this conversation; stop it or wait')
    }
    const controller = new AbortController()
    let turnId = ''
    this.#starting.add(id)
    let started
    try {
      started = await this.deps.chat.start(id, message, {
        signal: controller.signal,
        confirmUnknown,
        onText: (delta) => this.deps.events.delta(id, turnId, delta),
        onToolRound: (callId, notice) =>
          this.deps.events.toolRound?.({ conversationId: id, turnId, callId, ...notice }),
      })
    } finally {
      this.#starting.delete(id)
    }
    turnId = started.turnId
    const done = started.done
    this.#running.set(id, { turnId, controller, done })
    this.deps.events.turn({ conversationId: id, turnId, state: 'running', unknownOutcome: false })
    // The first message may have titled the conversation.
    this.#announceList()
    void done.then(
      (result) => this.#ended(id, turnId, result),
      (error: unknown) => {
        this.deps.log(`chat turn ${turnId} failed unexpectedly`, error)
        this.#ended(id, turnId, {
          status: 'error',
          turnId,
          toolCalls: 0,
          unknownOutcome: false,
          error: 'the turn failed unexpectedly; see the log',
        })
      },
    )
    return { turnId }
  }

  /** The composer's Stop: aborts the provider request and any in-flight tool call. */
  stop(id: string): boolean {
    const running = this.#running.get(id)
    if (!running) return false
    running.controller.abort()
    return true
  }

  /** Stops every turn and waits for them to end (shutdown). */
  async stopAll(): Promise<void> {
    const turns = [...this.#running.values()]
    for (const turn of turns) turn.controller.abort()
    await Promise.all(turns.map((turn) => turn.done.catch(() => undefined)))
  }

  #ended(id: string, turnId: string, result: TurnResult): void {
    if (this.#running.get(id)?.turnId === turnId) this.#running.delete(id)
    this.deps.events.turn({
      conversationId: id,
      turnId,
      state: result.status,
      unknownOutcome: result.unknownOutcome,
      ...(result.error === undefined ? {} : { error: result.error }),
    })
    this.#announceList()
  }

  #announcing<T>(edit: () => T): T {
    const result = edit()
    this.#announceList()
    return result
  }

  #announceList(): void {
    try {
      this.deps.events.conversations(this.deps.conversations.list())
    } catch (error) {
      // The list is a convenience for the sidebar; a transcript that cannot be read is reported by `open`.
      this.deps.log('could not list conversations', error)
    }
  }
}
