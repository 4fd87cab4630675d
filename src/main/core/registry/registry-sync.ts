import type { RegistryServerResponse } from '../../../shared/registry/server-json'
import { RegistryFetchError } from './registry-fetch'
import { PAGE_LIMIT, type RegistryClient } from './registry-client'

export interface SyncLimits {
  /** Pages of one sync; past it the registry is sending more than any catalog needs. */
  maxPages: number
  /** Entries kept of one registry. */
  maxEntries: number
}

export const DEFAULT_SYNC_LIMITS: SyncLimits = { maxPages: 1000, maxEntries: 50_000 }

/**
 * A later sync asks for what changed since the last one began, minus this: clocks of the registry's
 * replicas and ours differ, and an entry sent twice is merged, never duplicated.
 */
export const UPDATED_SINCE_OVERLAP_MS = 5 * 60 * 1000

export interface FetchedCatalog {
  entries: RegistryServerResponse[]
  /** Entries that did not parse and were left out. */
  skipped: number
}

/**
 * Every page the registry has (since `since`, when given). All pages are fetched before anything is kept:
 * a sync that fails halfway changes nothing. A cursor seen before ends it with an error (a registry that
 * pages in circles would otherwise never finish), as does a catalog beyond the limits.
 */
export async function fetchCatalog(
  client: RegistryClient,
  registryUrl: string,
  since: string | undefined,
  limits: SyncLimits,
  onProgress?: (fetched: number) => void,
): Promise<FetchedCatalog> {
  const entries: RegistryServerResponse[] = []
  const seen = new Set<string>()
  let skipped = 0
  let cursor: string | undefined
  for (let pageNumber = 1; ; pageNumber++) {
    if (pageNumber > limits.maxPages) {
      throw new RegistryFetchError(
        `${registryUrl} kept sending pages past ${limits.maxPages} (${limits.maxPages * PAGE_LIMIT} servers); the sync stopped and nothing was kept`,
      )
    }
    const page = await client.page({
      ...(cursor === undefined ? {} : { cursor }),
      ...(since === undefined ? {} : { updatedSince: since }),
    })
    entries.push(...page.entries)
    skipped += page.skipped
    onProgress?.(entries.length)
    if (entries.length > limits.maxEntries) {
      throw new RegistryFetchError(
        `${registryUrl} lists more than ${limits.maxEntries} servers; MCP Desk keeps at most that many of one registry, so nothing was kept`,
      )
    }
    if (page.nextCursor === undefined) break
    if (seen.has(page.nextCursor)) {
      throw new RegistryFetchError(
        `${registryUrl} sent the same page cursor twice (its pages go in a circle); the sync stopped and nothing was kept`,
      )
    }
    seen.add(page.nextCursor)
    cursor = page.nextCursor
  }
  return { entries, skipped }
}

/** The `updated_since` of the sync after one that began at `syncedAt`. */
export function updatedSinceOf(syncedAt: string | undefined): string | undefined {
  if (syncedAt === undefined) return undefined
  const at = Date.parse(syncedAt)
  return Number.isFinite(at) ? new Date(at - UPDATED_SINCE_OVERLAP_MS).toISOString() : undefined
}
