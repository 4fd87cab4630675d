// Retrieval quality is a correctness property of the tool search, so it is guarded here (timings live in
// `npm run bench -- tool-search`, never in tests). Recall@8 on the shared toolbench dev queries and on the
// project's own labelled queries must not fall below what the benchmark measured for the defaults.
import { describe, expect, it } from 'vitest'
import { ToolSearchIndex } from '../../../../../src/main/core/tools/search/tool-search-index'
import { evaluate } from '../../../../../bench/tool-search/retrieval-metrics'
import {
  answerKeys,
  loadCatalog,
  loadQueries,
  toSearchableTools,
} from '../../../../../bench/tool-search/toolbench-data'

/** Measured by the benchmark for the defaults (dev 0.787, project 0.871), rounded down. */
const FLOORS = { dev: 0.78, project: 0.87 } as const

describe('tool search quality on the toolbench catalog', () => {
  const byServer = toSearchableTools(loadCatalog())
  const index = new ToolSearchIndex()
  for (const [serverId, tools] of byServer) index.setServerTools(serverId, tools)

  it.each(Object.entries(FLOORS))('recall@8 on the %s queries stays at or above %s', (set, floor) => {
    const queries = loadQueries(set as keyof typeof FLOORS)
    const report = evaluate(
      queries,
      (query) => index.search(query, 20).map((hit) => hit.key),
      (query) => answerKeys(query, byServer),
    )
    expect(report.all.recallAt8, `missed at 8: ${report.missedAt8.join(', ')}`).toBeGreaterThanOrEqual(floor)
  })

  it('labels every project query with answers that exist in the catalog', () => {
    const queries = loadQueries('project')
    expect(queries.length).toBeGreaterThanOrEqual(40)
    for (const query of queries) expect(answerKeys(query, byServer).size).toBe(query.answers.length)
  })
})
