import {
  ToolSearchIndex,
  type SearchableTool,
  type ToolSearchIndexOptions,
} from '../../src/main/core/tools/search/tool-search-index'
import { byServer } from './synthetic-catalog'

/**
 * Build time and query latency of the index at one catalog size. "First pass" times each query once on a
 * freshly built index (the index caches the scores of terms many tools use, so this is what queries see
 * right after servers connect or change); "steady" times further passes over the same queries.
 */
export interface Latency {
  tools: number
  /** What differs from the defaults, when something does. */
  variant?: string
  buildMs: number
  firstPass: { p50: number; p99: number }
  steady: { p50: number; p99: number }
}

function percentile(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) return 0
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0
}

function summarise(times: number[]): { p50: number; p99: number } {
  const sorted = [...times].sort((a, b) => a - b)
  return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) }
}

export function measureLatency(
  tools: readonly SearchableTool[],
  queries: readonly string[],
  passes = 5,
  variant?: { label: string; options: ToolSearchIndexOptions },
): Latency {
  const started = performance.now()
  const index = new ToolSearchIndex(variant?.options)
  for (const [serverId, serverTools] of byServer(tools)) index.setServerTools(serverId, serverTools)
  const buildMs = performance.now() - started
  const timeAll = (): number[] =>
    queries.map((query) => {
      const start = performance.now()
      index.search(query, 8)
      return performance.now() - start
    })
  const firstPass = summarise(timeAll())
  const steady: number[] = []
  for (let pass = 0; pass < passes; pass += 1) steady.push(...timeAll())
  return {
    tools: tools.length,
    ...(variant ? { variant: variant.label } : {}),
    buildMs,
    firstPass,
    steady: summarise(steady),
  }
}
