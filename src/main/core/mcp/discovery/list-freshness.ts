// How long a listed result stays fresh (SEP-2549 `ttlMs`), for the host's own lists: tools (ServerConnection),
// prompts and resources (ListCache). The SDK client has a response cache of its own; ours are kept in front
// of it and decide freshness themselves, so a list is asked of the server (with the SDK's cache refreshed,
// never consulted) exactly when one of ours went stale.
//
// `cacheScope` needs no handling here: every list is kept per connection (per Client), and the host has one
// principal per server (one set of credentials, one user), so a `private` result is only ever served to
// the principal it was fetched for, and `public` would allow nothing more.
import { MAX_CACHE_TTL_MS, type Client } from '@modelcontextprotocol/client'

/** The `ttlMs` a result carries, when it is a valid one (a whole number of ms, not negative). */
export function ttlOf(result: unknown): number | undefined {
  if (typeof result !== 'object' || result === null) return undefined
  const ttl = (result as { ttlMs?: unknown }).ttlMs
  return typeof ttl === 'number' && Number.isSafeInteger(ttl) && ttl >= 0 ? ttl : undefined
}

/** A list is as fresh as its stalest part (pages, or resources with their templates). */
export function shorterTtl(a: number | undefined, b: number | undefined): number | undefined {
  if (a === undefined) return b
  if (b === undefined) return a
  return Math.min(a, b)
}

/**
 * When a list fetched at `now` goes stale: `now + ttlMs` (at most a day later: a server cannot pin a list
 * forever; at least `minFreshMs`), or `undefined` for a list that stays fresh until the server announces a
 * change. A 2025 result has no TTL and is kept until list_changed, as before; a 2026-07-28 result without
 * one is immediately stale, as the spec says a client should assume.
 */
export function staleAtOf(
  client: Client,
  ttlMs: number | undefined,
  now: number,
  minFreshMs = 0,
): number | undefined {
  const ttl = ttlMs ?? (client.getProtocolEra() === 'modern' ? 0 : undefined)
  return ttl === undefined ? undefined : now + Math.max(minFreshMs, Math.min(ttl, MAX_CACHE_TTL_MS))
}
