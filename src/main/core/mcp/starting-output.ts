/** How often, at most, stderr output of a `starting` server is announced (npm progress can be chatty). */
const STARTING_STDERR_UPDATE_MS = 250

/**
 * A `starting` server's stderr is its progress (npm's, uv's): the panel shows its latest line, so a change
 * is announced, at most every STARTING_STDERR_UPDATE_MS, since a download can write many lines.
 */
export class StartingOutputAnnouncer {
  readonly #onChange: () => void
  #timer: NodeJS.Timeout | undefined

  constructor(onChange: () => void) {
    this.#onChange = onChange
  }

  /** Announces within the interval if `stillStarting()` holds then. */
  announce(stillStarting: () => boolean): void {
    if (this.#timer) return
    this.#timer = setTimeout(() => {
      this.#timer = undefined
      if (stillStarting()) this.#onChange()
    }, STARTING_STDERR_UPDATE_MS)
    this.#timer.unref()
  }

  cancel(): void {
    clearTimeout(this.#timer)
    this.#timer = undefined
  }
}
