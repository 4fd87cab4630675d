import { pausableDeadline, type ServerUserWait } from './user-wait'
import { ProtocolError, SdkError, SdkErrorCode } from '@modelcontextprotocol/client'
import type { RequestOptions, CallToolResult } from '@modelcontextprotocol/client'
import { z } from 'zod'
import { type NormalizeOptions, normalizeToolResult, toolAttachmentSchema } from './normalize-tool-result'
import { messageOf } from '../../../shared/format/error-message'
import type { InputRoundNotice } from '../../../shared/mcp/input-origin'
import { observeRounds } from '../mcp/input-origin'
import { ServerCrashedError } from '../mcp/server-crashed-error'
import { describeExitStatus } from '../mcp/stdio/exit-description'
import { serverCrashSchema, toolResultRecordSchema } from '../../../shared/chat/transcript-schema'

export const TOOL_CALL_TIMEOUT_MS = 30_000
/** setTimeout's largest delay (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1
export const TOOL_OUTPUT_LIMIT_BYTES = 64 * 1024
export const UNKNOWN_OUTCOME_NOTE = 'the server may have acted; do not retry automatically'
export const OUTPUT_TRUNCATED_MARKER = '… truncated at 64 KiB'

export const toolCallStateSchema = z.enum(['completed', 'failed', 'denied', 'unknown', 'output_limit'])
export type ToolCallState = z.infer<typeof toolCallStateSchema>

/** What a tool call ended as: recorded in the transcript, shown to the user and sent to the model. */
export const toolCallOutcomeSchema = z.object({
  state: toolCallStateSchema,
  /** The model-visible text for this state. */
  text: z.string(),
  attachments: z.array(toolAttachmentSchema),
  /** Server `_meta`/`metadata`: for the host only, never in `text`. */
  metadata: z.record(z.string(), z.unknown()),
  /** False when the call was refused before anything reached the server; absent when it was sent. */
  sent: z.literal(false).optional(),
  /** How many rounds of input the server asked for inside the call (2026-07-28 MRTR); absent when none. */
  inputRounds: z.number().int().positive().optional(),
  /** For `unknown`: the server died while the call was out, and how (its stderr line is for the user only). */
  crash: serverCrashSchema.optional(),
  /** The tool has a view (MCP Apps): the result as the server sent it, for the view (never the model). */
  view: toolResultRecordSchema.shape.view,
})
export type ToolCallOutcome = z.infer<typeof toolCallOutcomeSchema>

/** How the attempt ended, before classification. */
export type ToolCallEnding =
  | { kind: 'denied' }
  | { kind: 'answered'; result: CallToolResult }
  | { kind: 'threw'; error: unknown; aborted?: boolean }

export interface ClassifyOptions extends NormalizeOptions {
  /** Only for the wording of a timeout; defaults to 30 s. */
  timeoutMs?: number
}

/**
 * Maps an ending to a result state. Anything where the request may have reached the server without an
 * answer coming back is `unknown`, never `failed`: the tool may have had effects, so neither the model nor
 * the host may treat it as safe to repeat.
 */
export function classifyToolCall(ending: ToolCallEnding, options: ClassifyOptions): ToolCallOutcome {
  const empty = { attachments: [], metadata: {} }
  if (ending.kind === 'denied') {
    return {
      state: 'denied',
      text: 'The user denied this tool call; nothing was sent to the server.',
      ...empty,
      sent: false,
    }
  }
  if (ending.kind === 'threw') {
    const unknownReason = unknownReasonOf(ending, options.timeoutMs ?? TOOL_CALL_TIMEOUT_MS)
    if (unknownReason !== undefined) {
      const crash = ending.error instanceof ServerCrashedError ? { crash: ending.error.crash } : {}
      return {
        state: 'unknown',
        text: `Outcome unknown (${unknownReason}): ${UNKNOWN_OUTCOME_NOTE}.`,
        ...empty,
        ...crash,
      }
    }
    const notSent = ending.error instanceof NotSentError ? { sent: false as const } : {}
    return { state: 'failed', text: `The tool call failed: ${messageOf(ending.error)}`, ...empty, ...notSent }
  }
  const normalized = normalizeToolResult(ending.result, options)
  const base = { attachments: normalized.attachments, metadata: normalized.metadata }
  if (normalized.isError) return { state: 'failed', text: cutToLimit(normalized.text), ...base }
  if (utf8Length(normalized.text) > TOOL_OUTPUT_LIMIT_BYTES) {
    return { state: 'output_limit', text: cutToLimit(normalized.text), ...base }
  }
  return { state: 'completed', text: normalized.text, ...base }
}

/** undefined when the error proves the server answered (an error response) or nothing was sent. */
function unknownReasonOf(
  ending: { error: unknown; aborted?: boolean },
  timeoutMs: number,
): string | undefined {
  const { error } = ending
  if (error instanceof NotSentError) return undefined
  // The SDK may report our own abort as a timeout error, so the signal decides.
  if (ending.aborted) return 'cancelled'
  // Only how it ended: the stderr line may hold what the model has no business reading (paths, data).
  if (error instanceof ServerCrashedError) {
    const { exitCode: code, signal } = error.crash
    return `the server crashed: ${describeExitStatus({ code, signal })}`
  }
  if (error instanceof Error && error.name === 'MessageTooLargeError')
    return 'the response was over the size limit'
  // v2 reports its own timeouts and closes as SdkErrors with string codes; a server's errors are
  // ProtocolErrors (an answer, so the call ran).
  if (error instanceof SdkError) {
    if (error.code === SdkErrorCode.RequestTimeout) return `no answer within ${formatSeconds(timeoutMs)}`
    // A stdio transport that read an oversized message closes itself, so the call sees only the close.
    if (error.code === SdkErrorCode.ConnectionClosed)
      return 'disconnected, or the response was over the size limit'
    return `the call broke off: ${messageOf(error)}`
  }
  if (error instanceof ProtocolError) return undefined
  // Anything else came from our side after the request may have been written (a transport failure).
  return `the call broke off: ${messageOf(error)}`
}

/** Cuts text to the output limit on a character boundary and marks the cut. */
function cutToLimit(text: string): string {
  const bytes = new TextEncoder().encode(text)
  if (bytes.length <= TOOL_OUTPUT_LIMIT_BYTES) return text
  // fatal: false drops a split trailing character instead of throwing.
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, TOOL_OUTPUT_LIMIT_BYTES))
  return `${head.replace(/\uFFFD$/, '')}\n${OUTPUT_TRUNCATED_MARKER}`
}

/** The call was refused before anything was written (e.g. the server is not connected). */
export class NotSentError extends Error {
  override readonly name = 'NotSentError'
}

export interface ToolCallConnection {
  readonly status: string
  callTool(
    name: string,
    args: Record<string, unknown>,
    options?: RequestOptions,
    meta?: Record<string, unknown>,
  ): Promise<CallToolResult>
}

export interface CallToolOnceOptions extends NormalizeOptions {
  timeoutMs?: number
  signal?: AbortSignal
  /** The request's `_meta` (turn lifecycle ids), only for servers that declared the capability. */
  meta?: Record<string, unknown>
  /** Stops the deadline while this server waits on the user (a form or sampling card it sent). */
  userWait?: { serverId: string; wait: ServerUserWait }
  /** Hears each input the server asks for inside the call (MRTR rounds), as it is handled. */
  onRound?: (notice: InputRoundNotice) => void
  /** Hears the result as the server sent it (for a tool's view, MCP Apps), before it is classified. */
  onResult?: (result: CallToolResult) => void
}

/**
 * Sends one tools/call and classifies how it ended. It never retries: a tool call can have effects, so a
 * lost answer is reported as `unknown` for the user to judge. Progress does not extend the deadline, so a
 * chatty server cannot hold the turn open past the timeout.
 */
export async function callToolOnce(
  connection: ToolCallConnection,
  name: string,
  args: Record<string, unknown>,
  options: CallToolOnceOptions,
): Promise<ToolCallOutcome> {
  const timeoutMs = options.timeoutMs ?? TOOL_CALL_TIMEOUT_MS
  const classify = {
    modelAccepts: options.modelAccepts,
    timeoutMs,
    ...(options.structuredContentForView === true ? { structuredContentForView: true } : {}),
  }
  if (connection.status !== 'connected') {
    const error = new NotSentError(`the server is ${connection.status}, so nothing was sent`)
    return classifyToolCall({ kind: 'threw', error }, classify)
  }
  if (options.signal?.aborted) {
    const error = new NotSentError('the call was cancelled before it was sent')
    return classifyToolCall({ kind: 'threw', error }, classify)
  }
  const deadline = options.userWait
    ? pausableDeadline(timeoutMs, options.userWait.serverId, options.userWait.wait, options.signal)
    : undefined
  const rounds = { last: 0 }
  const signal = watchedSignal(deadline?.signal ?? options.signal, rounds, options.onRound)
  const request: RequestOptions = {
    // With a pausable deadline, the SDK's own timer must not fire first: the deadline's signal times out.
    timeout: deadline ? MAX_TIMER_MS : timeoutMs,
    resetTimeoutOnProgress: false,
    ...(signal ? { signal } : {}),
  }
  try {
    const result = await connection.callTool(name, args, request, options.meta)
    options.onResult?.(result)
    return withRounds(classifyToolCall({ kind: 'answered', result }, classify), rounds.last)
  } catch (error) {
    const ending = { kind: 'threw' as const, error, aborted: options.signal?.aborted === true }
    return withRounds(classifyToolCall(ending, classify), rounds.last)
  } finally {
    deadline?.dispose()
  }
}

/**
 * With an observer, the call gets a signal of its own (the caller's may be shared by a whole turn) for
 * input-origin.ts to find the observer by; it aborts with the caller's.
 */
function watchedSignal(
  signal: AbortSignal | undefined,
  rounds: { last: number },
  onRound: CallToolOnceOptions['onRound'],
): AbortSignal | undefined {
  if (!onRound) return signal
  const own = AbortSignal.any(signal ? [signal] : [])
  observeRounds(own, (notice) => {
    rounds.last = Math.max(rounds.last, notice.round)
    onRound(notice)
  })
  return own
}

function withRounds(outcome: ToolCallOutcome, rounds: number): ToolCallOutcome {
  return rounds > 0 ? { ...outcome, inputRounds: rounds } : outcome
}

function utf8Length(text: string): number {
  // Cheap upper bound first: each UTF-16 unit is at most 3 UTF-8 bytes.
  return text.length * 3 <= TOOL_OUTPUT_LIMIT_BYTES ? text.length : new TextEncoder().encode(text).length
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`
}
