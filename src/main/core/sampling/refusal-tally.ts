import type { AuditEntry } from '../../../shared/sampling/sampling-card'

/** Refusals of one kind from one server are summed over this long before their line is written. */
export const REFUSAL_WINDOW_MS = 10_000

/**
 * The refusals that are counted rather than written one by one: requests turned away before anyone was
 * asked or anything ran (rate limit, daily budget, a policy or rule that denies). A server can send them
 * as fast as it likes: 100,000 of them once wrote a 31.7 MB audit file.
 */
export function isTalliedRefusal(entry: AuditEntry): boolean {
  return (
    entry.outcome === 'rate-limited' ||
    entry.outcome === 'budget-exceeded' ||
    (entry.outcome === 'denied' && entry.decision === 'denied')
  )
}

interface Tally {
  first: AuditEntry
  last: AuditEntry
  /** Refusals after the first, in this window. */
  more: number
  timer: NodeJS.Timeout
}

/**
 * Keeps the audit log to at most two lines per window, server and kind of refusal: the window's first
 * refusal is written at once (so Activity shows it without delay), the rest of the window becomes one line
 * with `count` when the window ends (or at `flush`, on shutdown). That line keeps the first refusal's id
 * and time, and the last one's message (which says, for instance, when to retry).
 */
export class RefusalTally {
  readonly #write: (entry: AuditEntry) => void
  readonly #windowMs: number
  readonly #tallies = new Map<string, Tally>()

  constructor(write: (entry: AuditEntry) => void, windowMs: number = REFUSAL_WINDOW_MS) {
    this.#write = write
    this.#windowMs = windowMs
  }

  add(entry: AuditEntry): void {
    const key = `${entry.serverId}\n${entry.outcome}\n${entry.decision}`
    const tally = this.#tallies.get(key)
    if (tally) {
      if (tally.more === 0) tally.first = entry
      tally.more++
      tally.last = entry
      return
    }
    this.#write(entry)
    const timer = setTimeout(() => this.#close(key), this.#windowMs)
    timer.unref()
    this.#tallies.set(key, { first: entry, last: entry, more: 0, timer })
  }

  /** Writes every open window's line now. */
  flush(): void {
    for (const key of [...this.#tallies.keys()]) this.#close(key)
  }

  #close(key: string): void {
    const tally = this.#tallies.get(key)
    if (!tally) return
    clearTimeout(tally.timer)
    this.#tallies.delete(key)
    if (tally.more === 0) return
    const { first, last } = tally
    this.#write({
      ...first,
      ...(last.message === undefined ? {} : { message: last.message }),
      count: tally.more,
    })
  }
}
