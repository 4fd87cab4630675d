import type { RegistryState } from './registry-view'

/**
 * A registry's catalog older than this is synced before it is searched: by `mcp-desk registry search`, and
 * when the window's Browse opens. Registries change slowly; an hour keeps searches fresh without asking a
 * registry on every keystroke or command.
 */
export const REGISTRY_STALE_AFTER_MS = 60 * 60 * 1000

/** Whether a registry was never synced, or not within REGISTRY_STALE_AFTER_MS of `now`. */
export function isStale(state: Pick<RegistryState, 'syncedAt'>, now: number): boolean {
  if (state.syncedAt === undefined) return true
  const syncedAt = Date.parse(state.syncedAt)
  return !Number.isFinite(syncedAt) || now - syncedAt >= REGISTRY_STALE_AFTER_MS
}
