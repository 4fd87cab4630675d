import type { Settings, SemanticSearchSettings } from '../../../../shared/settings/settings-schema'
import type { SemanticStatus } from '../../../../shared/tools/semantic-status'
import type { SearchableTool } from '../search/tool-search-index'
import { BUNDLED_MODEL_ID } from './bundled-embedding-source'
import { fallbackNote, type EmbeddingSource } from './embedding-source'
import { queryEmbeddingText, toolEmbeddingText, vectorKey } from './embedding-text'
import { dot, QueryVectors } from './query-vectors'
import { VectorCache } from './vector-cache'

export interface SemanticLayerDeps {
  settings: { get(): Pick<Settings, 'tools'>; subscribe(listener: () => void): () => void }
  /** The source the settings ask for: the bundled model, or the user's provider model. */
  createSource(setting: SemanticSearchSettings['source']): EmbeddingSource
  /** The bundled model, used when the user's source fails. */
  createFallback(): EmbeddingSource
  cacheDir: string
  log(line: string): void
  /** Tools embedded per background request: small, so a query never waits long behind one. */
  batchSize?: number
  /** How long a search waits for its query's vector before answering by words alone. */
  queryTimeoutMs?: number
  /** Computed vectors are written to disk at most this often while embedding (and when it ends). */
  flushEveryMs?: number
  /**
   * Off while tool search itself is off (the window's chat never searches then, so no model is loaded);
   * `mcp-desk tools search` always searches and passes false.
   */
  followsSearchMode?: boolean
}

export type QueryCosines =
  { kind: 'vectors'; cosines: Map<string, number>; missing: number } | { kind: 'unavailable'; note: string }

interface ToolEntry {
  /** The tool's key (its exposed name). */
  key: string
  serverId: string
  text: string
  /** vectorKey(source, text) for the active source. */
  vectorKey: string
}

/** The source producing vectors now, its vectors and cache. Replaced whole when the setting changes. */
interface Active {
  setting: SemanticSearchSettings['source']
  source: EmbeddingSource
  cache: VectorCache
  vectors: Map<string, Float32Array>
  /** The source answered a query-sized request: searches can fuse. */
  queryReady: boolean
  failure?: string
  note?: string
  running: boolean
}

const PROVIDER_BATCH = 64
/** A background batch that failed this many times in a row counts as the source failing. */
const MAX_BATCH_ATTEMPTS = 3

/**
 * Tool search's semantic layer (issue 23): a vector per searchable tool, computed in the background (the
 * bundled model in a worker thread, or the user's embedding model), cached on disk per model, and the
 * cosines of a query against them. It never holds a search up: a tool without a vector is ranked by its
 * words, and a query whose vector is not ready in time is answered by words alone.
 */
export class SemanticToolLayer {
  readonly #deps: Required<Omit<SemanticLayerDeps, 'settings'>> & Pick<SemanticLayerDeps, 'settings'>
  readonly #tools = new Map<string, ToolEntry>()
  readonly #listeners = new Set<(status: SemanticStatus) => void>()
  readonly #queryVectors = new QueryVectors()
  readonly #unsubscribe: () => void
  #setting: SemanticSearchSettings
  #active: Active | undefined
  #flushTimer: NodeJS.Timeout | undefined
  #lastFlush: Promise<void> = Promise.resolve()
  #disposed = false

  constructor(deps: SemanticLayerDeps) {
    this.#deps = { batchSize: 8, queryTimeoutMs: 500, flushEveryMs: 2000, followsSearchMode: true, ...deps }
    this.#setting = this.#effectiveSetting()
    this.#unsubscribe = deps.settings.subscribe(() => this.#settingsChanged())
  }

  setServerTools(serverId: string, tools: readonly SearchableTool[]): void {
    for (const [key, entry] of this.#tools) if (entry.serverId === serverId) this.#tools.delete(key)
    for (const tool of tools) {
      const text = toolEmbeddingText(tool)
      this.#tools.set(tool.key, { key: tool.key, serverId, text, vectorKey: this.#keyOf(text) })
    }
    this.#start()
    this.#emit()
  }

  removeServer(serverId: string): void {
    let removed = false
    for (const [key, entry] of this.#tools) {
      if (entry.serverId !== serverId) continue
      this.#tools.delete(key)
      removed = true
    }
    if (removed) this.#emit()
  }

  status(): SemanticStatus {
    const requested = this.#setting.source
    const active = this.#active
    const total = this.#tools.size
    if (!this.#setting.enabled) {
      const searchOff = this.#deps.settings.get().tools.semantic.enabled
      return {
        state: 'off',
        requested,
        sourceLabel: 'none',
        ready: 0,
        total,
        ...(searchOff ? { note: 'Tool search is off, so no tool is embedded.' } : {}),
      }
    }
    const ready = active ? this.#withVectors(active) : 0
    const sourceLabel = active?.source.label ?? 'none'
    const note = active?.failure ?? active?.note
    const base = { requested, sourceLabel, ready, total, ...(note === undefined ? {} : { note }) }
    if (active?.failure !== undefined) return { ...base, state: 'failed', ready: 0 }
    if (total === 0) return { ...base, state: 'ready' }
    if (!active?.queryReady) return { ...base, state: 'starting' }
    return { ...base, state: ready < total ? 'embedding' : 'ready' }
  }

  subscribe(listener: (status: SemanticStatus) => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** Resolves once every tool has its vector and queries can be embedded, or the layer is off or failed. */
  whenSettled(signal?: AbortSignal): Promise<SemanticStatus> {
    const settled = (status: SemanticStatus): boolean =>
      status.state === 'ready' || status.state === 'failed' || status.state === 'off'
    const now = this.status()
    if (settled(now)) return Promise.resolve(now)
    return new Promise((resolve, reject) => {
      const stop = this.subscribe((status) => {
        if (!settled(status)) return
        stop()
        resolve(status)
      })
      signal?.addEventListener(
        'abort',
        () => {
          stop()
          reject(signal.reason instanceof Error ? signal.reason : new Error('stopped waiting'))
        },
        { once: true },
      )
    })
  }

  /** Cosine of the query with each tool in `only` (all tools when absent) that has a vector. */
  async cosines(query: string, only?: ReadonlySet<string>): Promise<QueryCosines> {
    const active = this.#active
    if (!this.#setting.enabled) return { kind: 'unavailable', note: 'search by meaning is off' }
    if (!active || active.failure !== undefined)
      return { kind: 'unavailable', note: active?.failure ?? 'no tool has a vector yet' }
    if (!active.queryReady) return { kind: 'unavailable', note: 'the embedding model is still loading' }
    let vector: Float32Array
    try {
      vector = await this.#queryVectors.get(
        active.source,
        queryEmbeddingText(query),
        this.#deps.queryTimeoutMs,
      )
    } catch (error) {
      return { kind: 'unavailable', note: `the query was not embedded: ${(error as Error).message}` }
    }
    const cosines = new Map<string, number>()
    let missing = 0
    const keys = only ?? this.#tools.keys()
    for (const key of keys) {
      const entry = this.#tools.get(key)
      if (!entry) continue
      const toolVector = active.vectors.get(entry.vectorKey)
      if (toolVector && toolVector.length === vector.length) cosines.set(key, dot(vector, toolVector))
      else missing += 1
    }
    if (cosines.size === 0) return { kind: 'unavailable', note: 'no tool has a vector yet' }
    return { kind: 'vectors', cosines, missing }
  }

  /** Settles when the vectors computed so far are on disk (a CLI command waits for it before exiting). */
  whenFlushed(): Promise<void> {
    return this.#lastFlush
  }

  dispose(): void {
    this.#disposed = true
    this.#unsubscribe()
    this.#stopActive()
    this.#listeners.clear()
  }

  /** The semantic setting, turned off while tool search is off (when the layer follows it). */
  #effectiveSetting(): SemanticSearchSettings {
    const tools = this.#deps.settings.get().tools
    const searchOff = this.#deps.followsSearchMode && tools.search === 'off'
    return searchOff ? { ...tools.semantic, enabled: false } : tools.semantic
  }

  #settingsChanged(): void {
    const next = this.#effectiveSetting()
    if (JSON.stringify(next) === JSON.stringify(this.#setting)) return
    this.#setting = next
    this.#stopActive()
    for (const entry of this.#tools.values()) entry.vectorKey = this.#keyOf(entry.text)
    this.#start()
    this.#emit()
  }

  /** Starts the source and the background embedding when on, with tools, and not yet started. */
  #start(): void {
    if (this.#disposed || !this.#setting.enabled || this.#tools.size === 0) return
    if (!this.#active) {
      this.#active = this.#activate(this.#setting.source, () => this.#deps.createSource(this.#setting.source))
      if (!this.#active) return
      for (const entry of this.#tools.values()) entry.vectorKey = this.#keyOf(entry.text)
      this.#warmUp(this.#active)
    }
    void this.#embedMissing(this.#active)
  }

  #activate(setting: Active['setting'], create: () => EmbeddingSource, note?: string): Active | undefined {
    let source: EmbeddingSource
    try {
      source = create()
    } catch (error) {
      if (setting.kind === 'bundled') return undefined
      return this.#activate({ kind: 'bundled' }, () => this.#deps.createFallback(), fallbackNote(error))
    }
    const cache = new VectorCache(this.#deps.cacheDir, source.id, { log: this.#deps.log })
    return {
      setting,
      source,
      cache,
      vectors: cache.load(),
      queryReady: false,
      running: false,
      ...(note === undefined ? {} : { note }),
    }
  }

  /** One query-sized request, so that `ready` means searches fuse (the model is loaded). */
  #warmUp(active: Active): void {
    active.source.embed(['find a tool'], { urgent: true }).then(
      () => {
        active.queryReady = true
        this.#emit()
      },
      (error: unknown) => this.#sourceFailed(active, error),
    )
  }

  async #embedMissing(active: Active): Promise<void> {
    if (active.running) return
    active.running = true
    let attempts = 0
    let queue: ToolEntry[] = []
    try {
      while (this.#active === active && active.failure === undefined) {
        // Texts of similar length go together (a batch is padded to its longest), which embeds the
        // catalog in about two thirds of the time; tools that arrive meanwhile join the next queue.
        queue = queue.filter((entry) => !active.vectors.has(entry.vectorKey) && this.#isCurrent(entry))
        if (queue.length === 0) queue = this.#missing(active).sort((a, b) => a.text.length - b.text.length)
        const batch = queue.splice(0, this.#batchSize(active))
        if (batch.length === 0) break
        try {
          const vectors = await active.source.embed(
            batch.map((entry) => entry.text),
            { urgent: false },
          )
          attempts = 0
          batch.forEach((entry, i) => {
            const vector = vectors[i]
            if (!vector) return
            active.vectors.set(entry.vectorKey, vector)
            active.cache.put(entry.vectorKey, vector)
          })
          this.#scheduleFlush(active)
          this.#emit()
        } catch (error) {
          attempts += 1
          if (this.#active !== active) return
          if (attempts >= MAX_BATCH_ATTEMPTS) {
            this.#sourceFailed(active, error)
            return
          }
          this.#deps.log(`tool search: embedding failed (${(error as Error).message}); trying again`)
        }
      }
    } finally {
      active.running = false
      if (this.#active === active) {
        active.cache.touch([...this.#tools.values()].map((entry) => entry.vectorKey))
        this.#flush(active)
      }
    }
  }

  /** Every current tool whose vector is missing, one entry per distinct text. */
  #missing(active: Active): ToolEntry[] {
    const missing: ToolEntry[] = []
    const keys = new Set<string>()
    for (const entry of this.#tools.values()) {
      if (active.vectors.has(entry.vectorKey) || keys.has(entry.vectorKey)) continue
      keys.add(entry.vectorKey)
      missing.push(entry)
    }
    return missing
  }

  /** A remote model takes many texts per request; the local worker few, so a query never waits long. */
  #batchSize(active: Active): number {
    return active.setting.kind === 'provider' ? PROVIDER_BATCH : this.#deps.batchSize
  }

  /** Still a tool's current definition (its server may have re-listed or gone since it was queued). */
  #isCurrent(entry: ToolEntry): boolean {
    return this.#tools.get(entry.key) === entry
  }

  /** The user's source failed: the bundled model takes over (with a note); the bundled one failing is final. */
  #sourceFailed(active: Active, error: unknown): void {
    if (this.#active !== active || active.failure !== undefined) return
    const reason = (error as Error).message
    if (active.setting.kind === 'provider') {
      this.#stopActive()
      const fallback = this.#activate(
        { kind: 'bundled' },
        () => this.#deps.createFallback(),
        fallbackNote(error, active.source.label),
      )
      this.#active = fallback
      if (fallback) {
        for (const entry of this.#tools.values()) entry.vectorKey = this.#keyOf(entry.text)
        this.#warmUp(fallback)
        void this.#embedMissing(fallback)
      }
    } else {
      active.failure = `Search by meaning is unavailable: ${reason}. Tools are found by their words.`
      active.vectors.clear()
      active.source.dispose()
      this.#deps.log(`tool search: ${active.failure}`)
    }
    this.#emit()
  }

  #scheduleFlush(active: Active): void {
    if (this.#flushTimer) return
    this.#flushTimer = setTimeout(() => this.#flush(active), this.#deps.flushEveryMs)
    this.#flushTimer.unref()
  }

  #flush(active: Active): void {
    clearTimeout(this.#flushTimer)
    this.#flushTimer = undefined
    this.#lastFlush = active.cache.flush()
  }

  #stopActive(): void {
    const active = this.#active
    this.#active = undefined
    this.#queryVectors.clear()
    if (!active) return
    this.#flush(active)
    active.source.dispose()
  }

  #keyOf(text: string): string {
    return vectorKey(this.#active?.source.id ?? BUNDLED_MODEL_ID, text)
  }

  #withVectors(active: Active): number {
    let count = 0
    for (const entry of this.#tools.values()) if (active.vectors.has(entry.vectorKey)) count += 1
    return count
  }

  #emit(): void {
    if (this.#listeners.size === 0) return
    const status = this.status()
    for (const listener of [...this.#listeners]) listener(status)
  }
}
