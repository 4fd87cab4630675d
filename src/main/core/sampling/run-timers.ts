import type { SamplingProgressCounts } from './sampling-errors'

export type TimerHandle = ReturnType<typeof setTimeout>

/** The clock a sampling run uses; injectable so tests can see (and count) every timer it starts. */
export interface SamplingTimers {
  setTimeout(callback: () => void, ms: number): TimerHandle
  clearTimeout(handle: TimerHandle): void
  setInterval(callback: () => void, ms: number): TimerHandle
  clearInterval(handle: TimerHandle): void
}

export const systemTimers: SamplingTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle),
  setInterval: (callback, ms) => setInterval(callback, ms),
  clearInterval: (handle) => clearInterval(handle),
}

/**
 * Fires `onStall` once when `timeoutMs` passes without a `feed()`. Armed at construction so a provider
 * that never answers (or sends headers and then nothing) stalls just like one that stops mid-stream.
 * A timeout ≤ 0 disables it: there is deliberately no total-time cap, only this inactivity limit.
 */
export class StallWatchdog {
  readonly #timers: SamplingTimers
  readonly #timeoutMs: number
  readonly #onStall: () => void
  #handle: TimerHandle | undefined
  #stopped = false

  constructor(timers: SamplingTimers, timeoutMs: number, onStall: () => void) {
    this.#timers = timers
    this.#timeoutMs = timeoutMs
    this.#onStall = onStall
    this.#arm()
  }

  /** A real output part arrived: the model is alive, start the wait over. */
  feed(): void {
    if (this.#stopped) return
    if (this.#handle !== undefined) this.#timers.clearTimeout(this.#handle)
    this.#arm()
  }

  stop(): void {
    this.#stopped = true
    if (this.#handle !== undefined) this.#timers.clearTimeout(this.#handle)
    this.#handle = undefined
  }

  #arm(): void {
    if (!(this.#timeoutMs > 0)) return
    this.#handle = this.#timers.setTimeout(() => {
      this.#handle = undefined
      if (this.#stopped) return
      this.#stopped = true
      this.#onStall()
    }, this.#timeoutMs)
  }
}

/**
 * The text a stream part adds to the model's output (text, reasoning, tool-call arguments), or undefined:
 * only that is life for a StallWatchdog. Start, finish and metadata parts and empty deltas can come from a
 * provider that is otherwise stuck, and counting them would hide the stall; a reasoning model thinking for
 * minutes is working, not stalled.
 */
export function modelOutputOf(part: { type: string; text?: string; delta?: string }): string | undefined {
  const output =
    part.type === 'text-delta' || part.type === 'reasoning-delta'
      ? part.text
      : part.type === 'tool-input-delta'
        ? part.delta
        : undefined
  return output === undefined || output.length === 0 ? undefined : output
}

/** Why a model call was stopped by its StallWatchdog, in the words sampling and chat both use. */
export function stalledReason(modelRef: string, chunkTimeoutMs: number): string {
  return `the model ${modelRef} produced nothing for ${Number((chunkTimeoutMs / 1000).toFixed(3))} s (stalled)`
}

/**
 * Sends the current counts every `intervalMs` so a server waiting on a long generation knows it is still
 * moving (and can reset its own request timeout). Never sends text. A send still in flight makes the next
 * tick skip rather than pile up notifications on a slow transport; a failed send is dropped because the
 * heartbeat is advisory and the run's own outcome must not depend on it.
 */
export class ProgressHeartbeat {
  readonly #timers: SamplingTimers
  readonly #handle: TimerHandle
  #sending = false

  constructor(
    timers: SamplingTimers,
    intervalMs: number,
    counts: () => SamplingProgressCounts,
    send: (counts: SamplingProgressCounts) => Promise<void>,
  ) {
    this.#timers = timers
    this.#handle = timers.setInterval(() => {
      if (this.#sending) return
      this.#sending = true
      const done = (): void => {
        this.#sending = false
      }
      try {
        send(counts()).then(done, done)
      } catch {
        done()
      }
    }, intervalMs)
  }

  stop(): void {
    this.#timers.clearInterval(this.#handle)
  }
}
