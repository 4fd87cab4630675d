import type { RegistryEntryView, RegistryState } from '../../../shared/registry/registry-view'

/** Words for the Browse view, pure so their tests need no rendering. */

const MINUTE = 60 * 1000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

function plural(count: number, one: string): string {
  return `${count.toLocaleString('en-US')} ${one}${count === 1 ? '' : 's'}`
}

/** How long ago a sync finished, as a status line says it: "just now", "3 minutes ago", "2 days ago". */
export function formatAgo(ms: number): string {
  const elapsed = Math.max(0, ms)
  if (elapsed < MINUTE) return 'just now'
  if (elapsed < HOUR) return `${plural(Math.floor(elapsed / MINUTE), 'minute')} ago`
  if (elapsed < DAY) return `${plural(Math.floor(elapsed / HOUR), 'hour')} ago`
  return `${plural(Math.floor(elapsed / DAY), 'day')} ago`
}

export interface StatusLine {
  text: string
  tone: 'idle' | 'busy' | 'failed'
}

/**
 * One registry's sync state in a line: syncing, the last failure (with what search still answers from),
 * never synced, or when it was synced and how many servers its index holds.
 */
export function registryStatusLine(state: RegistryState, sinceSyncMs: number): StatusLine {
  const servers = plural(state.entries, 'server')
  if (state.syncing) {
    return { text: state.entries > 0 ? `Syncing… · ${servers} so far` : 'Syncing…', tone: 'busy' }
  }
  if (state.error !== undefined) {
    const before =
      state.syncedAt !== undefined || state.entries > 0
        ? ` — showing what was synced before (${servers})`
        : ' — nothing synced yet'
    return { text: `Sync failed: ${state.error}${before}`, tone: 'failed' }
  }
  if (state.syncedAt === undefined)
    return { text: 'Not synced yet — choose Sync to fetch its servers', tone: 'idle' }
  return { text: `Synced ${formatAgo(sinceSyncMs)} · ${servers}`, tone: 'idle' }
}

/** The host of a registry URL, for names and the picker when two registries share a name. */
export function registryHost(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return url
  }
}

/** The letter shown where an entry has no icon (or it could not be fetched). */
export function placeholderLetter(entry: Pick<RegistryEntryView, 'title' | 'name'>): string {
  const letter = [...(entry.title || entry.name.split('/').pop() || '?')].find((char) =>
    /\p{L}|\p{N}/u.test(char),
  )
  return (letter ?? '?').toUpperCase()
}

export const statusBadges: Record<RegistryEntryView['status'], string | null> = {
  active: null,
  deprecated: 'Deprecated',
  deleted: 'Deleted',
}

/** "12 of 253 servers", or "253 servers" when every match is shown. */
export function resultsText(shown: number, total: number, query: string): string {
  if (total === 0) return query.trim() ? `No servers match “${query.trim()}”` : 'No servers'
  const matching = query.trim() ? ` matching “${query.trim()}”` : ''
  return shown < total
    ? `${shown} of ${plural(total, 'server')}${matching}`
    : `${plural(total, 'server')}${matching}`
}
