import type { ServerUserWait } from '../tools/user-wait'
import type { AttachedFile, InsertedPrompt, MessageResourceRef } from '../../../shared/chat/chat-view'
import type { ToolCallCard } from '../../../shared/chat/tool-call-card'
import { IpcFailure } from '../../../shared/ipc/ipc-error'
import type { ServerConfig } from '../../../shared/settings/settings-schema'
import type { ConnectionManager } from '../mcp/connection-manager'
import type { ProviderService } from '../models/provider-service'
import { buildToolCallCard, OncePerServer, ToolCallApprovals } from '../tools/tool-call-approval'
import { toolNotApprovedMessage } from '../mcp/discovery/tool-review'
import {
  callToolOnce,
  classifyToolCall,
  NotSentError,
  TOOL_CALL_TIMEOUT_MS,
  type CallToolOnceOptions,
  type ToolCallOutcome,
} from '../tools/tool-call-outcome'
import { LOCAL_TOOL_OWNER, runLocalTool, type LocalChatTool } from '../tools/local-tool'
import { TurnWarnings } from '../tools/turn-warnings'
import { estimateTokens } from '../tools/loading/token-estimate'
import type { ToolSearchService } from '../tools/loading/tool-search-service'
import { assembleTurnTools, type OfferedTool } from './turn-tools'
import type { InputRoundNotice } from '../../../shared/mcp/input-origin'
import { checkAttachedSize, readAttachedResources, type ResourceReader } from './attached-resources'
import { filesAsAttachments } from './attached-files'
import { modelAcceptsOf } from './tool-media'
import { openingText, openTurn, type OutgoingMessage } from './turn-opening'
import {
  type ApprovalAnswer,
  type ChatToolCallRequest,
  type ChatToolTarget,
  type ChatTurnResult,
  runChatTurn,
} from './chat-turn'
import {
  type ConversationService,
  DEFAULT_CONVERSATION_TITLE,
  titleFromMessage,
} from './conversation-service'
import { historyFromTranscript, lastTurnHasUnknownOutcome } from './transcript-history'
import type { TranscriptStore } from './transcript-store'
import { lifecycleCapabilityFor, toolCallMeta, type TurnLifecycleNotifier } from './turn-lifecycle'
import { notifyTurnEnded } from './turn-end-notice'
import { withViewContext, type ViewContextEntry } from '../apps/view-context'
import { viewResultRecord } from '../apps/view-result'
import type { ToolUi } from '../../../shared/apps/view-schema'
import type { CallToolResult } from '@modelcontextprotocol/client'
import { ulid } from './ulid'
import { messageOf } from '../../../shared/format/error-message'

export type TurnResult = ChatTurnResult

export const UNKNOWN_OUTCOME_HOLD_MESSAGE =
  "the previous turn's tool call may have run; confirm before sending"

export interface ChatServiceDeps {
  conversations: ConversationService
  /** Where the conversations' records are appended (the store ConversationService reads, or a wrapper that
   *  also announces each record). */
  transcripts: Pick<TranscriptStore, 'append'>
  servers: ConnectionManager
  providers: ProviderService
  /** The server's config, for the card's transport label; undefined once the server is removed. */
  configs: (serverId: string) => ServerConfig | undefined
  /**
   * Shows the card and resolves with the user's decision; anything but an approval denies the call. The
   * signal aborts when the turn is stopped, so the card can be taken down.
   */
  askApproval: (card: ToolCallCard, signal: AbortSignal) => Promise<unknown>
  /** The settings' default model, for a conversation that has none chosen. */
  defaultModel?: () => string | undefined
  /** Host tools offered before the MCP tools, in this order. */
  localTools?: readonly LocalChatTool[]
  /** Tool search (issue 8); without it every MCP tool is offered on every request. */
  toolSearch?: ToolSearchService
  notifier?: TurnLifecycleNotifier
  log: (line: string) => void
  /** How long a tool call may go unanswered before it is `unknown`; 30 s by default. */
  toolCallTimeoutMs?: number
  /** Servers waiting on the user (forms, sampling cards): their tool calls' deadlines stand still meanwhile. */
  userWait?: ServerUserWait
  /** Reads a resource the user attached (ResourceService.read); without it nothing can be attached. */
  readResource?: ResourceReader
  /** What views told the model (MCP Apps), taken by the conversation's next message. */
  viewContext?: { take(conversationId: string): ViewContextEntry[] }
  now?: () => Date
}

/** A message as the composer sends it: text, resources to attach by reference, a prompt's messages. */
export interface ChatMessage {
  /** May be empty only with `inserted`. */
  text: string
  attachments?: readonly MessageResourceRef[]
  /** Files from the user's computer (attached-files.ts). */
  files?: readonly AttachedFile[]
  inserted?: InsertedPrompt
  /** Sent by a tool's view (`ui/message`), not typed by the user: the user record says so. */
  fromView?: FromView
}

type FromView = { serverId: string; toolName: string }

export interface SendOptions {
  signal?: AbortSignal
  onText?: (delta: string) => void
  /** Each input a server asks for inside a tool call (MRTR rounds), by the call's id, as it is handled. */
  onToolRound?: (callId: string, notice: InputRoundNotice) => void
  /** The user confirmed that the previous turn's unknown call may have run. */
  confirmUnknown?: boolean
}

/** A turn that has started: its id at once, its result when it ends (never rejects for a turn failure). */
export interface StartedTurn {
  turnId: string
  done: Promise<TurnResult>
}

/** Who calls tools in a turn, as the turn lifecycle's `actorId` names it: the chat's main agent. */
export const CHAT_ACTOR_ID = 'mcp-desk.chat'

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
  readonly #notes = new OncePerServer()
  readonly #toolSetWarnings: TurnWarnings
  readonly #lastConversation = new Map<string, string>()
  readonly #now: () => Date

  constructor(deps: ChatServiceDeps) {
    this.#deps = deps
    this.#toolSetWarnings = new TurnWarnings(deps.log)
    this.#now = deps.now ?? (() => new Date())
  }

  /** The conversation that last called a tool of this server, if any did since start. */
  lastConversationFor(serverId: string): string | undefined {
    return this.#lastConversation.get(serverId)
  }

  /** Forgets what was approved for a conversation, e.g. when it is deleted. */
  forgetConversation(conversationId: string): void {
    this.#approvals.forgetConversation(conversationId)
    this.#notes.forgetConversation(conversationId)
    for (const [serverId, id] of this.#lastConversation) {
      if (id === conversationId) this.#lastConversation.delete(serverId)
    }
  }

  /**
   * Starts one turn for `text` and returns at once with its id. Refused (with nothing recorded) while the
   * previous turn left an unknown outcome the user has not confirmed, or when the conversation has no
   * usable model; those checks are synchronous, so a refusal is a throw here, not a failed turn.
   */
  begin(
    conversationId: string,
    message: string | (OutgoingMessage & { fromView?: FromView }),
    options: SendOptions = {},
  ): StartedTurn {
    const outgoing = typeof message === 'string' ? { text: message } : message
    const text = outgoing.text
    const { meta, records, modelRef } = this.#sendable(conversationId, outgoing, options)
    const { model, provider, config } = this.#deps.providers.languageModel(modelRef)
    // What views told the model goes before the message's text, and is recorded with it (then cleared).
    const viewContext = this.#deps.viewContext?.take(conversationId) ?? []
    const forModel = { ...outgoing, text: withViewContext(text, viewContext) }
    // Decided before anything is written: an inserted prompt over the limits refuses the message.
    const opening = openTurn(forModel, config.capabilities)
    // A conversation still called "New conversation" takes its first message's first line as its title.
    if (meta.title === DEFAULT_CONVERSATION_TITLE && !records.some((record) => record.type === 'user')) {
      this.#deps.conversations.rename(conversationId, titleFromMessage(titleSource(outgoing)))
    }
    const modelAccepts = modelAcceptsOf(config.capabilities)
    const turnId = ulid()
    const signal = options.signal ?? new AbortController().signal
    const history = historyFromTranscript(records)
    const tools = this.#toolSetWarnings.during((log) =>
      assembleTurnTools({
        localTools: this.#deps.localTools ?? [],
        servers: this.#deps.servers.list(),
        log,
        toolSearch: this.#deps.toolSearch,
        capabilities: config.capabilities,
        contextTokens: estimateTokens(JSON.stringify(history)) + estimateTokens(openingText(opening)),
      }),
    )
    if (tools.searchReason !== undefined)
      this.#deps.log(`tool search for turn ${turnId}: ${tools.searchReason}`)
    const offered = tools.offered
    const used = new Set<string>()
    const done = runChatTurn({
      conversationId,
      turnId,
      modelRef,
      history,
      userText: text,
      opening,
      tools: offered.map((entry) => entry.tool),
      languageModel: model,
      callTool: (target, args, callSignal, callTurnId, callId) => {
        if (target.serverId === LOCAL_TOOL_OWNER) {
          return runLocalTool(tools.locals, target.toolName, args, callSignal)
        }
        used.add(target.serverId)
        this.#lastConversation.set(target.serverId, conversationId)
        const turn = { sessionId: conversationId, turnId: callTurnId }
        const onToolRound = options.onToolRound
        const onRound = onToolRound && ((notice: InputRoundNotice) => onToolRound(callId, notice))
        const provenance = offered.find((entry) => sameTarget(entry, target))?.provenance
        const ui = provenance?.kind === 'mcp' ? provenance.tool.ui : undefined
        return this.#callTool(target, args, callSignal, turn, { modelAccepts, onRound, ui })
      },
      refusal: (tool) => this.#notApproved(tool.target),
      approve: (call) => this.#approve(conversationId, call, offered, signal),
      record: (record) => this.#deps.transcripts.append(conversationId, record),
      userRecord: {
        ...(outgoing.fromView ? { fromView: outgoing.fromView } : {}),
        ...(viewContext.length > 0 ? { viewContext } : {}),
      },
      ...(options.onText ? { onText: options.onText } : {}),
      signal,
      capabilities: config.capabilities,
      ...(tools.scope ? { scope: tools.scope } : {}),
      chunkTimeoutMs: provider.chunkTimeoutMs,
      secretValues: this.#deps.providers.secretValues(provider.id),
    }).then(async (result) => {
      this.#recordUse(modelRef)
      await notifyTurnEnded(this.#deps, conversationId, result, used)
      return result
    })
    return { turnId, done }
  }

  /**
   * Reads the message's attached resources, then starts its turn (see `begin`). The conversation is checked
   * first, so a message that would be refused reads nothing; a resource that cannot be read refuses the
   * message with its name, and nothing is recorded or sent.
   */
  async start(conversationId: string, message: ChatMessage, options: SendOptions = {}): Promise<StartedTurn> {
    this.#sendable(conversationId, message, options)
    const attached = [
      ...(await readAttachedResources(this.#deps.readResource, message.attachments ?? [])),
      ...filesAsAttachments(message.files ?? []),
    ]
    checkAttachedSize(attached)
    return this.begin(
      conversationId,
      {
        text: message.text,
        attached,
        ...(message.inserted ? { inserted: message.inserted } : {}),
        ...(message.fromView ? { fromView: message.fromView } : {}),
      },
      options,
    )
  }

  /** Runs one turn to its end (the CLI and tests); see `start`. */
  async send(
    conversationId: string,
    message: string | ChatMessage,
    options: SendOptions = {},
  ): Promise<TurnResult> {
    const started = await this.start(
      conversationId,
      typeof message === 'string' ? { text: message } : message,
      options,
    )
    return started.done
  }

  /** The conversation and its model, or why not: nothing to send, an unconfirmed unknown outcome, no model. */
  #sendable(conversationId: string, message: Pick<ChatMessage, 'text' | 'inserted'>, options: SendOptions) {
    if (message.text.trim() === '' && message.inserted === undefined) {
      throw new IpcFailure('validation_failed', 'message must not be empty')
    }
    const { meta, records } = this.#deps.conversations.get(conversationId)
    if (lastTurnHasUnknownOutcome(records) && options.confirmUnknown !== true) {
      throw new IpcFailure('conflict', UNKNOWN_OUTCOME_HOLD_MESSAGE)
    }
    const modelRef = meta.model ?? this.#deps.defaultModel?.()
    if (modelRef === undefined) {
      throw new IpcFailure('validation_failed', 'choose a model for this conversation first')
    }
    return { meta, records, modelRef }
  }

  /** A tool offered at the turn's start whose server has since changed it: not called until accepted. */
  #notApproved(target: ChatToolTarget): string | undefined {
    if (target.serverId === LOCAL_TOOL_OWNER) return undefined
    try {
      const connection = this.#deps.servers.connection(target.serverId)
      const change = connection.pendingChangeOf(target.toolName)
      return change ? toolNotApprovedMessage(connection.config.name, change) : undefined
    } catch {
      return undefined // Removed meanwhile: the call itself says so.
    }
  }

  async #approve(
    conversationId: string,
    call: ChatToolCallRequest,
    offered: readonly OfferedTool[],
    signal: AbortSignal,
  ): Promise<ApprovalAnswer> {
    const provenance = offered.find((entry) => entry.tool.exposedName === call.exposedName)?.provenance
    if (!provenance) return 'deny'
    // A local tool runs in-process and sends nothing anywhere: there is nothing for a card to warn about.
    if (provenance.kind === 'local') return 'approve'
    if (!this.#approvals.needsApproval(conversationId, provenance)) return 'approve'
    const server = this.#deps.servers.list().find((state) => state.id === provenance.serverId)
    const endpoint = this.#deps.configs(provenance.serverId)
    // A server removed while the turn ran cannot be described truthfully on a card, so it is not called.
    if (!server || !endpoint) return 'deny'
    const card = buildToolCallCard({
      id: ulid(),
      conversationId,
      call: { turnId: call.turnId, callId: call.callId },
      tool: provenance,
      server,
      endpoint,
      args: call.args,
      createdAt: this.#now(),
    })
    if (this.#notes.shownBefore(conversationId, server.id)) card.noteShownBefore = true
    const decision = await this.#deps.askApproval(card, signal)
    return this.#approvals.remember(conversationId, provenance, decision) === 'approved' ? 'approve' : 'deny'
  }

  async #callTool(
    target: ChatToolTarget,
    args: Record<string, unknown>,
    signal: AbortSignal,
    turn: { sessionId: string; turnId: string },
    how: Pick<CallToolOnceOptions, 'modelAccepts' | 'onRound'> & { ui?: ToolUi | undefined },
  ): Promise<ToolCallOutcome> {
    const { modelAccepts } = how
    const timeoutMs = this.#deps.toolCallTimeoutMs ?? TOOL_CALL_TIMEOUT_MS
    let connection
    try {
      connection = this.#deps.servers.connection(target.serverId)
    } catch {
      const error = new NotSentError(`server "${target.serverId}" no longer exists, so nothing was sent`)
      return classifyToolCall({ kind: 'threw', error }, { modelAccepts, timeoutMs })
    }
    // Only a server that declared the turn lifecycle capability learns which turn a call belongs to.
    const declared = lifecycleCapabilityFor(connection.client?.getServerCapabilities())
    const meta = declared ? toolCallMeta({ ...turn, actorId: CHAT_ACTOR_ID }) : undefined
    const userWait = this.#deps.userWait
    // MCP Apps: a tool with a view keeps its raw result for the view; its structuredContent is not the model's.
    const resourceUri = how.ui?.resourceUri
    let raw: CallToolResult | undefined
    const outcome = await callToolOnce(connection, target.toolName, args, {
      modelAccepts,
      signal,
      timeoutMs,
      ...(meta ? { meta } : {}),
      ...(userWait ? { userWait: { serverId: target.serverId, wait: userWait } } : {}),
      ...(how.onRound ? { onRound: how.onRound } : {}),
      ...(resourceUri ? { structuredContentForView: true, onResult: (result) => (raw = result) } : {}),
    })
    return resourceUri && raw ? { ...outcome, view: viewResultRecord(resourceUri, raw) } : outcome
  }

  /** Remembering the model is a convenience for model selection; a settings failure must not fail the turn. */
  #recordUse(modelRef: string): void {
    try {
      this.#deps.providers.recordUse(modelRef)
    } catch (error) {
      this.#deps.log(`could not remember ${modelRef} as recently used: ${messageOf(error)}`)
    }
  }
}

function sameTarget(entry: OfferedTool, target: ChatToolTarget): boolean {
  return entry.tool.target.serverId === target.serverId && entry.tool.target.toolName === target.toolName
}

/** What names a conversation: the user's text, else the first inserted message with text, else the prompt. */
function titleSource(message: OutgoingMessage): string {
  if (message.text.trim() !== '') return message.text
  const inserted = message.inserted
  const first = inserted?.messages.find((m) => m.text.trim() !== '')?.text
  return first ?? `${inserted?.source.serverId ?? ''}:${inserted?.source.prompt ?? ''}`
}
