/** Requests per server are counted over this sliding window. */
export const RATE_WINDOW_MS = 60_000

/**
 * How many requests of one server may wait for a run slot. Waiting requests hold only their parsed params
 * (in the SDK) and a queue entry; beyond this the server is refused, so a flood costs the host a bounded
 * amount whatever its size.
 */
export const MAX_QUEUED_PER_SERVER = 32

export interface SamplingRateLimiterOptions {
  /** Read on every acquisition, so a settings change applies to the next request. */
  maxConcurrent: () => number
  maxPerMinute: () => number
  now?: () => number
  /** Waiting requests per server beyond the running ones; default MAX_QUEUED_PER_SERVER. */
  maxQueued?: number
}

export type RateSlot = { ok: true; release(): void } | { ok: false; reason: 'rate limited'; detail: string }

interface Waiter {
  grant: () => void
}

interface ServerWindow {
  inFlight: number
  /** Start times within the window, oldest first (a queued request counts from when it was admitted). */
  starts: number[]
  /** Requests waiting for a slot, in arrival order. */
  queue: Waiter[]
}

/**
 * Per-server limits on sampling: how many run at once and how many are admitted per minute. Over the
 * concurrency limit a request waits in a bounded FIFO queue (MAX_QUEUED_PER_SERVER) for a slot; it is
 * refused (-1 "rate limited", the server may retry) only when the queue is full or the minute's admissions
 * are used up. A refused request is not counted, so a server hammering the host cannot lock itself out for
 * longer than its own admitted requests justify. A waiting request whose signal aborts (the server sent
 * notifications/cancelled, or the connection closed) leaves the queue and never runs.
 */
export class SamplingRateLimiter {
  readonly #options: SamplingRateLimiterOptions
  readonly #servers = new Map<string, ServerWindow>()

  constructor(options: SamplingRateLimiterOptions) {
    this.#options = options
  }

  /**
   * A slot now, a refusal now, or (over the concurrency limit) a promise of a slot once one frees up, which
   * rejects with the signal's reason if it aborts first.
   */
  acquire(serverId: string, signal?: AbortSignal): RateSlot | Promise<RateSlot> {
    const refused = this.refusal(serverId)
    if (refused) return refused
    const now = this.#now()
    const window = this.#windowFor(serverId, now)
    const maxConcurrent = this.#options.maxConcurrent()
    if (window.inFlight < maxConcurrent && window.queue.length === 0) {
      window.starts.push(now)
      return this.#grant(serverId, window)
    }
    if (signal?.aborted) return Promise.reject(abortReason(signal))
    window.starts.push(now)
    return new Promise<RateSlot>((resolve, reject) => {
      const onAbort = (): void => {
        const at = window.queue.indexOf(waiter)
        if (at !== -1) window.queue.splice(at, 1)
        this.#forgetIfIdle(serverId, window)
        reject(abortReason(signal!))
      }
      const waiter: Waiter = {
        grant: () => {
          signal?.removeEventListener('abort', onAbort)
          resolve(this.#grant(serverId, window))
        },
      }
      window.queue.push(waiter)
      signal?.addEventListener('abort', onAbort, { once: true })
    })
  }

  /**
   * Whether a request would be refused now (the minute's admissions used up, or the queue full), without
   * admitting anything: cheap enough to check before a request is even parsed, so a flood of refusals costs
   * little. `acquire` checks the same.
   */
  refusal(serverId: string): Extract<RateSlot, { ok: false }> | undefined {
    const window = this.#servers.get(serverId)
    if (window === undefined) return undefined
    const now = this.#now()
    this.#prune(window, now)
    const maxPerMinute = this.#options.maxPerMinute()
    const [oldest] = window.starts
    if (oldest !== undefined && window.starts.length >= maxPerMinute) {
      const retryInS = Math.max(1, Math.ceil((oldest + RATE_WINDOW_MS - now) / 1000))
      return {
        ok: false,
        reason: 'rate limited',
        detail: `${window.starts.length} sampling requests from this server in the last minute (limit ${maxPerMinute} per minute); retry in ${retryInS} s`,
      }
    }
    const maxConcurrent = this.#options.maxConcurrent()
    const maxQueued = this.#options.maxQueued ?? MAX_QUEUED_PER_SERVER
    if (window.inFlight >= maxConcurrent && window.queue.length >= maxQueued) {
      return {
        ok: false,
        reason: 'rate limited',
        detail: `${window.inFlight} sampling requests from this server are running and ${window.queue.length} are waiting (limit ${maxConcurrent} at a time, ${maxQueued} waiting)`,
      }
    }
    return undefined
  }

  /** Requests of this server holding a slot right now. */
  inFlight(serverId: string): number {
    return this.#servers.get(serverId)?.inFlight ?? 0
  }

  /** Requests of this server waiting for a slot. */
  queued(serverId: string): number {
    return this.#servers.get(serverId)?.queue.length ?? 0
  }

  /** Admissions of this server counted in the current window. */
  startsInWindow(serverId: string): number {
    const window = this.#servers.get(serverId)
    if (window === undefined) return 0
    this.#prune(window, this.#now())
    return window.starts.length
  }

  #grant(serverId: string, window: ServerWindow): RateSlot {
    window.inFlight++
    let released = false
    return {
      ok: true,
      release: () => {
        // Idempotent: a handler's error path and its finally may both release.
        if (released) return
        released = true
        window.inFlight--
        this.#next(window)
        this.#forgetIfIdle(serverId, window)
      },
    }
  }

  /** Hands freed slots to the longest-waiting requests (the limit is read again: it may have changed). */
  #next(window: ServerWindow): void {
    while (window.queue.length > 0 && window.inFlight < this.#options.maxConcurrent()) {
      window.queue.shift()!.grant()
    }
  }

  #windowFor(serverId: string, now: number): ServerWindow {
    let window = this.#servers.get(serverId)
    if (window === undefined) {
      window = { inFlight: 0, starts: [], queue: [] }
      this.#servers.set(serverId, window)
    }
    this.#prune(window, now)
    return window
  }

  /** A start leaves the window exactly RATE_WINDOW_MS after it happened. */
  #prune(window: ServerWindow, now: number): void {
    let expired = 0
    while (expired < window.starts.length && window.starts[expired]! <= now - RATE_WINDOW_MS) expired++
    if (expired > 0) window.starts.splice(0, expired)
  }

  /** Keeps the map from growing with every server ever seen. */
  #forgetIfIdle(serverId: string, window: ServerWindow): void {
    this.#prune(window, this.#now())
    const idle = window.inFlight === 0 && window.starts.length === 0 && window.queue.length === 0
    if (idle && this.#servers.get(serverId) === window) this.#servers.delete(serverId)
  }

  #now(): number {
    return this.#options.now?.() ?? Date.now()
  }
}

function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason
  if (reason instanceof Error) return reason
  return new Error(
    typeof reason === 'string' ? reason : 'the request was cancelled while it waited for a slot',
  )
}

export type BudgetCheck = { ok: true } | { ok: false; reason: 'budget exceeded'; detail: string }

/**
 * Whether a server may start another sampling today. The budget counts input plus output tokens of the
 * requests already recorded; a request is refused once the total has reached the budget (a running request
 * may overshoot it, since its size is known only after it ends). `undefined` = no budget.
 */
export function checkDailyBudget(usedTokensToday: number, budget: number | undefined): BudgetCheck {
  if (budget === undefined) return { ok: true }
  if (usedTokensToday < budget) return { ok: true }
  return {
    ok: false,
    reason: 'budget exceeded',
    detail: `${usedTokensToday} of this server's ${budget} daily tokens are used`,
  }
}
