import type { JSONSchema7 } from 'ai'
import type { ToolCallCard } from '../../../shared/chat/tool-call-card'
import { IpcFailure } from '../../../shared/ipc/ipc-error'
import type { ServerConfig } from '../../../shared/settings/settings-schema'
import type { ConnectionManager } from '../mcp/connection-manager'
import type { ProviderService } from '../models/provider-service'
import { buildToolCallCard, ToolCallApprovals } from '../tools/tool-call-approval'
import {
  callToolOnce,
  classifyToolCall,
  NotSentError,
  TOOL_CALL_TIMEOUT_MS,
  type ToolCallOutcome,
} from '../tools/tool-call-outcome'
import { buildToolSet, type McpToolProvenance } from '../tools/tool-set'
import {
  type ApprovalAnswer,
  type ChatToolCallRequest,
  type ChatToolTarget,
  type ChatTurnResult,
  type ChatTurnTool,
  runChatTurn,
} from './chat-turn'
import type { ConversationService } from './conversation-service'
import { historyFromTranscript, lastTurnHasUnknownOutcome } from './transcript-history'
import type { TranscriptStore } from './transcript-store'
import type { TurnLifecycleNotifier, TurnLifecycleServer } from './turn-lifecycle'
import { ulid } from './ulid'

export type TurnResult = ChatTurnResult

export const UNKNOWN_OUTCOME_HOLD_MESSAGE =
  "the previous turn's tool call may have run; confirm before sending"

export interface ChatServiceDeps {
  conversations: ConversationService
  /** Where the conversations' records are appended (the store ConversationService reads). */
  transcripts: TranscriptStore
  servers: ConnectionManager
  providers: ProviderService
  /** The server's config, for the card's transport label; undefined once the server is removed. */
  configs: (serverId: string) => ServerConfig | undefined
  /** Shows the card and resolves with the user's decision; anything but an approval denies the call. */
  askApproval: (card: ToolCallCard) => Promise<unknown>
  /** The settings' default model, for a conversation that has none chosen. */
  defaultModel?: () => string | undefined
  notifier?: TurnLifecycleNotifier
  log: (line: string) => void
  /** How long a tool call may go unanswered before it is `unknown`; 30 s by default. */
  toolCallTimeoutMs?: number
  now?: () => Date
}

export interface SendOptions {
  signal?: AbortSignal
  onText?: (delta: string) => void
  /** The user confirmed that the previous turn's unknown call may have run. */
  confirmUnknown?: boolean
}

/**
 * Runtime tool results only carry text to the model (attachments are summarised in the transcript), so
 * media is always reported as omitted rather than pretending the model saw it.
 */
const TEXT_ONLY = { image: false, audio: false }

/**
 * One chat turn end to end: the history rebuilt from the transcript, the tools of the connected servers,
 * per-call approval (default deny, "approve for this conversation" remembered), one send per approved
 * call, and the records appended as the turn goes. It also remembers which conversation last called each
 * server (sampling routes that server's approval cards there) and tells servers that declared the turn
 * lifecycle capability when a turn that used them ended.
 */
export class ChatService {
  readonly #deps: ChatServiceDeps
  readonly #approvals = new ToolCallApprovals()
  readonly #lastConversation = new Map<string, string>()
  readonly #now: () => Date

  constructor(deps: ChatServiceDeps) {
    this.#deps = deps
    this.#now = deps.now ?? (() => new Date())
  }

  /** The conversation that last called a tool of this server, if any did since start. */
  lastConversationFor(serverId: string): string | undefined {
    return this.#lastConversation.get(serverId)
  }

  /** Forgets what was approved for a conversation, e.g. when it is deleted. */
  forgetConversation(conversationId: string): void {
    this.#approvals.forgetConversation(conversationId)
    for (const [serverId, id] of this.#lastConversation) {
      if (id === conversationId) this.#lastConversation.delete(serverId)
    }
  }

  /**
   * Runs one turn for `text`. Refused (with nothing recorded) while the previous turn left an unknown
   * outcome the user has not confirmed, or when the conversation has no usable model.
   */
  async send(conversationId: string, text: string, options: SendOptions = {}): Promise<TurnResult> {
    const { meta, records } = this.#deps.conversations.get(conversationId)
    if (lastTurnHasUnknownOutcome(records) && options.confirmUnknown !== true) {
      throw new IpcFailure('conflict', UNKNOWN_OUTCOME_HOLD_MESSAGE)
    }
    const modelRef = meta.model ?? this.#deps.defaultModel?.()
    if (modelRef === undefined) {
      throw new IpcFailure('validation_failed', 'choose a model for this conversation first')
    }
    const { model } = this.#deps.providers.languageModel(modelRef)

    const offered = this.#offeredTools()
    const used = new Set<string>()
    const result = await runChatTurn({
      conversationId,
      modelRef,
      history: historyFromTranscript(records),
      userText: text,
      tools: offered.map((entry) => entry.tool),
      languageModel: model,
      callTool: (target, args, signal) => {
        used.add(target.serverId)
        this.#lastConversation.set(target.serverId, conversationId)
        return this.#callTool(target, args, signal)
      },
      approve: (call) => this.#approve(conversationId, call, offered),
      record: (record) => this.#deps.transcripts.append(conversationId, record),
      ...(options.onText ? { onText: options.onText } : {}),
      signal: options.signal ?? new AbortController().signal,
    })
    this.#recordUse(modelRef)
    await this.#notifyTurnEnded(conversationId, result, used)
    return result
  }

  #offeredTools(): Array<{ tool: ChatTurnTool; provenance: McpToolProvenance }> {
    const entries = buildToolSet([], this.#deps.servers.list(), this.#deps.log)
    return entries.flatMap((entry) => {
      // No local tools are registered yet, so every entry is an MCP tool.
      if (entry.provenance.kind !== 'mcp') return []
      const provenance = entry.provenance
      const tool: ChatTurnTool = {
        exposedName: entry.name,
        description: entry.description,
        inputSchema: entry.inputSchema as JSONSchema7,
        target: { serverId: provenance.serverId, toolName: provenance.toolName },
      }
      return [{ tool, provenance }]
    })
  }

  async #approve(
    conversationId: string,
    call: ChatToolCallRequest,
    offered: ReadonlyArray<{ tool: ChatTurnTool; provenance: McpToolProvenance }>,
  ): Promise<ApprovalAnswer> {
    const provenance = offered.find((entry) => entry.tool.exposedName === call.exposedName)?.provenance
    if (!provenance) return 'deny'
    if (!this.#approvals.needsApproval(conversationId, provenance)) return 'approve'
    const server = this.#deps.servers.list().find((state) => state.id === provenance.serverId)
    const endpoint = this.#deps.configs(provenance.serverId)
    // A server removed while the turn ran cannot be described truthfully on a card, so it is not called.
    if (!server || !endpoint) return 'deny'
    const card = buildToolCallCard({
      id: ulid(),
      conversationId,
      tool: provenance,
      server,
      endpoint,
      args: call.args,
      createdAt: this.#now(),
    })
    const decision = await this.#deps.askApproval(card)
    return this.#approvals.remember(conversationId, provenance, decision) === 'approved' ? 'approve' : 'deny'
  }

  async #callTool(
    target: ChatToolTarget,
    args: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<ToolCallOutcome> {
    const timeoutMs = this.#deps.toolCallTimeoutMs ?? TOOL_CALL_TIMEOUT_MS
    let connection
    try {
      connection = this.#deps.servers.connection(target.serverId)
    } catch {
      const error = new NotSentError(`server "${target.serverId}" no longer exists, so nothing was sent`)
      return classifyToolCall({ kind: 'threw', error }, { modelAccepts: TEXT_ONLY, timeoutMs })
    }
    return callToolOnce(connection, target.toolName, args, { modelAccepts: TEXT_ONLY, signal, timeoutMs })
  }

  /** Remembering the model is a convenience for model selection; a settings failure must not fail the turn. */
  #recordUse(modelRef: string): void {
    try {
      this.#deps.providers.recordUse(modelRef)
    } catch (error) {
      this.#deps.log(`could not remember ${modelRef} as recently used: ${messageOf(error)}`)
    }
  }

  /** Best effort: the notifier never throws and bounds each server's wait; a vanished server is skipped. */
  async #notifyTurnEnded(conversationId: string, result: TurnResult, used: Set<string>): Promise<void> {
    const notifier = this.#deps.notifier
    if (!notifier || used.size === 0) return
    const servers: TurnLifecycleServer[] = []
    for (const serverId of used) {
      try {
        const client = this.#deps.servers.connection(serverId).client
        if (client) servers.push({ id: serverId, client })
      } catch {
        // Removed during the turn: there is no one left to tell.
      }
    }
    const outcomes = await notifier.turnEnded(servers, {
      sessionId: conversationId,
      turnId: result.turnId,
      status: result.status,
    })
    for (const outcome of outcomes) {
      if (
        outcome.outcome === 'failed' ||
        outcome.outcome === 'timed-out' ||
        outcome.outcome === 'skipped-stuck'
      ) {
        const why = outcome.error === undefined ? '' : `: ${outcome.error}`
        this.#deps.log(`turn lifecycle notification to "${outcome.serverId}" ${outcome.outcome}${why}`)
      }
    }
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
