import { create, insertMultiple, search, type AnyOrama } from '@orama/orama'
import type { RegistryServerResponse } from '../../../shared/registry/server-json'
import { officialMetaOf, packageWords } from './registry-entry-view'

/** What joins the words of a server name or a package identifier. */
const SEPARATORS = /[@/:_.-]+/g

/**
 * One registry's synced entries (the latest version of each server, deleted and deprecated ones kept and
 * marked) with an Orama full-text index over name, title, description and package identifiers.
 */
export class RegistryIndex {
  readonly #entries = new Map<string, RegistryServerResponse>()
  #db: AnyOrama | undefined

  constructor(entries: readonly RegistryServerResponse[] = []) {
    for (const entry of entries) this.#entries.set(entry.server.name, entry)
  }

  get size(): number {
    return this.#entries.size
  }

  get(name: string): RegistryServerResponse | undefined {
    return this.#entries.get(name)
  }

  all(): RegistryServerResponse[] {
    return [...this.#entries.values()]
  }

  /**
   * The index after an incremental sync: each entry replaces the one of its name unless the one kept is
   * newer (an overlapping sync may send an entry again). A deleted entry stays, marked as the registry
   * marks it, so search can say so rather than forget it.
   */
  merged(incoming: readonly RegistryServerResponse[]): RegistryIndex {
    const next = new RegistryIndex(this.all())
    for (const entry of incoming) {
      const kept = next.#entries.get(entry.server.name)
      if (kept !== undefined && isNewer(kept, entry)) continue
      next.#entries.set(entry.server.name, entry)
    }
    return next
  }

  /** Names matching `query`, best first (all of them, by name, for an empty query). */
  async search(query: string): Promise<Array<{ name: string; score: number }>> {
    // Split like the indexed texts: `weather-py` and `@scope/pkg` are searched word by word.
    const term = query.slice(0, 500).replace(SEPARATORS, ' ').trim()
    if (term === '') {
      return [...this.#entries.keys()].sort().map((name) => ({ name, score: 0 }))
    }
    if (this.#entries.size === 0) return []
    const result = await search(this.#index(), {
      term,
      properties: ['title', 'words', 'description', 'packages'],
      boost: { title: 3, words: 3, packages: 2, description: 1 },
      limit: this.#entries.size,
    })
    return result.hits.map((hit) => ({ name: String(hit.document.name), score: hit.score }))
  }

  /** Built on first search after a change: a sync replaces the whole index rather than editing it. */
  #index(): AnyOrama {
    if (this.#db !== undefined) return this.#db
    const db = create({
      schema: { name: 'string', words: 'string', title: 'string', description: 'string', packages: 'string' },
    })
    const docs = this.all().map((entry) => ({
      name: entry.server.name,
      // `io.github.user/weather-py` is found by "weather" and "user".
      words: entry.server.name.replace(SEPARATORS, ' '),
      title: entry.server.title ?? '',
      description: entry.server.description,
      packages: packageWords(entry).replace(SEPARATORS, ' '),
    }))
    const inserted = insertMultiple(db, docs)
    if (inserted instanceof Promise) throw new Error('Orama insert unexpectedly went asynchronous')
    this.#db = db
    return db
  }
}

/** Whether `kept` is strictly newer than `incoming`, by the registry's updatedAt (when both have one). */
function isNewer(kept: RegistryServerResponse, incoming: RegistryServerResponse): boolean {
  const keptAt = Date.parse(officialMetaOf(kept)?.updatedAt ?? '')
  const incomingAt = Date.parse(officialMetaOf(incoming)?.updatedAt ?? '')
  return Number.isFinite(keptAt) && Number.isFinite(incomingAt) && keptAt > incomingAt
}
