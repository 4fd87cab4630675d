import {
  type JSONSchema7,
  jsonSchema,
  type LanguageModel,
  type ModelMessage,
  stepCountIs,
  streamText,
  tool,
  type ToolSet,
} from 'ai'
import { z } from 'zod'
import type { AttachmentSummary, TranscriptRecordInput } from '../../../shared/chat/transcript-schema'

type UserRecordInput = Extract<TranscriptRecordInput, { type: 'user' }>
import { classifyToolCall, type ToolCallOutcome } from '../tools/tool-call-outcome'
import { describeModelCallFailure } from '../sampling/provider-failure'
import { modelOutputOf, stalledReason, StallWatchdog, systemTimers } from '../sampling/run-timers'
import type { ModelCapabilities } from '../../../shared/models/model-schema'
import { toolMediaMessage, type ToolMedia } from './tool-media'
import type { TurnOpening } from './turn-opening'
import { MAX_TOOL_CALLS_PER_TURN, toolCallLimitNote } from './turn-limits'
import { ulid } from './ulid'
import { messageOf } from '../../../shared/format/error-message'

/** Which server tool an exposed tool name stands for. */
export interface ChatToolTarget {
  serverId: string
  toolName: string
}

/** One tool as the model sees it for this turn. */
export interface ChatTurnTool {
  exposedName: string
  description: string
  inputSchema: JSONSchema7
  target: ChatToolTarget
}

export interface ChatToolCallRequest {
  /** The call's `tool_call` record: its turn and the model's id for it. */
  turnId: string
  callId: string
  exposedName: string
  target: ChatToolTarget
  args: Record<string, unknown>
}

export type ApprovalAnswer = 'approve' | 'deny'

export interface ChatTurnToolScope {
  /** The names to offer in the next step, keeping the order of `allNames`. */
  activeNames(allNames: readonly string[]): string[]
  /** Why a call to this tool may not run now (nothing is sent); undefined when it may. */
  refusal(exposedName: string): string | undefined
}

export interface ChatTurnInput {
  conversationId: string
  modelRef: string
  /** The conversation so far, built by the caller from the transcript. */
  history: ModelMessage[]
  userText: string
  /** The inserted prompt and attached resources with the text; without it the turn opens with the text. */
  opening?: TurnOpening
  tools: ChatTurnTool[]
  languageModel: LanguageModel
  /** Sends one call and reports how it ended; must never retry (the caller wires callToolOnce). */
  callTool: (
    target: ChatToolTarget,
    args: Record<string, unknown>,
    signal: AbortSignal,
    turnId: string,
    /** The model's id for this call: what the transcript and the window's live rounds name it by. */
    callId: string,
  ) => Promise<ToolCallOutcome>
  /**
   * Why a call to this tool may not run now, asked before the user is (e.g. its definition changed since
   * the user approved it); undefined when it may. Nothing is sent for a refused call.
   */
  refusal?: (tool: ChatTurnTool) => string | undefined
  /** Asks the user; anything but 'approve' (including a throw) denies the call. */
  approve: (call: ChatToolCallRequest) => Promise<ApprovalAnswer>
  /** Appends to the transcript, in order. */
  record: (record: TranscriptRecordInput) => void
  /** Written into the turn's user record: a message from a view, what views told the model (MCP Apps). */
  userRecord?: Pick<UserRecordInput, 'fromView' | 'viewContext'>
  onText?: (delta: string) => void
  signal: AbortSignal
  maxToolCalls?: number
  /**
   * Which tools each step offers and which calls may run (tool search); every tool, always, without it.
   * Asked before every step, so tools a search loaded appear in the next one.
   */
  scope?: ChatTurnToolScope
  /** The model's capabilities: tool media it can take is sent after the tool results. None without it. */
  capabilities?: ModelCapabilities
  /** Turn id (a ULID); generated when absent. */
  turnId?: string
  /**
   * The provider's inactivity limit: a step with no model output for this long is stopped and the turn
   * fails as stalled, as sampling does. ≤ 0 or absent: no limit (Stop still ends it).
   */
  chunkTimeoutMs?: number
  /**
   * The provider's key and header values, cut out of a failed step's reason: some providers echo the key
   * they were sent, and the reason goes to the transcript and the window.
   */
  secretValues?: readonly string[]
}

export type ChatTurnStatus = 'completed' | 'cancelled' | 'error'

export interface ChatTurnResult {
  status: ChatTurnStatus
  turnId: string
  toolCalls: number
  /** True when any call ended `unknown`: the caller holds the next message until the user confirms. */
  unknownOutcome: boolean
  /** Why the turn failed, for status 'error'. */
  error?: string
}

interface RequestedCall {
  toolCallId: string
  toolName: string
  input: unknown
  /** The SDK could not parse or match the call (unknown tool, arguments that fail the schema). */
  invalidReason?: string
}

const CANCELLED = Symbol('cancelled')

/**
 * Runs one user turn: the model streams, and every tool call it makes runs one at a time through the
 * user's approval (default deny) and a single send, with the outcome fed back until the model answers
 * without tools. The SDK never executes tools itself (no `execute`), so approval, the call limit and
 * cancellation are all decided here, and nothing is ever retried: a repeated MCP call could act twice.
 */
export async function runChatTurn(input: ChatTurnInput): Promise<ChatTurnResult> {
  const turnId = input.turnId ?? ulid()
  const maxToolCalls = input.maxToolCalls ?? MAX_TOOL_CALLS_PER_TURN
  const { record, signal } = input
  const byName = new Map(input.tools.map((t) => [t.exposedName, t]))
  const definitions = new Map(
    input.tools.map((t) => [
      t.exposedName,
      tool({ description: t.description, inputSchema: jsonSchema(t.inputSchema) }),
    ]),
  )
  const allNames = input.tools.map((t) => t.exposedName)
  const toolsForStep = (): ToolSet => {
    const toolSet: ToolSet = {}
    for (const name of input.scope ? input.scope.activeNames(allNames) : allNames) {
      const definition = definitions.get(name)
      if (definition) toolSet[name] = definition
    }
    return toolSet
  }
  const opening = input.opening
  const messages: ModelMessage[] = [
    ...input.history,
    ...(opening ? opening.messages : [{ role: 'user' as const, content: input.userText }]),
  ]
  let toolCalls = 0
  let unknownOutcome = false

  const finish = (status: ChatTurnStatus, reason?: string): ChatTurnResult => {
    record({ type: 'turn', turnId, status, ...(reason === undefined ? {} : { reason }) })
    return {
      status,
      turnId,
      toolCalls,
      unknownOutcome,
      ...(status === 'error' && reason !== undefined ? { error: reason } : {}),
    }
  }

  record({ type: 'turn', turnId, status: 'started' })
  if (opening?.prompt) record({ type: 'prompt', turnId, ...opening.prompt })
  if (!opening || input.userText.length > 0 || opening.resources.length > 0) {
    const resources = opening && opening.resources.length > 0 ? { resources: opening.resources } : {}
    record({ type: 'user', turnId, text: input.userText, ...resources, ...input.userRecord })
  }
  if (signal.aborted) return finish('cancelled', 'stopped by the user')

  for (let step = 0; ; step += 1) {
    // Armed per step, so the time a tool call waits on the user's approval never counts as a stall.
    const stallAbort = new AbortController()
    const watchdog = new StallWatchdog(systemTimers, input.chunkTimeoutMs ?? 0, () => {
      if (!signal.aborted) stallAbort.abort(new Error('stalled'))
    })
    const result = streamText({
      model: input.languageModel,
      messages,
      tools: toolsForStep(),
      // One model step per iteration: tool calls come back to this loop instead of an SDK executor.
      stopWhen: stepCountIs(1),
      maxRetries: 0,
      abortSignal: AbortSignal.any([signal, stallAbort.signal]),
      onError: () => {},
    })
    let text = ''
    let streamError: unknown
    let cutOff = false
    const requested: RequestedCall[] = []
    try {
      for await (const part of result.fullStream) {
        // Only model output is life (as in sampling): headers, start parts or a byte drip are not.
        if (modelOutputOf(part) !== undefined) watchdog.feed()
        if (part.type === 'text-delta') {
          text += part.text
          input.onText?.(part.text)
        } else if (part.type === 'tool-call') {
          requested.push({
            toolCallId: part.toolCallId,
            toolName: part.toolName,
            input: part.input,
            ...(part.invalid ? { invalidReason: messageOf(part.error) } : {}),
          })
        } else if (part.type === 'error') {
          streamError = part.error
        } else if (part.type === 'finish') {
          cutOff = part.finishReason === 'length'
        }
      }
    } catch (error) {
      streamError = error
    } finally {
      watchdog.stop()
    }
    if (text.length > 0) record({ type: 'assistant', turnId, step, text, ...(cutOff ? { cutOff } : {}) })
    if (signal.aborted) return finish('cancelled', 'stopped by the user')
    if (stallAbort.signal.aborted) {
      return finish('error', stalledReason(input.modelRef, input.chunkTimeoutMs ?? 0))
    }
    if (streamError !== undefined) {
      // The words a sampling server gets for the same failure: the HTTP status and the provider's message.
      return finish('error', describeModelCallFailure(streamError, input.modelRef, input.secretValues ?? []))
    }
    if (requested.length === 0) return finish('completed')

    const responseMessages = await result.responseMessages
    const results: ModelMessage = { role: 'tool', content: [] }
    const media: ToolMedia[] = []
    for (const call of requested) {
      if (toolCalls >= maxToolCalls) {
        record({ type: 'note', turnId, text: toolCallLimitNote(maxToolCalls) })
        return finish('completed')
      }
      toolCalls += 1
      const outcome = await runOneCall(input, turnId, call, byName.get(call.toolName))
      if (outcome === CANCELLED) return finish('cancelled', 'stopped by the user')
      if (outcome.state === 'unknown') unknownOutcome = true
      if (outcome.state === 'completed')
        media.push({ exposedName: call.toolName, attachments: outcome.attachments })
      results.content.push({
        type: 'tool-result',
        toolCallId: call.toolCallId,
        toolName: call.toolName,
        output: { type: 'text', value: modelTextOf(outcome) },
      })
      if (signal.aborted) return finish('cancelled', 'stopped by the user')
    }
    messages.push(...responseMessages, results)
    const mediaMessage = input.capabilities ? toolMediaMessage(media, input.capabilities) : undefined
    if (mediaMessage) messages.push(mediaMessage)
  }
}

/** Approval, then at most one send; records the call and its result. */
async function runOneCall(
  input: ChatTurnInput,
  turnId: string,
  call: RequestedCall,
  known: ChatTurnTool | undefined,
): Promise<ToolCallOutcome | typeof CANCELLED> {
  const args = isPlainObject(call.input) ? call.input : {}
  input.record({
    type: 'tool_call',
    turnId,
    callId: call.toolCallId,
    exposedName: call.toolName,
    serverId: known?.target.serverId ?? 'unknown',
    toolName: known?.target.toolName ?? call.toolName,
    arguments: toJson(call.input) ?? null,
  })
  let outcome: ToolCallOutcome
  const refusal = known ? (input.scope?.refusal(known.exposedName) ?? input.refusal?.(known)) : undefined
  if (refusal !== undefined) {
    outcome = notSent(refusal)
  } else if (!known) {
    outcome = notSent(`There is no tool named ${JSON.stringify(call.toolName)}; nothing was sent.`)
  } else if (call.invalidReason !== undefined || !isPlainObject(call.input)) {
    const why = call.invalidReason ?? 'the arguments are not a JSON object'
    outcome = notSent(`The arguments were rejected before sending (${why}); nothing was sent.`)
  } else {
    const answer = await untilAborted(
      input
        .approve({
          turnId,
          callId: call.toolCallId,
          exposedName: known.exposedName,
          target: known.target,
          args,
        })
        .catch(() => 'deny'),
      input.signal,
    )
    if (answer === CANCELLED) return CANCELLED
    outcome =
      answer === 'approve'
        ? await sendOnce(input, { turnId, callId: call.toolCallId }, known.target, args)
        : classifyToolCall({ kind: 'denied' }, { modelAccepts: NO_MEDIA })
  }
  const metadata = toJson(outcome.metadata)
  input.record({
    type: 'tool_result',
    turnId,
    callId: call.toolCallId,
    state: outcome.state,
    text: outcome.text,
    attachments: outcome.attachments.map((a): AttachmentSummary => ({
      kind: a.kind,
      mimeType: a.mimeType,
      bytes: a.bytes,
    })),
    ...(isPlainObject(metadata) && Object.keys(metadata).length > 0 ? { metadata } : {}),
    ...(outcome.sent === false ? { sent: false } : {}),
    ...(outcome.inputRounds !== undefined ? { inputRounds: outcome.inputRounds } : {}),
    ...(outcome.crash ? { crash: outcome.crash } : {}),
    ...(outcome.view ? { view: outcome.view } : {}),
  })
  return outcome
}

/** What the model reads: a non-completed state is named so it cannot mistake it for tool output. */
export function modelTextOf(outcome: ToolCallOutcome): string {
  return outcome.state === 'completed' ? outcome.text : `[${outcome.state}] ${outcome.text}`
}

const NO_MEDIA = { image: false, audio: false }

/** A callTool that throws may still have sent the request, so a throw is `unknown`, never retried. */
async function sendOnce(
  input: ChatTurnInput,
  ids: { turnId: string; callId: string },
  target: ChatToolTarget,
  args: Record<string, unknown>,
): Promise<ToolCallOutcome> {
  try {
    return await input.callTool(target, args, input.signal, ids.turnId, ids.callId)
  } catch (error) {
    return classifyToolCall(
      { kind: 'threw', error, aborted: input.signal.aborted },
      { modelAccepts: NO_MEDIA },
    )
  }
}

function notSent(text: string): ToolCallOutcome {
  return { state: 'failed', text, attachments: [], metadata: {}, sent: false }
}

/** Resolves to CANCELLED as soon as the signal aborts, so Stop does not wait for a pending approval. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T | typeof CANCELLED> {
  if (signal.aborted) return Promise.resolve(CANCELLED)
  return new Promise((resolve, reject) => {
    const onAbort = (): void => resolve(CANCELLED)
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort)
        resolve(value)
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort)
        reject(error instanceof Error ? error : new Error(String(error)))
      },
    )
  })
}

const jsonValueSchema = z.json()
type JsonValue = z.infer<typeof jsonValueSchema>

/** A JSON copy, or undefined when the value cannot be represented (cycles, BigInt). */
function toJson(value: unknown): JsonValue | undefined {
  try {
    const text = JSON.stringify(value)
    return text === undefined ? undefined : jsonValueSchema.parse(JSON.parse(text))
  } catch {
    return undefined
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
