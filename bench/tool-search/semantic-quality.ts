import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { BundledEmbeddingSource } from '../../src/main/core/tools/semantic/bundled-embedding-source'
import { queryEmbeddingText, toolEmbeddingText } from '../../src/main/core/tools/semantic/embedding-text'
import { fuseRankings, type FusionOptions } from '../../src/main/core/tools/semantic/fuse-rankings'
import type { SearchableTool } from '../../src/main/core/tools/search/tool-search-index'

/**
 * The semantic half of the tool-search bench: vectors of the catalog's tools and of the queries, and the
 * fused ranking built from them exactly as the runtime builds it (one vector per tool, one per query,
 * ToolSearchIndex.rank fused with the cosines of every tool through fuseRankings).
 */

/** Texts in, one unit-length vector per text out: the only thing the bench needs of a model. */
export type Embed = (texts: readonly string[]) => Promise<Float32Array[]>

const BATCH = 16

/**
 * The app's own source: the bundled model in its worker thread (BundledEmbeddingSource), as the semantic
 * layer uses it. `loadMs` is the first request's time: the worker starting and the model loading.
 */
export async function workerEmbed(): Promise<{ embed: Embed; loadMs: number; dispose(): void }> {
  const source = new BundledEmbeddingSource()
  const started = performance.now()
  await source.embed(['load the model'], { urgent: true })
  const loadMs = performance.now() - started
  const embed: Embed = async (texts) => {
    const out: Float32Array[] = []
    for (let i = 0; i < texts.length; i += BATCH) {
      out.push(...(await source.embed(texts.slice(i, i + BATCH), { urgent: false })))
    }
    return out
  }
  return { embed, loadMs, dispose: () => source.dispose() }
}

/**
 * Vectors kept on disk outside the repository (under the OS temp directory), keyed by text, so iterating
 * on fusion does not pay for embedding the catalog again. Only texts missing from the cache are embedded.
 */
export function cachedEmbed(embed: Embed, directory: string): Embed {
  mkdirSync(directory, { recursive: true })
  const file = (text: string): string =>
    join(directory, createHash('sha256').update(text).digest('hex').slice(0, 40) + '.f32')
  return async (texts) => {
    const out: Array<Float32Array | undefined> = texts.map((text) => {
      try {
        const bytes = readFileSync(file(text))
        return new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4).slice()
      } catch {
        return undefined
      }
    })
    const missing = texts.flatMap((text, i) => (out[i] === undefined ? [i] : []))
    if (missing.length > 0) {
      const vectors = await embed(missing.map((i) => texts[i] ?? ''))
      missing.forEach((i, j) => {
        const vector = vectors[j]
        if (!vector) throw new Error('the embedding source returned fewer vectors than texts')
        out[i] = vector
        writeFileSync(file(texts[i] ?? ''), Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength))
      })
    }
    return out.map((vector) => vector ?? new Float32Array())
  }
}

export function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0
  for (let i = 0; i < a.length; i++) sum += (a[i] ?? 0) * (b[i] ?? 0)
  return sum
}

/** Every tool's vector (keyed by tool key) and the time it took, embedding the texts the runtime embeds. */
export async function embedTools(
  embed: Embed,
  tools: readonly SearchableTool[],
  textOf: (tool: SearchableTool) => string = toolEmbeddingText,
): Promise<{ vectors: Map<string, Float32Array>; ms: number; averageChars: number }> {
  const texts = tools.map(textOf)
  const started = performance.now()
  const vectors = await embed(texts)
  const ms = performance.now() - started
  const averageChars = texts.reduce((sum, text) => sum + text.length, 0) / Math.max(1, texts.length)
  return {
    vectors: new Map(tools.map((tool, i) => [tool.key, vectors[i] ?? new Float32Array()])),
    ms,
    averageChars,
  }
}

/** Each query's vector, embedding the query text the runtime embeds. */
export async function embedQueries(
  embed: Embed,
  queries: readonly string[],
  textOf: (query: string) => string = queryEmbeddingText,
): Promise<Map<string, Float32Array>> {
  const unique = [...new Set(queries)]
  const vectors = await embed(unique.map(textOf))
  return new Map(unique.map((query, i) => [query, vectors[i] ?? new Float32Array()]))
}

/** The cosine of a query with every tool that has a vector. */
export function cosinesOf(
  query: Float32Array,
  tools: ReadonlyMap<string, Float32Array>,
): Map<string, number> {
  const cosines = new Map<string, number>()
  for (const [key, vector] of tools) cosines.set(key, dot(query, vector))
  return cosines
}

/** A ranker of the quality table from a lexical ranking and the vectors, fused as the runtime fuses. */
export function fusedRanker(
  lexical: (query: string) => ReadonlyArray<readonly [string, number]>,
  queryVectors: ReadonlyMap<string, Float32Array>,
  toolVectors: ReadonlyMap<string, Float32Array>,
  options?: FusionOptions,
): (query: string) => string[] {
  return (query) => {
    const vector = queryVectors.get(query)
    if (!vector) throw new Error(`no vector for the query "${query}"`)
    return fuseRankings(lexical(query), cosinesOf(vector, toolVectors), options)
      .slice(0, 20)
      .map(([key]) => key)
  }
}
