import { QUERY_TYPES, type LabelledQuery } from './toolbench-data'

/**
 * Retrieval quality as the toolbench README defines it: a query is found at k when any of its answers is
 * among the first k results (k up to 20); MRR uses the first answer's rank within the first 20 (0 when absent).
 */

export interface Quality {
  queries: number
  recallAt1: number
  recallAt5: number
  recallAt8: number
  recallAt20: number
  mrr: number
}

export interface QualityReport {
  all: Quality
  byType: Record<(typeof QUERY_TYPES)[number], Quality>
  /** Ids of the queries not found in the first 8, for reading. */
  missedAt8: string[]
  /** Ids of the queries not found in the first 20. */
  missedAt20: string[]
}

/** 1-based rank of the first answer in `ranked`, or undefined. */
export function firstAnswerRank(ranked: readonly string[], answers: ReadonlySet<string>): number | undefined {
  const index = ranked.findIndex((key) => answers.has(key))
  return index === -1 ? undefined : index + 1
}

function summarise(ranks: ReadonlyArray<number | undefined>): Quality {
  const n = ranks.length
  const within = (k: number): number =>
    n === 0 ? 0 : ranks.filter((r) => r !== undefined && r <= k).length / n
  const mrr = n === 0 ? 0 : ranks.reduce<number>((sum, r) => sum + (r === undefined ? 0 : 1 / r), 0) / n
  return {
    queries: n,
    recallAt1: within(1),
    recallAt5: within(5),
    recallAt8: within(8),
    recallAt20: within(20),
    mrr,
  }
}

export function evaluate(
  queries: readonly LabelledQuery[],
  rank: (query: string) => string[],
  answersOf: (query: LabelledQuery) => ReadonlySet<string>,
): QualityReport {
  const rows = queries.map((query) => {
    const ranked = rank(query.query).slice(0, 20)
    return { query, rank: firstAnswerRank(ranked, answersOf(query)) }
  })
  const byType = Object.fromEntries(
    QUERY_TYPES.map((type) => [
      type,
      summarise(rows.filter((row) => row.query.type === type).map((r) => r.rank)),
    ]),
  ) as QualityReport['byType']
  return {
    all: summarise(rows.map((row) => row.rank)),
    byType,
    missedAt8: rows.filter((row) => row.rank === undefined || row.rank > 8).map((row) => row.query.id),
    missedAt20: rows.filter((row) => row.rank === undefined).map((row) => row.query.id),
  }
}
