import type { McpLimits } from '../../../shared/settings/settings-schema'

export class ConnectTimeoutError extends Error {
  constructor(ms: number) {
    super(`did not finish connecting within ${formatSeconds(ms)} (initialize and tools/list)`)
    this.name = 'ConnectTimeoutError'
  }
}

/** A stdio server whose process ran the whole start-up time without writing anything to stdout. */
export class StartupTimeoutError extends Error {
  constructor(ms: number, lastStderrLine: string) {
    super(
      `never spoke within the start-up time (${formatSeconds(ms)}): the process ran but wrote nothing to ` +
        `stdout (a first npx/uvx download can take long; settings: mcp.limits.stdioStartupTimeoutMs)` +
        (lastStderrLine === '' ? '' : `; its last stderr line: ${lastStderrLine}`),
    )
    this.name = 'StartupTimeoutError'
  }
}

export interface StartupPhase {
  /** Resolves when the server first writes to stdout. */
  spoke: Promise<void>
  /** What the server last said on stderr, for the reason when it never speaks. */
  lastStderrLine: () => string
  /** The server spoke in time: the handshake budget starts now. */
  onSpoke: () => void
}

/**
 * One connect attempt's deadline. A remote server gets `connectTimeoutMs` for initialize and tools/list. A
 * stdio server first gets `stdioStartupTimeoutMs` to write anything at all (a first `npx -y` downloads the
 * package before the server runs), and from its first byte on stdout the same handshake budget. Aborts
 * `signal` with the error that says which of the two ran out.
 */
export class ConnectDeadline {
  readonly #controller = new AbortController()
  readonly #limits: McpLimits
  #timer: NodeJS.Timeout | undefined
  #done = false

  constructor(limits: McpLimits, startup: StartupPhase | undefined) {
    this.#limits = limits
    if (!startup) {
      this.#handshake()
      return
    }
    const ms = limits.stdioStartupTimeoutMs
    this.#arm(ms, () => new StartupTimeoutError(ms, startup.lastStderrLine()))
    void startup.spoke.then(() => {
      if (this.#done || this.#controller.signal.aborted) return
      startup.onSpoke()
      this.#handshake()
    })
  }

  get signal(): AbortSignal {
    return this.#controller.signal
  }

  /** The SDK's own request timeout for initialize: never shorter than both phases, so ours decides. */
  get requestTimeoutMs(): number {
    return this.#limits.connectTimeoutMs + this.#limits.stdioStartupTimeoutMs
  }

  /** The attempt ended (connected, failed or superseded): no timer outlives it. */
  dispose(): void {
    this.#done = true
    clearTimeout(this.#timer)
  }

  #handshake(): void {
    const ms = this.#limits.connectTimeoutMs
    this.#arm(ms, () => new ConnectTimeoutError(ms))
  }

  #arm(ms: number, reason: () => Error): void {
    clearTimeout(this.#timer)
    this.#timer = setTimeout(() => this.#controller.abort(reason()), ms)
  }
}

export function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`
}
