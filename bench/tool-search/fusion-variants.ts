import { collectSchemaText } from '../../src/main/core/tools/search/schema-text'
import type { SearchableTool } from '../../src/main/core/tools/search/tool-search-index'
import { toolEmbeddingText } from '../../src/main/core/tools/semantic/embedding-text'
import { DEFAULT_FUSION_OPTIONS, fuseRankings } from '../../src/main/core/tools/semantic/fuse-rankings'

/**
 * What the chosen fusion was measured against (issue 23), kept so the table shows why it won: other
 * weights, other normalisations of the two scores, rank fusion, the lexical ranking without feedback, and
 * (with --sides, since each costs a new embedding of the catalog) other texts of a tool.
 */

type Ranked = ReadonlyArray<readonly [string, number]>
/** Lexical ranking and cosines of one query → keys, best first. */
export type Fuse = (lexical: Ranked, cosines: ReadonlyMap<string, number>) => string[]

export interface FusionVariant {
  label: string
  fuse: Fuse
  /** Fuse the lexical ranking without pseudo-relevance feedback instead of the default one. */
  noFeedback?: boolean
}

const byScore = (scores: ReadonlyMap<string, number>): string[] =>
  [...scores].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([key]) => key)

const keysOf = (ranked: Ranked): string[] => ranked.map(([key]) => key)

const weighted =
  (semanticWeight: number): Fuse =>
  (lexical, cosines) =>
    keysOf(fuseRankings(lexical, cosines, { semanticWeight }))

/** Lexical divided by its top, plus the weight times a normalised cosine (`scale` maps each cosine to 0–1). */
function scaled(weight: number, scale: (cosines: readonly number[]) => (cosine: number) => number): Fuse {
  return (lexical, cosines) => {
    const top = lexical[0]?.[1] ?? 0
    const lexicalOf = new Map(lexical.map(([key, score]) => [key, top > 0 ? score / top : 0]))
    const semantic = scale([...cosines.values()])
    const fused = new Map<string, number>()
    for (const [key, cosine] of cosines) fused.set(key, (lexicalOf.get(key) ?? 0) + weight * semantic(cosine))
    return byScore(fused)
  }
}

/** (cosine − mean) / (max − mean), negatives at 0: a z-score scaled so that the best tool is 1. */
const zScore = (cosines: readonly number[]): ((cosine: number) => number) => {
  const mean = cosines.reduce((sum, c) => sum + c, 0) / Math.max(1, cosines.length)
  const max = Math.max(...cosines)
  return (cosine) => (max > mean ? Math.max(0, (cosine - mean) / (max - mean)) : 0)
}

/** Min-max over the best `k` cosines only; the rest get 0. */
const topK =
  (k: number) =>
  (cosines: readonly number[]): ((cosine: number) => number) => {
    const sorted = [...cosines].sort((a, b) => b - a)
    const max = sorted[0] ?? 0
    const floor = sorted[Math.min(k, sorted.length - 1)] ?? 0
    return (cosine) => (max > floor ? Math.max(0, (cosine - floor) / (max - floor)) : 0)
  }

/** Reciprocal rank fusion: 1/(k + lexical rank) + weight/(k + semantic rank). */
function reciprocalRank(k: number, weight: number): Fuse {
  return (lexical, cosines) => {
    const fused = new Map<string, number>()
    lexical.forEach(([key], i) => fused.set(key, 1 / (k + i + 1)))
    ;[...cosines]
      .sort((a, b) => b[1] - a[1])
      .forEach(([key], i) => fused.set(key, (fused.get(key) ?? 0) + weight / (k + i + 1)))
    return byScore(fused)
  }
}

const chosen = DEFAULT_FUSION_OPTIONS.semanticWeight

export const FUSION_VARIANTS: readonly FusionVariant[] = [
  { label: 'semantic alone (cosine only)', fuse: (_lexical, cosines) => byScore(cosines) },
  { label: 'weight 1', fuse: weighted(1) },
  { label: `weight ${chosen} (chosen)`, fuse: weighted(chosen) },
  { label: 'weight 2', fuse: weighted(2) },
  { label: 'weight 3', fuse: weighted(3) },
  { label: `weight ${chosen}, lexical without feedback`, fuse: weighted(chosen), noFeedback: true },
  { label: 'z-score cosine (top = 1), weight 1', fuse: scaled(1, zScore) },
  { label: 'min-max over the top 50 cosines, weight 0.5', fuse: scaled(0.5, topK(50)) },
  { label: 'reciprocal rank fusion, k 60', fuse: reciprocalRank(60, 1) },
  { label: 'reciprocal rank fusion, k 10', fuse: reciprocalRank(10, 1) },
]

export interface TextVariant {
  label: string
  text: (tool: SearchableTool) => string
}

const firstSentence = (text: string): string => {
  const flat = text.replace(/\s+/g, ' ').trim()
  return (/^.*?[.!?](\s|$)/.exec(flat)?.[0] ?? flat).trim()
}

/** Other texts of a tool, each fused with the chosen weight (--sides: each embeds the catalog again). */
export const TEXT_VARIANTS: readonly TextVariant[] = [
  {
    label: 'text: first sentence of the description only',
    text: (tool) => toolEmbeddingText({ ...tool, description: firstSentence(tool.description) }),
  },
  { label: 'text: no parameter names', text: (tool) => toolEmbeddingText({ ...tool, inputSchema: {} }) },
  {
    label: 'text: server name first',
    text: (tool) => `${tool.serverName}. ${toolEmbeddingText(tool)}`,
  },
  {
    label: 'text: + 200 characters of parameter descriptions',
    text: (tool) =>
      `${toolEmbeddingText(tool)}. ${collectSchemaText(tool.inputSchema).texts.join('; ').slice(0, 200)}`,
  },
  {
    label: 'text: name and title only',
    text: (tool) => toolEmbeddingText({ ...tool, description: '', inputSchema: {} }),
  },
]
