import { streamText, type FinishReason, type LanguageModel } from 'ai'
import type { RunSettings } from '../models/run-settings'
import { providerFailure } from './provider-failure'
import { ProgressHeartbeat, StallWatchdog, systemTimers, type SamplingTimers } from './run-timers'
import { internalError, requestTimeout, type SamplingProgressCounts } from './sampling-errors'
import { toModelMessages, type SamplingPrompt } from './to-model-messages'

export type SamplingStopReason = 'endTurn' | 'stopSequence' | 'maxTokens'

export interface SamplingRunInput {
  model: LanguageModel
  /** `provider/model`, for messages. */
  modelRef: string
  /** The validated (and possibly user-edited) request; only its prompt is read here. */
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
  text: string
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
 */
export async function runSampling(input: SamplingRunInput): Promise<SamplingRunResult> {
  const prompt = toModelMessages(input.request)
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
      abortSignal: AbortSignal.any([input.signal, stallAbort.signal]),
      // Errors arrive as `error` parts below; the default handler would also print them to the console.
      onError: () => {},
    })
    for await (const part of result.fullStream) {
      // Only parts that carry model output count as life; start/finish/metadata parts (and empty deltas)
      // can arrive from a provider that is otherwise stuck, and counting them would hide the stall.
      if (part.type === 'text-delta' && part.text.length > 0) {
        recordOutput(part.text)
        text += part.text
        notifyDelta(input.onDelta, part.text, counts)
      } else if (part.type === 'reasoning-delta' && part.text.length > 0) {
        // A reasoning model thinking for minutes is working, not stalled.
        recordOutput(part.text)
      } else if (part.type === 'tool-input-delta' && part.delta.length > 0) {
        recordOutput(part.delta)
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
    throw requestTimeout(
      `the model ${input.modelRef} produced nothing for ${seconds(input.chunkTimeoutMs)} (stalled)`,
      counts,
    )
  }
  if (input.signal.aborted) throw cancelled(counts)
  if (streamError !== undefined) throw providerFailure(streamError, input.modelRef, input.secretValues ?? [])
  if (finish === undefined) {
    throw internalError(`the provider stream of ${input.modelRef} ended without a finish reason`)
  }
  return {
    text,
    stopReason: stopReasonFor(finish, text, input.runSettings.stopSequences ?? [], input.modelRef),
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
 */
export function stopReasonFor(
  finish: Pick<FinishInfo, 'finishReason' | 'rawFinishReason'>,
  text: string,
  stopSequences: readonly string[],
  modelRef: string,
): SamplingStopReason {
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
      throw internalError(`the model ${modelRef} asked to call tools, but none were offered`)
    case 'interrupted':
      throw internalError(`the provider stream of ${modelRef} ended before the answer was complete`)
    case 'error':
      throw internalError(
        `the model ${modelRef} stopped with an error (${finish.rawFinishReason ?? 'no detail'})`,
      )
  }
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

function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))} s`
}
