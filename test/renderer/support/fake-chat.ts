import type { InputKind } from '../../../src/shared/mcp/input-origin'
import type { ChatTurnState } from '../../../src/shared/chat/chat-view'
import { TOOL_CALL_ARGUMENTS_NOTE, type ToolCallCard } from '../../../src/shared/chat/tool-call-card'
import {
  TRANSCRIPT_RECORD_VERSION,
  type ConversationMeta,
  type TranscriptRecord,
  type TranscriptRecordInput,
} from '../../../src/shared/chat/transcript-schema'
import type {
  EventChannel,
  EventOf,
  RequestChannel,
  RequestOf,
  ResponseOf,
} from '../../../src/shared/ipc/contract'
import type { IpcError, IpcResult } from '../../../src/shared/ipc/ipc-error'

/** A valid conversation id (a ULID) numbered `n`, so tests can name conversations in order. */
export function conversationId(n: number): string {
  return `01J${String(n).padStart(23, '0')}`
}

export function conversationMetaFixture(overrides: Partial<ConversationMeta> = {}): ConversationMeta {
  return {
    id: conversationId(1),
    title: 'Release notes',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  }
}

/** A card as the host builds it for `mcp_docs_query` on the Docs server over stdio. */
export function toolCallCardFixture(overrides: Partial<ToolCallCard> = {}): ToolCallCard {
  return {
    id: 'call-card-1',
    kind: 'tool-call',
    conversationId: conversationId(1),
    serverId: 'docs',
    serverName: 'Docs',
    transportLabel: 'stdio: docs-mcp',
    destination: '/usr/bin/docs-mcp --index /srv/docs',
    toolName: 'query',
    exposedName: 'mcp_docs_query',
    arguments: '{\n  "q": "release date"\n}',
    argumentsTruncated: false,
    note: TOOL_CALL_ARGUMENTS_NOTE,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  }
}

/** A record as the transcript stores it: the input plus `v` and `at`. */
export function recordFixture(
  input: TranscriptRecordInput,
  at = '2026-01-01T00:00:01.000Z',
): TranscriptRecord {
  const filled = input.type === 'tool_result' ? { attachments: [], ...input } : input
  return { v: TRANSCRIPT_RECORD_VERSION, at, ...filled }
}

type Result<C extends RequestChannel> = Promise<IpcResult<ResponseOf<C>>>

function ok<T>(value: T): Promise<IpcResult<T>> {
  return Promise.resolve({ ok: true, value })
}

function failure(code: IpcError['code'], message: string): Promise<IpcResult<never>> {
  return Promise.resolve({ ok: false, error: { code, message } })
}

interface Conversation {
  meta: ConversationMeta
  records: TranscriptRecord[]
  warnings: string[]
  awaitingConfirmation: boolean
  runningTurnId?: string
}

export interface FakeChatHooks {
  emit: <E extends EventChannel>(event: E, payload: EventOf<E>) => void
  defaultModel: () => string | undefined
}

/**
 * The chat half of the fake host, behaving like ChatService behind IPC: conversations with their records,
 * a send that starts a turn (refused while one runs, or while an unknown outcome waits for confirmation),
 * and tool-call cards that a decision takes away. Tests drive a running turn with `stream`, `append` and
 * `endTurn`; every change is announced with the host's events.
 */
export class FakeChat {
  readonly conversations = new Map<string, Conversation>()
  cards: ToolCallCard[] = []
  readonly decisions: Array<RequestOf<'chat:decide-tool-call'>> = []
  readonly #hooks: FakeChatHooks
  #created = 0
  #turns = 0
  #clock = Date.parse('2026-01-02T00:00:00.000Z')

  constructor(hooks: FakeChatHooks) {
    this.#hooks = hooks
  }

  /** Adds a conversation as if it had been saved before the window opened. */
  seed(meta: ConversationMeta, records: TranscriptRecord[] = [], extra: Partial<Conversation> = {}): void {
    this.conversations.set(meta.id, { meta, records, warnings: [], awaitingConfirmation: false, ...extra })
    this.#created = Math.max(this.#created, this.conversations.size)
  }

  /** Appends a record to a conversation and announces it, as the host's transcript store does. */
  append(id: string, input: TranscriptRecordInput): TranscriptRecord {
    const conversation = this.#get(id)
    const record = recordFixture(input, this.#now())
    conversation.records.push(record)
    this.#hooks.emit('chat:record', { conversationId: id, record })
    return record
  }

  stream(id: string, text: string): void {
    const turnId = this.#get(id).runningTurnId ?? 'no-turn'
    this.#hooks.emit('chat:delta', { conversationId: id, turnId, text })
  }

  /** The running turn's tool call `callId` is in input round `round`, asked for `asked` (MRTR). */
  round(id: string, callId: string, round: number, asked: InputKind): void {
    const turnId = this.#get(id).runningTurnId ?? 'no-turn'
    this.#hooks.emit('chat:tool-round', { conversationId: id, turnId, callId, round, asked })
  }

  /** Ends the running turn: its `turn` record, then the `chat:turn` event. */
  endTurn(
    id: string,
    state: Exclude<ChatTurnState, 'running'>,
    options: { unknownOutcome?: boolean; reason?: string } = {},
  ): void {
    const conversation = this.#get(id)
    const turnId = conversation.runningTurnId
    if (!turnId) throw new Error(`no turn runs in ${id}`)
    this.append(id, {
      type: 'turn',
      turnId,
      status: state,
      ...(options.reason ? { reason: options.reason } : {}),
    })
    delete conversation.runningTurnId
    conversation.awaitingConfirmation = options.unknownOutcome === true
    this.#hooks.emit('chat:turn', {
      conversationId: id,
      turnId,
      state,
      ...(state === 'error' && options.reason ? { error: options.reason } : {}),
      unknownOutcome: options.unknownOutcome === true,
    })
    this.#touch(conversation)
  }

  showToolCall(card: ToolCallCard): void {
    this.cards = [...this.cards.filter((existing) => existing.id !== card.id), card]
    this.#hooks.emit('chat:tool-calls', { cards: this.cards })
  }

  list(): Result<'chat:list'> {
    return ok({ conversations: [...this.conversations.values()].map((entry) => entry.meta) })
  }

  create(request: RequestOf<'chat:create'>): Result<'chat:create'> {
    this.#created += 1
    const at = this.#now()
    const meta: ConversationMeta = {
      id: conversationId(this.#created),
      title: request.title ?? 'New conversation',
      ...(request.model ? { model: request.model } : {}),
      createdAt: at,
      updatedAt: at,
    }
    this.conversations.set(meta.id, { meta, records: [], warnings: [], awaitingConfirmation: false })
    this.#announce()
    return ok(meta)
  }

  rename({ id, title }: RequestOf<'chat:rename'>): Result<'chat:rename'> {
    const conversation = this.conversations.get(id)
    if (!conversation) return failure('not_found', `no conversation ${id}`)
    conversation.meta = { ...conversation.meta, title: title.trim() }
    this.#touch(conversation)
    return ok(conversation.meta)
  }

  setModel({ id, model }: RequestOf<'chat:set-model'>): Result<'chat:set-model'> {
    const conversation = this.conversations.get(id)
    if (!conversation) return failure('not_found', `no conversation ${id}`)
    const { model: _previous, ...rest } = conversation.meta
    conversation.meta = model === null ? rest : { ...rest, model }
    this.#touch(conversation)
    return ok(conversation.meta)
  }

  delete({ id }: RequestOf<'chat:delete'>): Result<'chat:delete'> {
    if (!this.conversations.delete(id)) return failure('not_found', `no conversation ${id}`)
    this.#announce()
    return ok({ deleted: true as const })
  }

  /** As the host: the newest `tail` records (the host also caps a page's bytes, which the tests here never reach). */
  open({ id, tail }: RequestOf<'chat:open'>): Result<'chat:open'> {
    const conversation = this.conversations.get(id)
    if (!conversation) return failure('not_found', `no conversation ${id}`)
    const { meta, warnings, awaitingConfirmation, runningTurnId, records } = conversation
    const firstIndex = tail === undefined ? 0 : Math.max(0, records.length - tail)
    return ok({
      meta,
      records: records.slice(firstIndex),
      firstIndex,
      warnings,
      awaitingConfirmation,
      ...(runningTurnId ? { runningTurnId } : {}),
    })
  }

  records({ id, before, limit }: RequestOf<'chat:records'>): Result<'chat:records'> {
    const conversation = this.conversations.get(id)
    if (!conversation) return failure('not_found', `no conversation ${id}`)
    const end = Math.min(before, conversation.records.length)
    const firstIndex = Math.max(0, end - limit)
    return ok({ records: conversation.records.slice(firstIndex, end), firstIndex })
  }

  send({ id, text, confirmUnknown }: RequestOf<'chat:send'>): Result<'chat:send'> {
    const conversation = this.conversations.get(id)
    if (!conversation) return failure('not_found', `no conversation ${id}`)
    if (conversation.runningTurnId) return failure('conflict', 'a turn is already running')
    if (conversation.awaitingConfirmation && confirmUnknown !== true) {
      return failure('conflict', "the previous turn's tool call may have run; confirm before sending")
    }
    if (!conversation.meta.model && !this.#hooks.defaultModel()) {
      return failure('validation_failed', 'choose a model for this conversation first')
    }
    this.#turns += 1
    const turnId = `turn-${this.#turns}`
    conversation.runningTurnId = turnId
    conversation.awaitingConfirmation = false
    this.#hooks.emit('chat:turn', { conversationId: id, turnId, state: 'running', unknownOutcome: false })
    this.append(id, { type: 'turn', turnId, status: 'started' })
    this.append(id, { type: 'user', turnId, text })
    return ok({ turnId })
  }

  stop({ id }: RequestOf<'chat:stop'>): Result<'chat:stop'> {
    const conversation = this.conversations.get(id)
    if (!conversation?.runningTurnId) return ok({ stopped: false })
    this.endTurn(id, 'cancelled', { reason: 'stopped by the user' })
    return ok({ stopped: true })
  }

  toolCalls(): Result<'chat:tool-calls'> {
    return ok({ cards: this.cards })
  }

  decide(request: RequestOf<'chat:decide-tool-call'>): Result<'chat:decide-tool-call'> {
    if (!this.cards.some((card) => card.id === request.id)) {
      return failure('not_found', `no tool call waiting with id "${request.id}"`)
    }
    this.decisions.push(request)
    this.cards = this.cards.filter((card) => card.id !== request.id)
    this.#hooks.emit('chat:tool-calls', { cards: this.cards })
    return ok({ accepted: true as const })
  }

  #get(id: string): Conversation {
    const conversation = this.conversations.get(id)
    if (!conversation) throw new Error(`no conversation ${id}`)
    return conversation
  }

  #now(): string {
    this.#clock += 1000
    return new Date(this.#clock).toISOString()
  }

  #touch(conversation: Conversation): void {
    conversation.meta = { ...conversation.meta, updatedAt: this.#now() }
    this.#announce()
  }

  #announce(): void {
    this.#hooks.emit('chat:conversations', {
      conversations: [...this.conversations.values()].map((entry) => entry.meta),
    })
  }
}
