import { IpcFailure } from '../../../shared/ipc/ipc-error'
import type {
  RegistryEntryDetail,
  RegistryEntryRequest,
  RegistryEntryView,
  RegistrySearchRequest,
  RegistrySearchResult,
  RegistryState,
} from '../../../shared/registry/registry-view'
import type { RegistryServerResponse } from '../../../shared/registry/server-json'
import type { RegistrySource } from '../../../shared/settings/settings-schema'
import type { SettingsService } from '../config/settings-service'
import { readSnapshot, removeSnapshot, writeSnapshot } from './registry-cache-file'
import { RegistryClient, DEFAULT_REQUEST_TIMEOUT_MS } from './registry-client'
import { entryView, officialMetaOf } from './registry-entry-view'
import {
  createRegistryFetch,
  RegistryFetchError,
  type RegistryFetchOptions,
  type RegistryGet,
} from './registry-fetch'
import { RegistryIcons } from './registry-icons'
import { RegistryIndex } from './registry-index'
import type { RegistryCatalog, RegistryServerVersion } from './registry-ports'
import {
  addRegistrySource,
  normalizeRegistryUrl,
  removeRegistrySource,
  sameRegistry,
} from './registry-sources'
import { DEFAULT_SYNC_LIMITS, fetchCatalog, updatedSinceOf, type SyncLimits } from './registry-sync'

export interface RegistryServiceDeps {
  settings: SettingsService
  /** `paths.registryCacheDir`: one snapshot file per registry. */
  cacheDir: string
  /** Replaces the network (tests of caps); no address is checked then. */
  fetch?: RegistryFetchOptions['fetch']
  lookup?: RegistryFetchOptions['lookup']
  log?: (line: string) => void
  now?: () => Date
  /** Per request, headers and body together. */
  requestTimeoutMs?: number
  limits?: SyncLimits
  /** Registries used by this process without being saved (`mcp-desk registry search --registry URL`). */
  transient?: RegistrySource[]
}

const DEFAULT_SEARCH_LIMIT = 50

/** What this process knows of one registry beyond its settings entry. */
interface Known {
  index: RegistryIndex
  syncedAt: string | undefined
  syncing: Promise<void> | undefined
  error: string | undefined
}

/**
 * The saved registries, each with a local index synced incrementally from its API and kept on disk, so
 * search is instant and works offline. Everything that reaches a registry goes through its guarded fetch.
 */
export class RegistryService implements RegistryCatalog {
  readonly #deps: RegistryServiceDeps
  readonly #known = new Map<string, Known>()
  readonly #listeners = new Set<(registries: RegistryState[]) => void>()
  readonly #icons = new RegistryIcons()
  readonly #fetches = new Map<string, RegistryGet>()
  readonly #transient: RegistrySource[]
  readonly #stopFollowingSettings: () => void
  #disposed = false

  constructor(deps: RegistryServiceDeps) {
    this.#deps = deps
    this.#transient = (deps.transient ?? []).map((source) => ({
      ...source,
      url: normalizeRegistryUrl(source.url),
    }))
    // The profile is shared: a registry added with the CLI or by hand reaches the window's list too.
    let saved = JSON.stringify(deps.settings.get().registries)
    this.#stopFollowingSettings = deps.settings.subscribe((next) => {
      const now = JSON.stringify(next.registries)
      if (now === saved) return
      saved = now
      this.#notify()
    })
  }

  list(): RegistryState[] {
    return this.#sources().map((source) => {
      const known = this.#knownOf(source.url)
      return {
        ...source,
        entries: known.index.size,
        ...(known.syncedAt === undefined ? {} : { syncedAt: known.syncedAt }),
        syncing: known.syncing !== undefined,
        ...(known.error === undefined ? {} : { error: known.error }),
      }
    })
  }

  // Async for the port's sake (a refusal is a rejected promise, as the IPC handler expects).
  // eslint-disable-next-line @typescript-eslint/require-await
  async add(url: string, name?: string): Promise<RegistryState[]> {
    addRegistrySource(this.#deps.settings, url, name)
    this.#notify()
    return this.list()
  }

  remove(url: string): RegistryState[] {
    const removed = removeRegistrySource(this.#deps.settings, url)
    this.#known.delete(removed.url)
    removeSnapshot(this.#deps.cacheDir, removed.url)
    this.#notify()
    return this.list()
  }

  /**
   * Syncs one registry (or every one). A failure is recorded as the registry's `error` (its index stays
   * as it was) rather than thrown, so one unreachable registry does not stop the others.
   */
  async sync(url?: string): Promise<RegistryState[]> {
    const sources = url === undefined ? this.#sources() : [this.#source(url)]
    await Promise.all(sources.map((source) => this.#syncOne(source.url)))
    return this.list()
  }

  async search(request: RegistrySearchRequest): Promise<RegistrySearchResult> {
    const sources = request.registryUrl === undefined ? this.#sources() : [this.#source(request.registryUrl)]
    const found: Array<{ view: RegistryEntryView; score: number }> = []
    for (const source of sources) {
      const index = this.#knownOf(source.url).index
      for (const hit of await index.search(request.query)) {
        const entry = index.get(hit.name)
        if (entry === undefined) continue
        const view = entryView(source.url, entry)
        if (view.status !== 'active' && request.includeInactive !== true) continue
        found.push({ view, score: hit.score })
      }
    }
    // One registry's ranking is kept as it is; several are interleaved by score.
    if (sources.length > 1) found.sort((a, b) => b.score - a.score)
    const limit = request.limit ?? DEFAULT_SEARCH_LIMIT
    return { entries: found.slice(0, limit).map((item) => item.view), total: found.length }
  }

  async show(request: RegistryEntryRequest): Promise<RegistryEntryDetail> {
    const source = this.#sourceOf(request)
    const client = this.#client(source.url)
    try {
      const [listed, exact] = await Promise.all([
        client.versions(request.name),
        client.version(request.name, request.version ?? 'latest'),
      ])
      const versions = newestFirst(listed.entries)
      return { entry: entryView(source.url, exact), versions, offline: false }
    } catch (error) {
      const indexed = this.#offlineEntry(source.url, request, error)
      return { entry: entryView(source.url, indexed), versions: [], offline: true }
    }
  }

  async serverJson(request: RegistryEntryRequest): Promise<RegistryServerVersion> {
    const source = this.#sourceOf(request)
    let entry: RegistryServerResponse
    try {
      entry = await this.#client(source.url).version(request.name, request.version ?? 'latest')
    } catch (error) {
      entry = this.#offlineEntry(source.url, request, error)
    }
    return { registryUrl: source.url, server: entry.server, meta: officialMetaOf(entry) }
  }

  async icon(registryUrl: string, name: string): Promise<{ dataUrl: string | null }> {
    const source = this.#source(registryUrl)
    const entry = this.#knownOf(source.url).index.get(name)
    if (entry === undefined) return { dataUrl: null }
    const key = `${source.url}\n${name}\n${entry.server.version}`
    try {
      return { dataUrl: await this.#icons.dataUrl(key, entry.server, this.#get(source.url)) }
    } catch (error) {
      // An icon that cannot be had is the registry's doing: said as such, not as an internal error.
      if (error instanceof RegistryFetchError) throw new IpcFailure('unavailable', error.message)
      throw error
    }
  }

  subscribe(listener: (registries: RegistryState[]) => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  dispose(): void {
    this.#disposed = true
    this.#stopFollowingSettings()
    this.#listeners.clear()
  }

  #syncOne(url: string): Promise<void> {
    const known = this.#knownOf(url)
    // A second caller waits for the sync under way instead of starting another.
    if (known.syncing !== undefined) return known.syncing
    known.syncing = this.#runSync(url, known).finally(() => {
      known.syncing = undefined
      this.#notify()
    })
    this.#notify()
    return known.syncing
  }

  async #runSync(url: string, known: Known): Promise<void> {
    const startedAt = (this.#deps.now?.() ?? new Date()).toISOString()
    try {
      const fetched = await fetchCatalog(
        this.#client(url),
        url,
        updatedSinceOf(known.syncedAt),
        this.#deps.limits ?? DEFAULT_SYNC_LIMITS,
      )
      const index = known.index.merged(fetched.entries)
      const { maxEntries } = this.#deps.limits ?? DEFAULT_SYNC_LIMITS
      if (index.size > maxEntries) {
        throw new RegistryFetchError(
          `${url} lists more than ${maxEntries} servers; MCP Desk keeps at most that many of one registry, so nothing was kept`,
        )
      }
      // Removed while it synced: its index is not written back.
      if (this.#known.get(url) !== known) return
      writeSnapshot(this.#deps.cacheDir, { url, syncedAt: startedAt, entries: index.all() })
      known.index = index
      known.syncedAt = startedAt
      known.error = undefined
      if (fetched.skipped > 0) {
        this.#deps.log?.(`registry ${url}: ${fetched.skipped} entries could not be read and were skipped`)
      }
    } catch (error) {
      known.error = messageOf(error)
      this.#deps.log?.(`registry ${url}: sync failed: ${known.error}`)
    }
  }

  /** The index's entry when the registry could not answer; the registry's own "no such server" stands. */
  #offlineEntry(url: string, request: RegistryEntryRequest, error: unknown): RegistryServerResponse {
    if (error instanceof IpcFailure && error.code === 'not_found') throw error
    if (!(error instanceof RegistryFetchError)) throw error
    const indexed = this.#knownOf(url).index.get(request.name)
    if (
      indexed === undefined ||
      (request.version !== undefined && indexed.server.version !== request.version)
    ) {
      throw new IpcFailure(
        'unavailable',
        `${error.message}; ${request.name} is not in what was synced of ${url}`,
      )
    }
    return indexed
  }

  #sources(): RegistrySource[] {
    const saved = this.#deps.settings.get().registries.map((source) => ({
      ...source,
      url: source.url.replace(/\/+$/, ''),
    }))
    const extra = this.#transient.filter((source) => !saved.some((s) => sameRegistry(s.url, source.url)))
    return [...extra, ...saved]
  }

  #source(url: string): RegistrySource {
    const found = this.#sources().find((source) => sameRegistry(source.url, url))
    if (found === undefined) throw new IpcFailure('not_found', `no registry ${url.trim()} is saved`)
    return found
  }

  /** The registry a request names; else the first one whose index has the server; else the first. */
  #sourceOf(request: RegistryEntryRequest): RegistrySource {
    if (request.registryUrl !== undefined) return this.#source(request.registryUrl)
    const sources = this.#sources()
    const holding = sources.find((source) => this.#knownOf(source.url).index.get(request.name))
    const chosen = holding ?? sources[0]
    if (chosen === undefined) throw new IpcFailure('not_found', 'no registry is saved')
    return chosen
  }

  /** What is known of a registry, read from its snapshot on first use. */
  #knownOf(url: string): Known {
    let known = this.#known.get(url)
    if (known === undefined) {
      const snapshot = readSnapshot(this.#deps.cacheDir, url)
      known = {
        index: new RegistryIndex(snapshot?.entries ?? []),
        syncedAt: snapshot?.syncedAt,
        syncing: undefined,
        error: undefined,
      }
      this.#known.set(url, known)
    }
    return known
  }

  /** One guarded fetch per registry (its rule depends on where the registry lives). */
  #get(url: string): RegistryGet {
    let get = this.#fetches.get(url)
    if (get === undefined) {
      get = createRegistryFetch({
        registryUrl: url,
        ...(this.#deps.fetch === undefined ? {} : { fetch: this.#deps.fetch }),
        ...(this.#deps.lookup === undefined ? {} : { lookup: this.#deps.lookup }),
      })
      this.#fetches.set(url, get)
    }
    return get
  }

  #client(url: string): RegistryClient {
    return new RegistryClient(url, this.#get(url), this.#deps.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS)
  }

  #notify(): void {
    if (this.#disposed) return
    const registries = this.list()
    for (const listener of this.#listeners) {
      try {
        listener(registries)
      } catch {
        // A listener's failure is its own; the others still hear of the change.
      }
    }
  }
}

/**
 * Version strings, newest first: by publication time where the registry gives it, else in the reverse of
 * the order listed (the registry lists the oldest first).
 */
function newestFirst(entries: readonly RegistryServerResponse[]): string[] {
  const published = (entry: RegistryServerResponse): number =>
    Date.parse(officialMetaOf(entry)?.publishedAt ?? '') || 0
  const ordered = entries
    .map((entry, position) => ({ entry, position }))
    .sort((a, b) => published(b.entry) - published(a.entry) || b.position - a.position)
  return [...new Set(ordered.map(({ entry }) => entry.server.version))]
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
