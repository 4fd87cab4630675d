import type { Client } from '@modelcontextprotocol/client'
import { staleAtOf } from '../discovery/list-freshness'

/** A fetched list and the TTL its server gave it (SEP-2549), if any. */
export interface Listed<T> {
  value: T
  ttlMs: number | undefined
}

interface Entry<T> {
  value: Promise<T>
  /** Undefined while fetching, and for a list kept until the server announces a change. */
  staleAt: number | undefined
}

/**
 * One list per connection (a server's prompts, or its resources with their templates), kept while it is
 * fresh: until the server announces a change, and never past the TTL the server gave (see list-freshness.ts;
 * `ttlMs: 0` is never kept). A server that neither announces changes nor gives a TTL is asked every time,
 * since nothing would tell the host its list went stale. Callers asking while a list is being fetched share
 * that one request. Keyed by Client, so a reconnect starts empty and nothing crosses connections.
 */
export class ListCache<T> {
  readonly #entries = new WeakMap<Client, Entry<T>>()
  readonly #now: () => number

  constructor(now: () => number = () => Date.now()) {
    this.#now = now
  }

  /** The kept list while it is fresh, else a new one from `fetch`. */
  get(client: Client, announcesChanges: boolean, fetch: () => Promise<Listed<T>>): Promise<T> {
    const entry = this.#entries.get(client)
    if (entry && (entry.staleAt === undefined || this.#now() < entry.staleAt)) return entry.value
    return this.fetch(client, announcesChanges, fetch)
  }

  /** Fetches now, whatever is kept (the server announced a change), and keeps the result while fresh. */
  fetch(client: Client, announcesChanges: boolean, fetch: () => Promise<Listed<T>>): Promise<T> {
    const listing = fetch()
    const entry: Entry<T> = { value: listing.then((listed) => listed.value), staleAt: undefined }
    this.#entries.set(client, entry)
    listing.then(
      (listed) => {
        if (this.#entries.get(client) !== entry) return
        const now = this.#now()
        const staleAt = staleAtOf(client, listed.ttlMs, now)
        const keep = staleAt === undefined ? announcesChanges : staleAt > now
        if (keep) entry.staleAt = staleAt
        else this.#entries.delete(client)
      },
      // A failed list is not kept: the next caller asks again.
      () => {
        if (this.#entries.get(client) === entry) this.#entries.delete(client)
      },
    )
    return entry.value
  }

  /** The server announced a change: whatever is kept (or being fetched) is not served again. */
  forget(client: Client): void {
    this.#entries.delete(client)
  }
}
