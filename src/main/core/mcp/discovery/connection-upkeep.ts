import type { Client } from '@modelcontextprotocol/client'
import { QuietPeriod } from '../prompts/quiet-period'
import { ChangeSubscription, isModernClient } from './change-subscription'
import { staleAtOf } from './list-freshness'

/**
 * The floor under a tool list's TTL. The list is read on every state broadcast (many a second while a chat
 * runs), so a list is fresh for at least this long whatever its TTL (0 included): one re-list per server
 * per interval, never one per event.
 */
export const TOOLS_MIN_FRESH_MS = 5_000

export interface ConnectionUpkeepDeps {
  /** Lines about the change stream, for the connection's log (it adds which server). */
  log: (line: string) => void
  now: () => number
}

/**
 * What keeps one connection's tool list current, besides discovery itself (ServerConnection's): its
 * list_changed notices, the TTL the server gave the list (SEP-2549), and, in 2026-07-28, the change stream
 * those notices (and the prompt and resource ones) arrive on. One per ServerConnection; each connect
 * replaces the previous client's state.
 */
export class ConnectionUpkeep {
  readonly #deps: ConnectionUpkeepDeps
  readonly #quiet = new QuietPeriod<Client>()
  #changes: ChangeSubscription | undefined
  #staleAt: number | undefined

  constructor(deps: ConnectionUpkeepDeps) {
    this.#deps = deps
  }

  /** The current 2026-07-28 connection's change stream; undefined for a 2025 one. */
  get changes(): ChangeSubscription | undefined {
    return this.#changes
  }

  /**
   * Tool list_changed notices on a new client, from either era, reach `relist` once per quiet period (the
   * SDK's 300 ms debounce): not the SDK's `listChanged` option, which in 2026-07-28 opens a stream of its
   * own, when the host's one stream carries every kind of change. A server that never declared list
   * changes is not listened to, as the SDK did not.
   */
  watch(client: Client, relist: () => void): void {
    client.setNotificationHandler('notifications/tools/list_changed', () => {
      if (client.getServerCapabilities()?.tools?.listChanged !== true) return
      this.#quiet.poke(client, relist)
    })
  }

  /** Once connected, before the first listing (so no change after it is missed): the change stream. */
  async listen(client: Client, ackTimeoutMs: number): Promise<void> {
    await this.close()
    if (!isModernClient(client)) return
    this.#changes = new ChangeSubscription(client, { ackTimeoutMs, log: this.#deps.log })
    await this.#changes.open()
  }

  /** A listing was made: when it goes stale (undefined: when the server announces a change). */
  listed(client: Client, ttlMs: number | undefined): void {
    this.#staleAt = staleAtOf(client, ttlMs, this.#deps.now(), TOOLS_MIN_FRESH_MS)
  }

  /**
   * True, once, when the list went stale: the caller lists again in the background (and calls `listed`),
   * so its reader gets the list as it is and the next reader the new one.
   */
  takeStale(): boolean {
    if (this.#staleAt === undefined || this.#deps.now() < this.#staleAt) return false
    this.#staleAt = undefined
    return true
  }

  /** The connection is over: its stream closes, and nothing is stale any more. */
  async close(): Promise<void> {
    const changes = this.#changes
    this.#changes = undefined
    this.#staleAt = undefined
    await changes?.close()
  }
}
