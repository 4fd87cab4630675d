// `npm run bench -- tool-search`: retrieval quality, latency and definition tokens of the MCP tool search
// (src/main/core/tools/search) on the toolbench (shared/toolbench: 879 real tool definitions, 80 labelled
// dev queries) and the project's own labelled queries (test/fixtures/tool-search/project-queries.json).
//
//   npm run bench -- tool-search [--no-write] [--sides]
//
// Reports, in one run: recall@1/@5/@8 and MRR (first answer within 20) for plain Orama BM25 on name +
// description (the reference, ≈0.512 recall@8 on dev) and for each step of the technique ladder
// (bench/tool-search/variants.ts), per query type for plain and ours; build time and query p50/p99 at the
// real catalog and at synthetic 1k and 10k catalogs; tokens of tool definitions per request with search on
// and off; PASS/MISS against issue 8's targets. Writes the "Tool search" section of BENCHMARKS.md (through
// bench/benchmarks-md.ts) unless --no-write. --sides adds single-change variants of the final configuration.
import { parseArgs } from 'node:util'
import { ToolSearchIndex, type SearchableTool } from '../src/main/core/tools/search/tool-search-index'
import { recordBenchmark } from './benchmarks-md'
import { compareDefinitionTokens } from './tool-search/definition-tokens'
import { measureLatency } from './tool-search/latency'
import { PlainBm25 } from './tool-search/plain-bm25'
import {
  byTypeTable,
  latencyTable,
  qualityTable,
  tokenTable,
  toolSearchTargets,
  type QualityRow,
} from './tool-search/report'
import { evaluate } from './tool-search/retrieval-metrics'
import { syntheticCatalog } from './tool-search/synthetic-catalog'
import {
  answerKeys,
  loadCatalog,
  loadQueries,
  toSearchableTools,
  type LabelledQuery,
} from './tool-search/toolbench-data'
import { SIDE_VARIANTS, VARIANTS } from './tool-search/variants'

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: { 'no-write': { type: 'boolean', default: false }, sides: { type: 'boolean', default: false } },
  strict: true,
})

const byServer = toSearchableTools(loadCatalog())
const tools: SearchableTool[] = [...byServer.values()].flat()
const sets = { dev: loadQueries('dev'), project: loadQueries('project') }
const answersOf = (query: LabelledQuery): Set<string> => answerKeys(query, byServer)

function rowFor(label: string, rank: (query: string) => string[]): QualityRow {
  return { label, dev: evaluate(sets.dev, rank, answersOf), project: evaluate(sets.project, rank, answersOf) }
}

const plain = new PlainBm25(tools)
const rows: QualityRow[] = [rowFor('plain Orama BM25, name + description', (q) => plain.search(q, 20))]
let ours: ToolSearchIndex | undefined
for (const variant of [...VARIANTS, ...(values.sides ? SIDE_VARIANTS : [])]) {
  const index = new ToolSearchIndex(variant.options)
  for (const [serverId, serverTools] of byServer) index.setServerTools(serverId, serverTools)
  rows.push(rowFor(variant.label, (q) => index.search(q, 20).map((hit) => hit.key)))
  if (variant === VARIANTS[VARIANTS.length - 1]) ours = index
}
if (!ours) throw new Error('the variant ladder is empty')
const oursIndex = ours
const oursRow = rows[VARIANTS.length]
const plainRow = rows[0]

const allQueries = [...sets.dev, ...sets.project].map((query) => query.query)
// A throwaway run first, so the first measured catalog does not also pay for compiling the code paths.
measureLatency(syntheticCatalog(tools, 300, 7), allQueries, 1)
const catalogs = [tools, syntheticCatalog(tools, 1000), syntheticCatalog(tools, 10_000)]
// The same catalogs without feedback, measured in the same run: what the second pass costs.
const noFeedback = { label: 'no feedback', options: { feedback: { weight: 0 } } }
const latencies = catalogs.flatMap((catalog) => [
  measureLatency(catalog, allQueries),
  measureLatency(catalog, allQueries, 5, noFeedback),
])

const byKey = new Map(tools.map((tool) => [tool.key, tool]))
const loaded = sets.dev.map((query) =>
  oursIndex.search(query.query, 8).flatMap((hit) => {
    const tool = byKey.get(hit.key)
    return tool ? [tool] : []
  }),
)
const tokens = compareDefinitionTokens(tools, loaded)

const missed = (label: string, row: QualityRow | undefined): string =>
  row
    ? `${label}: dev ${row.dev.missedAt8.join(', ') || 'none'}; project ${row.project.missedAt8.join(', ') || 'none'}`
    : ''

const body = `Data: shared/toolbench (${tools.length} real tool definitions from ${byServer.size} MCP servers; ${sets.dev.length} dev queries) and
the project's own ${sets.project.length} labelled queries (test/fixtures/tool-search/project-queries.json, tuned on; dev only checked).
A query is found at k when any of its answers is among the first k results; MRR uses the first answer within 20.

### Quality: each step adds one technique to the row above

${qualityTable(rows)}

### Recall@8 per query type

${byTypeTable([plainRow, oursRow].filter((row): row is QualityRow => row !== undefined))}

Missed at 8 by ours — ${missed('ids', oursRow)}.

### Latency (ours; queries = dev + project, limit 8)

${latencyTable(latencies)}

Synthetic catalogs copy the real tools onto more servers, deterministically varying names and two words of each
description (bench/tool-search/synthetic-catalog.ts). Build time includes opening WordNet's index files. First pass:
each query once on a freshly built index; steady: five more passes (the index caches the scores of terms that many
tools use until the catalog changes).

### Tool-definition tokens per request

${tokenTable(tokens)}

Measured with the app's code (bench/tool-search/definition-tokens.ts): each MCP tool as the model receives it
(\`describeToolForModel\`, \`estimateDefinitionTokens\`: characters / 4 of {type, function: {name, description,
parameters}}), and \`mcp_tool_search\` as \`createToolSearchTool\` builds it around \`buildCatalog\`'s catalog.
The catalog budget assumes a usable window of ${tokens.usableWindow.toLocaleString('en-US')} tokens (128 000 less 4 096
for the answer) and an empty conversation: 10% of the window, at most 20 000 tokens.
`

await recordBenchmark(
  {
    name: 'tool-search',
    title: 'Tool search',
    body,
    targets: toolSearchTargets({ plain: plainRow, ours: oursRow, latencies, tokens }),
  },
  { write: !values['no-write'] },
)
