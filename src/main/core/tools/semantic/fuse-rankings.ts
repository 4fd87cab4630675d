/** Weights of the fused ranking; chosen by `npm run bench -- tool-search` (its fusion table). */
export interface FusionOptions {
  /** Weight of the semantic score (scaled 0–1 per query) against the lexical score (divided by its top). */
  semanticWeight: number
}

/**
 * 1.5 had the best dev recall@8 and MRR; 1 to 2 lie within a query or two of each other, 3 lets weak
 * semantic neighbours push out exact lexical matches.
 */
export const DEFAULT_FUSION_OPTIONS: FusionOptions = { semanticWeight: 1.5 }

/**
 * Lexical and semantic scores of one query fused into one ranking, best first. The lexical score is divided
 * by the query's top lexical score; the cosine is scaled to 0–1 over the tools that have a vector. A tool
 * without a vector yet is ranked by its lexical score alone (its semantic part is taken to agree with it).
 * With `limit`, only the best `limit` are returned, picked without sorting every tool (10,000 of them cost
 * milliseconds to sort on every search).
 */
export function fuseRankings(
  lexical: ReadonlyArray<readonly [string, number]>,
  cosines: ReadonlyMap<string, number>,
  options: FusionOptions = DEFAULT_FUSION_OPTIONS,
  limit = Infinity,
): Array<[string, number]> {
  const top = lexical[0]?.[1] ?? 0
  const lexicalOf = new Map<string, number>()
  for (const [key, score] of lexical) lexicalOf.set(key, top > 0 ? score / top : 0)
  let min = Infinity
  let max = -Infinity
  for (const cosine of cosines.values()) {
    if (cosine < min) min = cosine
    if (cosine > max) max = cosine
  }
  const spread = max - min
  const weight = options.semanticWeight
  const best = new TopScores(limit)
  for (const [key, cosine] of cosines) {
    const semantic = spread > 0 ? (cosine - min) / spread : 0
    best.offer(key, (lexicalOf.get(key) ?? 0) + weight * semantic)
  }
  for (const [key, score] of lexicalOf) {
    if (!cosines.has(key)) best.offer(key, score * (1 + weight))
  }
  return best.ranked()
}

/** Higher score first; equal scores by key, so a ranking never depends on map order. */
function before(a: readonly [string, number], b: readonly [string, number]): boolean {
  return a[1] > b[1] || (a[1] === b[1] && a[0] < b[0])
}

/** The best `limit` of what is offered, kept sorted by insertion (limits are small: at most 20). */
class TopScores {
  readonly #entries: Array<[string, number]> = []
  constructor(private readonly limit: number) {}

  offer(key: string, score: number): void {
    const entry: [string, number] = [key, score]
    const entries = this.#entries
    if (!Number.isFinite(this.limit)) {
      entries.push(entry)
      return
    }
    if (entries.length >= this.limit) {
      const last = entries[entries.length - 1]
      if (!last || !before(entry, last)) return
      entries.pop()
    }
    let at = entries.length
    while (at > 0 && before(entry, entries[at - 1] as [string, number])) at -= 1
    entries.splice(at, 0, entry)
  }

  ranked(): Array<[string, number]> {
    if (!Number.isFinite(this.limit)) this.#entries.sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0))
    return this.#entries
  }
}
