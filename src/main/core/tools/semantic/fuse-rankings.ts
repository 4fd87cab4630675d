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
 */
export function fuseRankings(
  lexical: ReadonlyArray<readonly [string, number]>,
  cosines: ReadonlyMap<string, number>,
  options: FusionOptions = DEFAULT_FUSION_OPTIONS,
): Array<[string, number]> {
  const top = lexical[0]?.[1] ?? 0
  const lexicalOf = new Map(lexical.map(([key, score]) => [key, top > 0 ? score / top : 0]))
  let min = Infinity
  let max = -Infinity
  for (const cosine of cosines.values()) {
    min = Math.min(min, cosine)
    max = Math.max(max, cosine)
  }
  const spread = max - min
  const fused = new Map<string, number>()
  for (const [key, cosine] of cosines) {
    const semantic = spread > 0 ? (cosine - min) / spread : 0
    fused.set(key, (lexicalOf.get(key) ?? 0) + options.semanticWeight * semantic)
  }
  for (const [key, score] of lexicalOf) {
    if (!cosines.has(key)) fused.set(key, score * (1 + options.semanticWeight))
  }
  return [...fused].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
}
