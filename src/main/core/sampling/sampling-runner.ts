import { isStepCount, streamText, type FinishReason, type LanguageModel } from 'ai'
import type { RunSettings } from '../models/run-settings'
import { providerFailure } from './provider-failure'
import {
  modelOutputOf,
  ProgressHeartbeat,
  stalledReason,
  StallWatchdog,
  systemTimers,
  type SamplingTimers,
} from './run-timers'
import { internalError, requestTimeout, type SamplingProgressCounts } from './sampling-errors'
import { toModelMessages, type SamplingPrompt } from './to-model-messages'
import { toModelTools, type ModelTools } from './to-model-tools'

export type SamplingStopReason = 'endTurn' | 'stopSequence' | 'maxTokens' | 'toolUse'

/** One block of the model's answer: its text, or a call of one of the server's tools (server names). */
export type SamplingResultBlock =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> }

export interface SamplingRunInput {
  model: LanguageModel
  /** `provider/model`, for messages. */
  modelRef: string
  /** The validated (and possibly user-edited) request; its prompt, tools and toolChoice are read here. */
  request: SamplingPrompt
  runSettings: RunSettings
  /** The provider's inactivity limit; ≤ 0 disables stall detection. */
  chunkTimeoutMs: number
  /** How often `sendProgress` is called; ≤ 0 disables it. */
  progressIntervalMs: number
  /** Already merged by the caller: per-client close, the server's cancellation, and shutdown. */
  signal: AbortSignal
  /** Only given when the request carried a progressToken; without it no progress timer runs at all. */
  sendProgress?: (counts: SamplingProgressCounts) => Promise<void>
  /** Each text delta as it arrives (the card streams the completion), with the totals so far. */
  onDelta?: (delta: string, totals: SamplingProgressCounts) => void
  /** Values that must never appear in an error message (the provider's API key and header values). */
  secretValues?: readonly string[]
  timers?: SamplingTimers
}

export interface SamplingRunResult {
  /** All the text the model wrote (the text-only path returns just this). */
  text: string
  /**
   * The answer in order: text blocks and tool calls as the model produced them (parallel calls together,
   * in the order the model made them). Never empty: an answer with neither is one empty text block.
   */
  content: SamplingResultBlock[]
  stopReason: SamplingStopReason
  usage: { inputTokens?: number; outputTokens?: number }
  chunks: number
  chars: number
}

interface FinishInfo {
  finishReason: FinishReason
  rawFinishReason: string | undefined
  usage: { inputTokens?: number | undefined; outputTokens?: number | undefined }
}

/**
 * Runs one sampling completion with `streamText` and turns every way it can end into either a result or
 * the McpError the server gets (see sampling-errors.ts):
 * - the caller's signal aborts → the provider request is aborted (its HTTP connection closed) and the run
 *   fails with RequestTimeout `cancelled`;
 * - no real output part for `chunkTimeoutMs` → the same abort, RequestTimeout `… (stalled)`;
 * - the provider fails → InternalError with its status and message, secrets removed.
 * Both timeouts carry `{ chunks, chars }` so the server can tell "never started" (0 chunks) from "stopped".
 *
 * With tools (SEP-1577) the tools go to the model without `execute` and the run is one step: it ends
 * with the model's tool calls (`stopReason: 'toolUse'`), which the server runs before asking again. A call
 * the host cannot hand back (a tool that was not offered, arguments that are not a JSON object) fails the
 * run with InternalError: it is the model breaking the rules. So does a model ignoring toolChoice (a call
 * under `none`, no call under `required`): the `ai` SDK checks that itself and reports it as the stream's
 * error.
 */
export async function runSampling(input: SamplingRunInput): Promise<SamplingRunResult> {
  const prompt = toModelMessages(input.request)
  const offered = toModelTools(input.request)
  const timers = input.timers ?? systemTimers
  const counts: SamplingProgressCounts = { chunks: 0, chars: 0 }
  if (input.signal.aborted) throw cancelled(counts)

  let stalled = false
  const stallAbort = new AbortController()
  const watchdog = new StallWatchdog(timers, input.chunkTimeoutMs, () => {
    if (input.signal.aborted) return
    stalled = true
    stallAbort.abort(new Error('stalled'))
  })
  const heartbeat =
    input.sendProgress && input.progressIntervalMs > 0
      ? new ProgressHeartbeat(timers, input.progressIntervalMs, () => ({ ...counts }), input.sendProgress)
      : undefined

  let text = ''
  const content: SamplingResultBlock[] = []
  const calls = new ToolCallCollector(offered)
  let streamError: unknown
  let finish: FinishInfo | undefined
  const recordOutput = (delta: string): void => {
    counts.chunks += 1
    counts.chars += delta.length
    watchdog.feed()
  }
  try {
    const result = streamText({
      model: input.model,
      ...(prompt.system === undefined ? {} : { instructions: prompt.system }),
      messages: prompt.messages,
      maxOutputTokens: input.runSettings.maxOutputTokens,
      ...(input.runSettings.temperature === undefined ? {} : { temperature: input.runSettings.temperature }),
      ...(input.runSettings.stopSequences === undefined
        ? {}
        : { stopSequences: input.runSettings.stopSequences }),
      maxRetries: input.runSettings.maxRetries,
      ...(offered === undefined
        ? {}
        : {
            tools: offered.tools,
            toolOrder: offered.toolOrder,
            ...(offered.toolChoice === undefined ? {} : { toolChoice: offered.toolChoice }),
          }),
      // One model call, never a loop: the server runs its tools and asks again (this is also v7's default).
      stopWhen: isStepCount(1),
      abortSignal: AbortSignal.any([input.signal, stallAbort.signal]),
      // Errors arrive as `error` parts below; the default handler would also print them to the console.
      onError: () => {},
    })
    for await (const part of result.fullStream) {
      const output = modelOutputOf(part)
      if (output !== undefined) recordOutput(output)
      if (part.type === 'text-delta' && output !== undefined) {
        text += output
        appendText(content, output)
        notifyDelta(input.onDelta, output, counts)
      } else if (part.type === 'tool-call') {
        calls.add(part, content)
      } else if (part.type === 'error') {
        streamError ??= part.error
      } else if (part.type === 'finish') {
        finish = {
          finishReason: part.finishReason,
          rawFinishReason: part.rawFinishReason,
          usage: { inputTokens: part.totalUsage.inputTokens, outputTokens: part.totalUsage.outputTokens },
        }
      }
    }
  } catch (error) {
    streamError ??= error
  } finally {
    watchdog.stop()
    heartbeat?.stop()
  }

  if (stalled) {
    throw requestTimeout(stalledReason(input.modelRef, input.chunkTimeoutMs), counts)
  }
  if (input.signal.aborted) throw cancelled(counts)
  if (streamError !== undefined) throw providerFailure(streamError, input.modelRef, input.secretValues ?? [])
  if (finish === undefined) {
    throw internalError(`the provider stream of ${input.modelRef} ended without a finish reason`)
  }
  calls.check(input.modelRef)
  const toolCalls = offered === undefined ? undefined : calls.count
  return {
    text,
    content: content.length > 0 ? content : [{ type: 'text', text: '' }],
    stopReason: stopReasonFor(finish, text, input.runSettings.stopSequences ?? [], input.modelRef, toolCalls),
    usage: definedUsage(finish.usage),
    chunks: counts.chunks,
    chars: counts.chars,
  }
}

/**
 * Maps the SDK's finish reason to MCP's stopReason.
 *
 * `stopSequence` is reported only when it can actually be seen: the provider's raw reason says so
 * (Anthropic's `stop_sequence`), or the text still ends with one of the requested sequences (providers that
 * keep it). The OpenAI Chat Completions API reports a matched stop sequence as a plain `stop` and strips the
 * sequence from the text, so there it is indistinguishable from the model ending its turn and is reported
 * as `endTurn`; guessing from token counts would mislabel every short natural answer.
 *
 * `other` (a finish reason the adapter does not recognise, after a stream that ended cleanly) keeps the
 * answer as `endTurn`; reasons that mean the text is not a real answer fail with InternalError.
 *
 * `toolCalls` is how many calls the model made, undefined when no tools were offered. Calls make the
 * answer `toolUse` whether the provider said `tool_calls`, `stop` (some OpenAI-compatible servers do) or
 * something unknown; `length` stays `maxTokens`, so the server knows the answer was cut.
 */
export function stopReasonFor(
  finish: Pick<FinishInfo, 'finishReason' | 'rawFinishReason'>,
  text: string,
  stopSequences: readonly string[],
  modelRef: string,
  toolCalls?: number,
): SamplingStopReason {
  const called = toolCalls !== undefined && toolCalls > 0
  if (called && ['tool-calls', 'stop', 'other'].includes(finish.finishReason)) return 'toolUse'
  switch (finish.finishReason) {
    case 'length':
      return 'maxTokens'
    case 'stop': {
      const sawStopSequence =
        finish.rawFinishReason === 'stop_sequence' ||
        stopSequences.some((stop) => stop.length > 0 && text.endsWith(stop))
      return sawStopSequence ? 'stopSequence' : 'endTurn'
    }
    case 'other':
      return 'endTurn'
    case 'content-filter':
      throw internalError(`the provider of ${modelRef} withheld the answer (content filter)`)
    case 'tool-calls':
      throw internalError(
        toolCalls === undefined
          ? `the model ${modelRef} asked to call tools, but none were offered`
          : `the model ${modelRef} stopped to call tools, but made no tool call`,
      )
    case 'interrupted':
      throw internalError(`the provider stream of ${modelRef} ended before the answer was complete`)
    case 'error':
      throw internalError(
        `the model ${modelRef} stopped with an error (${finish.rawFinishReason ?? 'no detail'})`,
      )
  }
}

/** Text deltas grow the last text block; text after a tool call starts a new one, keeping the order. */
function appendText(content: SamplingResultBlock[], delta: string): void {
  const last = content[content.length - 1]
  if (last?.type === 'text') last.text += delta
  else content.push({ type: 'text', text: delta })
}

interface StreamedToolCall {
  toolCallId: string
  toolName: string
  input: unknown
  invalid?: boolean | undefined
}

/**
 * The model's tool calls, mapped back to the server's names as they arrive. Calls the server could not
 * take are remembered and fail the run once the stream has ended (so a stall or cancel still wins).
 */
class ToolCallCollector {
  readonly #offered: ModelTools | undefined
  #count = 0
  #problem: string | undefined

  constructor(offered: ModelTools | undefined) {
    this.#offered = offered
  }

  get count(): number {
    return this.#count
  }

  add(call: StreamedToolCall, content: SamplingResultBlock[]): void {
    const name = this.#offered?.names.toServer(call.toolName)
    if (name === undefined) {
      this.#problem ??= `called the tool ${JSON.stringify(call.toolName)}, which was not offered`
    } else if (call.invalid || !isJsonObject(call.input)) {
      this.#problem ??= `called the tool ${JSON.stringify(name)} with arguments that are not a JSON object`
    } else {
      this.#count += 1
      content.push({ type: 'tool_use', id: call.toolCallId, name, input: call.input })
    }
  }

  check(modelRef: string): void {
    if (this.#problem !== undefined) throw internalError(`the model ${modelRef} ${this.#problem}`)
  }
}

function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function cancelled(counts: SamplingProgressCounts) {
  return requestTimeout('cancelled', counts)
}

/** A failing UI listener must not fail the server's request. */
function notifyDelta(
  onDelta: SamplingRunInput['onDelta'],
  delta: string,
  counts: SamplingProgressCounts,
): void {
  if (!onDelta) return
  try {
    onDelta(delta, { ...counts })
  } catch {
    // The card misses one delta; the final text still reaches the server and the review step.
  }
}

function definedUsage(usage: FinishInfo['usage']): SamplingRunResult['usage'] {
  const defined: SamplingRunResult['usage'] = {}
  if (usage.inputTokens !== undefined) defined.inputTokens = usage.inputTokens
  if (usage.outputTokens !== undefined) defined.outputTokens = usage.outputTokens
  return defined
}
