/**
 * What one view may ask of the host at once. A view is code from a server: it must not be able to flood
 * the user with approval cards, the conversation with messages or the window with log lines.
 */
export const MAX_OUTSTANDING_TOOL_CALLS = 4
export const MAX_VIEW_LOG_ENTRIES = 50

/** A sliding-window rate limit: at most `limit` events in any `windowMs`. */
export class RateLimit {
  readonly #times: number[] = []
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** True (and counted) when one more event fits; false when the view must wait. */
  take(): boolean {
    const now = this.now()
    while (this.#times.length > 0 && now - this.#times[0]! >= this.windowMs) this.#times.shift()
    if (this.#times.length >= this.limit) return false
    this.#times.push(now)
    return true
  }
}

/** At most `limit` requests in flight; the excess is refused at once instead of queued. */
export class InFlightLimit {
  #count = 0
  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>, refusal: () => Error): Promise<T> {
    if (this.#count >= this.limit) throw refusal()
    this.#count++
    try {
      return await task()
    } finally {
      this.#count--
    }
  }
}
