import type { FetchLike } from '@modelcontextprotocol/client'

/**
 * Redirects followed by hand, for the fetches whose URLs come from another party's documents (OAuth
 * discovery, MCP registries, bundle downloads): every hop's URL is checked before it is fetched, at most
 * MAX_REDIRECTS are followed, and each redirect's body is dropped unread. The callers differ only in their
 * rules (which URLs they accept) and in how they word a refusal.
 */

export const MAX_REDIRECTS = 5
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])

export type RedirectProblem =
  { kind: 'no-location'; url: URL; status: number } | { kind: 'too-many'; url: URL }

export interface RedirectRules {
  /** Throws for a URL that may not be fetched (its scheme, credentials in it); called before each hop. */
  check(url: URL): void
  /** The error for a redirect that names no Location, or one past MAX_REDIRECTS. */
  refuse(problem: RedirectProblem): Error
  /** The next hop's URL from a Location (relative to the URL that answered); `new URL` by default. */
  resolve?(location: string, from: URL): URL
  /** The request for the next hop, e.g. a POST turned into a GET by a 303; the same request by default. */
  nextInit?(status: number, init: RequestInit): RequestInit
}

/**
 * Fetches `start` with `fetch` (the caller's pinned fetch, wrapped to word its own failures), following
 * redirects under `rules`; answers the first response that is not a redirect, with the URL that gave it.
 */
export async function fetchFollowingRedirects(
  fetch: FetchLike,
  start: URL,
  init: RequestInit,
  rules: RedirectRules,
): Promise<{ response: Response; url: URL }> {
  let url = start
  let requestInit: RequestInit = { ...init, redirect: 'manual' }
  for (let hop = 0; ; hop++) {
    rules.check(url)
    const response = await fetch(url, requestInit)
    if (!REDIRECT_STATUSES.has(response.status)) return { response, url }
    await response.body?.cancel().catch(() => undefined)
    const location = response.headers.get('location')
    if (location === null) throw rules.refuse({ kind: 'no-location', url, status: response.status })
    if (hop >= MAX_REDIRECTS) throw rules.refuse({ kind: 'too-many', url })
    url = rules.resolve ? rules.resolve(location, url) : new URL(location, url)
    if (rules.nextInit) requestInit = rules.nextInit(response.status, requestInit)
  }
}
