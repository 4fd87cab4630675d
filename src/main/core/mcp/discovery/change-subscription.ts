import type { Client, McpSubscription, SubscriptionFilter } from '@modelcontextprotocol/client'
import { messageOf } from '../../../../shared/format/error-message'

/** Re-listens in a row after the server dropped the stream (or refused a new one) before the host stops. */
export const MAX_RELISTENS = 5
/** A stream that stayed open this long was not a flapping one: a later drop starts the count again. */
export const STABLE_STREAM_MS = 60_000
/** The most URIs one stream follows: the filter goes out whole on every re-listen. */
export const MAX_FOLLOWED_URIS = 1000
/**
 * How long closing waits for the server to take `notifications/cancelled`: a remote server that accepts the
 * request and never answers must not hold a disconnect (the stream itself is aborted at once anyway).
 */
export const CLOSE_WAIT_MS = 2_000

export interface ChangeSubscriptionOptions {
  /** How long the server has to acknowledge a listen (the SDK's default would be 60 s). */
  ackTimeoutMs: number
  log: (line: string) => void
  /** The wait before re-listen number `attempt` (1-based); tests shorten it. */
  relistenDelayMs?: (attempt: number) => number
  now?: () => number
}

const defaultDelay = (attempt: number): number => Math.min(1000 * 2 ** (attempt - 1), 30_000)

/** Whether a client spoke the 2026-07-28 era (or later): its changes come only on a listen stream. */
export function isModernClient(client: Client): boolean {
  return client.getProtocolEra() === 'modern'
}

/**
 * A 2026-07-28 connection's change stream (`subscriptions/listen`). That era has no unsolicited
 * notifications: a server sends list changes and resource updates only on a stream the client opened with
 * a filter. The host opens one stream per connection for every list the server says can change (tools,
 * prompts, resources) plus the resources the user follows; what arrives goes to the same notification
 * handlers (and the same debouncing and bounds) as a 2025 server's notifications, so the services above
 * cannot tell the eras apart. Following another resource opens a stream with the new filter before closing
 * the old one, so no change falls between the two. A stream the server drops while the connection lives is
 * opened again (bounded; see MAX_RELISTENS); one it ends gracefully (it is shutting down, or honours
 * nothing we asked) is not, since asking again would get the same answer.
 */
export class ChangeSubscription {
  readonly #client: Client
  readonly #options: ChangeSubscriptionOptions
  #uris: string[] = []
  #current: McpSubscription | undefined
  #closed = false
  /** Re-listens since the last stable stream. */
  #relistens = 0
  #relistenTimer: NodeJS.Timeout | undefined
  /** Filter changes one after another: each waits for the swap before it. */
  #queue: Promise<void> = Promise.resolve()

  constructor(client: Client, options: ChangeSubscriptionOptions) {
    this.#client = client
    this.#options = options
  }

  /** Opens the stream; a failure is logged (and retried), never thrown: the connection works without it. */
  async open(): Promise<void> {
    await this.#reopen().catch((error: unknown) => this.#retryAfter(error))
  }

  /** Follows exactly these resources from now on; resolves once the server acknowledged the new filter. */
  follow(uris: readonly string[]): Promise<void> {
    const distinct = [...new Set(uris)]
    if (distinct.length > MAX_FOLLOWED_URIS) {
      return Promise.reject(new Error(`at most ${MAX_FOLLOWED_URIS} resources of one server can be followed`))
    }
    this.#uris = distinct
    return this.#reopen()
  }

  /** The connection is over (disconnect, restart, crash): the stream closes and is never opened again. */
  async close(): Promise<void> {
    this.#closed = true
    clearTimeout(this.#relistenTimer)
    const current = this.#current
    this.#current = undefined
    if (!current) return
    let timer: NodeJS.Timeout | undefined
    const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS)))
    await Promise.race([current.close(), waited])
    clearTimeout(timer)
  }

  #filter(): SubscriptionFilter {
    const capabilities = this.#client.getServerCapabilities() ?? {}
    const followable = capabilities.resources?.subscribe === true && this.#uris.length > 0
    return {
      ...(capabilities.tools?.listChanged === true ? { toolsListChanged: true } : {}),
      ...(capabilities.prompts?.listChanged === true ? { promptsListChanged: true } : {}),
      ...(capabilities.resources?.listChanged === true ? { resourcesListChanged: true } : {}),
      ...(followable ? { resourceSubscriptions: [...this.#uris] } : {}),
    }
  }

  #reopen(): Promise<void> {
    const swapped = this.#queue.then(() => this.#swap())
    this.#queue = swapped.catch(() => undefined)
    return swapped
  }

  /** The stream with the filter as it is now, then the end of the one it replaces. */
  async #swap(): Promise<void> {
    if (this.#closed) return
    const previous = this.#current
    const filter = this.#filter()
    if (Object.keys(filter).length === 0) {
      // Nothing to hear (a server without list changes, nothing followed): no stream at all.
      this.#current = undefined
      await previous?.close()
      return
    }
    // Its lifetime counts from the request: the same moment on both sides of the wire.
    const openedAt = this.#now()
    const subscription = await this.#client.listen(filter, { timeout: this.#options.ackTimeoutMs })
    if (this.#closed) {
      await subscription.close()
      return
    }
    this.#current = subscription
    void subscription.closed.then((cause) => this.#onClosed(subscription, cause, openedAt))
    await previous?.close()
  }

  #onClosed(subscription: McpSubscription, cause: string, openedAt: number): void {
    if (cause !== 'remote' || this.#closed || this.#current !== subscription) return
    this.#current = undefined
    if (this.#now() - openedAt >= STABLE_STREAM_MS) this.#relistens = 0
    this.#retryAfter(new Error('the server dropped the change stream'))
  }

  /** Schedules the next re-listen, unless the bound is reached; a failed re-listen comes back here. */
  #retryAfter(error: unknown): void {
    if (this.#closed) return
    if (this.#relistens >= MAX_RELISTENS) {
      this.#options.log(
        `change stream: ${messageOf(error)}; not listening again after ${MAX_RELISTENS} attempts ` +
          '(list changes and resource updates reach the host again after a reconnect)',
      )
      return
    }
    this.#relistens += 1
    const delay = (this.#options.relistenDelayMs ?? defaultDelay)(this.#relistens)
    this.#options.log(`change stream: ${messageOf(error)}; listening again (attempt ${this.#relistens})`)
    clearTimeout(this.#relistenTimer)
    this.#relistenTimer = setTimeout(() => {
      this.#reopen().then(
        () => {
          if (this.#current) this.#options.log('change stream: open again')
        },
        (next: unknown) => this.#retryAfter(next),
      )
    }, delay)
    this.#relistenTimer.unref()
  }

  #now(): number {
    return this.#options.now?.() ?? Date.now()
  }
}
