/** How long a server's list must stay quiet before it is listed again: the SDK's debounce for tools. */
export const LIST_CHANGED_QUIET_MS = 300

/**
 * Runs `action` for a key once `quietMs` has passed without another `poke` for that key: a burst of
 * list_changed notifications (20,000 of them, from a hostile or buggy server) becomes one re-list after it
 * ends, instead of one per notification. Timers are unref'd so a pending re-list never holds the process.
 */
export class QuietPeriod<K extends object> {
  readonly #quietMs: number
  readonly #timers = new WeakMap<K, NodeJS.Timeout>()

  constructor(quietMs: number = LIST_CHANGED_QUIET_MS) {
    this.#quietMs = quietMs
  }

  poke(key: K, action: () => void): void {
    const existing = this.#timers.get(key)
    if (existing) {
      // Pushes the deadline back without allocating a timer per notification.
      existing.refresh()
      return
    }
    const timer = setTimeout(() => {
      this.#timers.delete(key)
      action()
    }, this.#quietMs)
    timer.unref()
    this.#timers.set(key, timer)
  }

  cancel(key: K): void {
    clearTimeout(this.#timers.get(key))
    this.#timers.delete(key)
  }
}
