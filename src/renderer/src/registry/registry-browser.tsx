import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import type { RegistryEntryView, RegistrySearchResult } from '../../../shared/registry/registry-view'
import { isStale } from '../../../shared/registry/registry-staleness'
import { useAppState } from '../app/store-context'
import { RegistryEntryDetail } from './registry-entry-detail'
import { RegistryEntryItem } from './registry-entry-item'
import { registryHost, resultsText } from './registry-labels'
import { RegistryManager } from './registry-manager'
import { RegistryStatus } from './registry-status'

/** Results shown at once; the line above them says how many more match. */
const SHOWN = 50

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** The search box and the results, kept while an entry's detail is open so Back returns to the same list. */
interface Search {
  query: string
  includeInactive: boolean
  /** One registry; undefined: every saved one. */
  registryUrl: string | undefined
}

/**
 * Servers → Browse: the saved registries' servers, searched in the local index as the user types (each
 * input event asks; an answer to an older question is dropped, so no timer is needed), with the sync
 * state, Sync, the registries, and an entry's detail with Install.
 */
export function RegistryBrowser({ onClose }: { onClose: () => void }) {
  const registries = useAppState((state) => state.registries)
  const problem = useAppState((state) => state.registriesProblem)
  const followRegistries = useAppState((state) => state.followRegistries)
  const syncRegistries = useAppState((state) => state.syncRegistries)
  const searchRegistry = useAppState((state) => state.searchRegistry)
  const [search, setSearch] = useState<Search>({ query: '', includeInactive: false, registryUrl: undefined })
  const [results, setResults] = useState<(RegistrySearchResult & { query: string }) | null>(null)
  const [searchError, setSearchError] = useState<string | null>(null)
  const [syncing, setSyncing] = useState(false)
  const [syncError, setSyncError] = useState<string | null>(null)
  const [managing, setManaging] = useState(false)
  const [selected, setSelected] = useState<RegistryEntryView | null>(null)
  const asked = useRef(0)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const id = useId()

  useEffect(() => followRegistries(), [followRegistries])
  useEffect(() => headingRef.current?.focus(), [])

  // A removed registry cannot stay chosen.
  const registryUrl =
    search.registryUrl && registries?.some((registry) => registry.url === search.registryUrl)
      ? search.registryUrl
      : undefined
  const browsed = (registries ?? []).filter((registry) => !registryUrl || registry.url === registryUrl)
  // A finished sync changes what the index holds: the same question is asked again.
  const indexVersion = browsed
    .map((registry) => `${registry.url} ${registry.syncedAt} ${registry.entries}`)
    .join()

  useEffect(() => {
    const mine = ++asked.current
    const { query, includeInactive } = search
    searchRegistry({ query, includeInactive, limit: SHOWN, ...(registryUrl ? { registryUrl } : {}) }).then(
      (answer) => {
        if (mine !== asked.current) return
        setResults({ ...answer, query })
        setSearchError(null)
      },
      (error: unknown) => {
        if (mine === asked.current) setSearchError(message(error))
      },
    )
  }, [searchRegistry, search, registryUrl, indexVersion])

  // Back from an entry: focus returns to that entry in the list, where the user left it.
  const returnTo = useRef<string | null>(null)
  useLayoutEffect(() => {
    if (selected || returnTo.current === null) return
    const name = returnTo.current
    returnTo.current = null
    const item = [...document.querySelectorAll<HTMLElement>('[data-entry]')].find(
      (e) => e.dataset.entry === name,
    )
    item?.focus()
  }, [selected])

  const sync = async () => {
    if (syncing) return
    setSyncing(true)
    setSyncError(null)
    setSyncError(await syncRegistries(registryUrl))
    setSyncing(false)
  }

  // Opening Browse syncs when a registry was never synced or not within the hour, once, as `registry
  // search` does; the others' syncs then only ask what changed since theirs.
  const autoSynced = useRef(false)
  useEffect(() => {
    if (autoSynced.current || registries === null) return
    autoSynced.current = true
    if (!registries.some((registry) => !registry.syncing && isStale(registry, Date.now()))) return
    // The host's registry:changed events show it syncing; a refusal is shown like Sync's.
    void syncRegistries(undefined).then(setSyncError)
  }, [registries, syncRegistries])

  if (selected) {
    return (
      <RegistryEntryDetail
        entry={selected}
        onBack={() => {
          returnTo.current = selected.name
          setSelected(null)
        }}
      />
    )
  }

  const anySyncing = syncing || browsed.some((registry) => registry.syncing)
  return (
    <div className="registry-browser" data-testid="registry-browser">
      <div className="registry-browser-head">
        <button type="button" className="link-button" onClick={onClose}>
          ← Back to servers
        </button>
        <h3 className="registry-browser-title" tabIndex={-1} ref={headingRef}>
          Browse servers
        </h3>
      </div>
      {problem && (
        <p className="callout callout--danger selectable" role="alert">
          Could not list the registries: {problem}
        </p>
      )}
      <div className="registry-sync">
        {registries && registries.length > 1 && (
          <div className="field registry-picker">
            <label htmlFor={`${id}-registry`} className="field-label">
              Registry
            </label>
            <select
              id={`${id}-registry`}
              className="text-input"
              value={registryUrl ?? ''}
              onChange={(event) => setSearch({ ...search, registryUrl: event.target.value || undefined })}
            >
              <option value="">All registries</option>
              {registries.map((registry) => (
                <option key={registry.url} value={registry.url}>
                  {registry.name} ({registryHost(registry.url)})
                </option>
              ))}
            </select>
          </div>
        )}
        <RegistryStatus registries={browsed} />
        <div className="registry-sync-actions">
          <button
            type="button"
            className="button"
            aria-disabled={anySyncing || browsed.length === 0}
            onClick={() => void (browsed.length > 0 && sync())}
          >
            {anySyncing ? 'Syncing…' : 'Sync'}
          </button>
          <button
            type="button"
            className="button"
            aria-expanded={managing}
            aria-controls={`${id}-manager`}
            onClick={() => setManaging(!managing)}
          >
            Registries…
          </button>
        </div>
        {syncError && (
          <p className="callout callout--danger selectable" role="alert">
            Sync failed: {syncError}
          </p>
        )}
      </div>
      <div id={`${id}-manager`} hidden={!managing}>
        {managing && registries && <RegistryManager registries={registries} />}
      </div>
      <div className="registry-search" role="search">
        <label htmlFor={`${id}-query`} className="visually-hidden">
          Search servers
        </label>
        <input
          id={`${id}-query`}
          className="text-input"
          type="search"
          autoComplete="off"
          spellCheck={false}
          placeholder="Search servers"
          value={search.query}
          onChange={(event) => setSearch({ ...search, query: event.target.value })}
        />
        <label className="checkbox">
          <input
            type="checkbox"
            checked={search.includeInactive}
            onChange={(event) => setSearch({ ...search, includeInactive: event.target.checked })}
          />
          Show deprecated and deleted
        </label>
      </div>
      {searchError && (
        <p className="callout callout--danger selectable" role="alert">
          Search failed: {searchError}
        </p>
      )}
      <p className="hint registry-results-line" role="status" data-testid="registry-results-line">
        {results ? resultsText(results.entries.length, results.total, results.query) : 'Searching…'}
      </p>
      {results && results.entries.length > 0 && (
        <ul className="registry-results" aria-label="Servers found" data-testid="registry-results">
          {results.entries.map((entry) => (
            <RegistryEntryItem
              key={`${entry.registryUrl} ${entry.name}`}
              entry={entry}
              onSelect={setSelected}
            />
          ))}
        </ul>
      )}
    </div>
  )
}
