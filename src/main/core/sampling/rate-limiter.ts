/** Requests per server are counted over this sliding window. */
export const RATE_WINDOW_MS = 60_000

export interface SamplingRateLimiterOptions {
  /** Read on every acquisition, so a settings change applies to the next request. */
  maxConcurrent: () => number
  maxPerMinute: () => number
  now?: () => number
}

export type RateSlot = { ok: true; release(): void } | { ok: false; reason: 'rate limited'; detail: string }

interface ServerWindow {
  inFlight: number
  /** Start times within the window, oldest first. */
  starts: number[]
}

/**
 * Per-server limits on sampling: how many run at once and how many start per minute. A request the limiter
 * rejects is not counted, so a server hammering the host cannot lock itself out for longer than its own
 * accepted requests justify. Over the limit the request is refused at once rather than queued: the server
 * gets -1 "rate limited" and may retry, and nothing piles up in the host.
 */
export class SamplingRateLimiter {
  readonly #options: SamplingRateLimiterOptions
  readonly #servers = new Map<string, ServerWindow>()

  constructor(options: SamplingRateLimiterOptions) {
    this.#options = options
  }

  tryAcquire(serverId: string): RateSlot {
    const now = this.#now()
    const window = this.#windowFor(serverId, now)
    const maxConcurrent = this.#options.maxConcurrent()
    if (window.inFlight >= maxConcurrent) {
      return {
        ok: false,
        reason: 'rate limited',
        detail: `${window.inFlight} sampling requests from this server are already running (limit ${maxConcurrent} at a time)`,
      }
    }
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
    window.inFlight++
    window.starts.push(now)
    let released = false
    return {
      ok: true,
      release: () => {
        // Idempotent: a handler's error path and its finally may both release.
        if (released) return
        released = true
        window.inFlight--
        this.#forgetIfIdle(serverId, window)
      },
    }
  }

  /** Requests of this server holding a slot right now. */
  inFlight(serverId: string): number {
    return this.#servers.get(serverId)?.inFlight ?? 0
  }

  /** Starts of this server counted in the current window. */
  startsInWindow(serverId: string): number {
    const window = this.#servers.get(serverId)
    if (window === undefined) return 0
    this.#prune(window, this.#now())
    return window.starts.length
  }

  #windowFor(serverId: string, now: number): ServerWindow {
    let window = this.#servers.get(serverId)
    if (window === undefined) {
      window = { inFlight: 0, starts: [] }
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
    if (window.inFlight === 0 && window.starts.length === 0 && this.#servers.get(serverId) === window) {
      this.#servers.delete(serverId)
    }
  }

  #now(): number {
    return this.#options.now?.() ?? Date.now()
  }
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
