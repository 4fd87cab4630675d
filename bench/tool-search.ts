// `npm run bench -- tool-search`: retrieval quality, latency and definition tokens of the MCP tool search
// (src/main/core/tools/search and tools/semantic) on the toolbench (shared/toolbench: 879 real tool
// definitions, 80 labelled dev queries), the project's own labelled queries
// (test/fixtures/tool-search/project-queries.json) and a held-out set (held-out-queries.json beside it).
//
//   npm run bench -- tool-search [--no-write] [--sides] [--cache-vectors]
//
// Reports, in one run: recall@1/@5/@8/@20 and MRR (first answer within 20) for plain Orama BM25 on name +
// description (issue 8's reference, ≈0.512 recall@8 on dev), for each step of the lexical technique ladder
// (bench/tool-search/variants.ts) and for the fused ranking (the lexical ranking fused with the bundled
// USE-lite model's cosines, bench/tool-search/semantic-quality.ts) and the fusion alternatives it was chosen
// over; per query type for plain, ours and fused; build time and query p50/p99 at the real catalog and at
// synthetic 1k and 10k catalogs; tokens of tool definitions per request with search on and off; PASS/MISS
// against issues 8 and 23's targets. Writes the "Tool search" section of BENCHMARKS.md (through
// bench/benchmarks-md.ts) unless --no-write. --sides adds single-change variants of the final lexical
// configuration and other texts of a tool for the embedding. --cache-vectors keeps vectors in the OS temp
// directory keyed by text, for iterating (the embedding time it reports is then not a measurement).
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { ToolSearchIndex, type SearchableTool } from '../src/main/core/tools/search/tool-search-index'
import { recordBenchmark } from './benchmarks-md'
import { compareDefinitionTokens } from './tool-search/definition-tokens'
import { measureLatency } from './tool-search/latency'
import { PlainBm25 } from './tool-search/plain-bm25'
import { FUSION_VARIANTS, TEXT_VARIANTS } from './tool-search/fusion-variants'
import {
  alternativesTable,
  byTypeTable,
  latencyTable,
  qualityTable,
  rankingTable,
  semanticRuntimeTable,
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
import {
  cachedEmbed,
  cosinesOf,
  embedQueries,
  embedTools,
  fusedRanker,
  workerEmbed,
} from './tool-search/semantic-quality'
import { measureSemanticRuntime } from './tool-search/semantic-runtime'
import { DEFAULT_FUSION_OPTIONS } from '../src/main/core/tools/semantic/fuse-rankings'

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    'no-write': { type: 'boolean', default: false },
    sides: { type: 'boolean', default: false },
    'cache-vectors': { type: 'boolean', default: false },
  },
  strict: true,
})

const byServer = toSearchableTools(loadCatalog())
const tools: SearchableTool[] = [...byServer.values()].flat()
const sets = { dev: loadQueries('dev'), project: loadQueries('project'), heldOut: loadQueries('held-out') }
const answersOf = (query: LabelledQuery): Set<string> => answerKeys(query, byServer)

function rowFor(label: string, rank: (query: string) => string[]): QualityRow {
  return {
    label,
    dev: evaluate(sets.dev, rank, answersOf),
    project: evaluate(sets.project, rank, answersOf),
    heldOut: evaluate(sets.heldOut, rank, answersOf),
  }
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

// The semantic layer: the catalog's tools and every labelled query embedded once (the texts the runtime
// embeds), then each fused ranking built from the lexical ranking and the cosines of all tools.
// The layer as the app runs it first, while this process holds little else (its memory figures are RSS):
// background embedding through the worker, the disk cache, fused searches at 1k and 10k tools.
const runtimeQueries = [...sets.dev, ...sets.project].map((query) => query.query)
const runtime = await measureSemanticRuntime(
  tools,
  [syntheticCatalog(tools, 1000), syntheticCatalog(tools, 10_000)],
  runtimeQueries,
)
const model = await workerEmbed()
const embed = values['cache-vectors']
  ? cachedEmbed(model.embed, join(tmpdir(), 'mcp-desk-bench-vectors'))
  : model.embed
const embedded = await embedTools(embed, tools)
const labelled = [...sets.dev, ...sets.project, ...sets.heldOut].map((query) => query.query)
const queryVectors = await embedQueries(embed, labelled)
const noFeedbackIndex = new ToolSearchIndex({ feedback: { weight: 0 } })
for (const [serverId, serverTools] of byServer) noFeedbackIndex.setServerTools(serverId, serverTools)
const lexical = memo((query: string) => oursIndex.rank(query))
const lexicalNoFeedback = memo((query: string) => noFeedbackIndex.rank(query))
const fusedLabel = `fused: ours + USE-lite cosine (weight ${DEFAULT_FUSION_OPTIONS.semanticWeight}) = fused`
const fusedRow = rowFor(fusedLabel, fusedRanker(lexical, queryVectors, embedded.vectors))
const alternatives = FUSION_VARIANTS.map((variant) => {
  const cosines = memo((query: string) => cosinesOf(vectorOf(query), embedded.vectors))
  const lexicalOf = variant.noFeedback ? lexicalNoFeedback : lexical
  return rowFor(variant.label, (query) => variant.fuse(lexicalOf(query), cosines(query)))
})
for (const variant of values.sides ? TEXT_VARIANTS : []) {
  const other = await embedTools(embed, tools, variant.text)
  const row = rowFor(variant.label, fusedRanker(lexical, queryVectors, other.vectors))
  alternatives.push({ ...row, label: `${row.label} (${other.averageChars.toFixed(0)} characters)` })
}

function vectorOf(query: string): Float32Array {
  const vector = queryVectors.get(query)
  if (!vector) throw new Error(`no vector for the query "${query}"`)
  return vector
}

function memo<T>(compute: (query: string) => T): (query: string) => T {
  const cache = new Map<string, T>()
  return (query) => {
    const known = cache.get(query)
    if (known !== undefined) return known
    const value = compute(query)
    cache.set(query, value)
    return value
  }
}

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

model.dispose()

const byKey = new Map(tools.map((tool) => [tool.key, tool]))
const loaded = sets.dev.map((query) =>
  oursIndex.search(query.query, 8).flatMap((hit) => {
    const tool = byKey.get(hit.key)
    return tool ? [tool] : []
  }),
)
const tokens = compareDefinitionTokens(tools, loaded)

const missed = (label: string, row: QualityRow | undefined, at: 'missedAt8' | 'missedAt20'): string =>
  row
    ? `${label}: dev ${row.dev[at].join(', ') || 'none'}; project ${row.project[at].join(', ') || 'none'}; ` +
      `held-out ${row.heldOut[at].join(', ') || 'none'}`
    : ''
if (!plainRow || !oursRow) throw new Error('the quality rows of plain BM25 and ours are missing')
const compared: QualityRow[] = [
  { ...plainRow, label: 'plain BM25 (Orama, name + description)' },
  { ...oursRow, label: 'ours: lexical (ToolSearchIndex defaults)' },
  { ...fusedRow, label: 'fused (ours + semantic)' },
]
const seconds = (ms: number): string => (ms / 1000).toFixed(1)

const body = `Data: shared/toolbench (${tools.length} real tool definitions from ${byServer.size} MCP servers; ${sets.dev.length} dev queries),
the project's own ${sets.project.length} labelled queries (test/fixtures/tool-search/project-queries.json) and ${sets.heldOut.length} held-out
queries (held-out-queries.json beside it: written for issue 23 on tools no other set uses, looked at but not tuned on).
The lexical ladder was tuned on the project queries, the fusion on dev + project. A query is found at k when any of
its answers is among the first k results; MRR uses the first answer within 20.

### Quality: plain BM25, today's lexical ranking (ours) and the fused ranking

${rankingTable(compared)}

Fused: \`ToolSearchIndex.rank\` (default options) fused with the cosine of the query's vector with every tool's
vector by \`fuseRankings\` (src/main/core/tools/semantic/fuse-rankings.ts: lexical score divided by the query's top
lexical score + ${DEFAULT_FUSION_OPTIONS.semanticWeight} × the cosine min-max scaled over all tools). Vectors: the bundled USE-lite model
(@energetic-ai/embeddings, 512 dimensions) of \`toolEmbeddingText\` (split name, title, description cut at 600
characters, up to 16 parameter names; ${embedded.averageChars.toFixed(0)} characters on average) and of \`queryEmbeddingText\` of the query.
Through the app's worker (BundledEmbeddingSource), batches of 16: model load ${seconds(model.loadMs)} s, ${tools.length} tools embedded in ${seconds(embedded.ms)} s${values['cache-vectors'] ? ' (vector cache on: not a measurement)' : ''}.

Missed at 20 by fused — ${missed('ids', fusedRow, 'missedAt20')}.

### Fusion: the chosen configuration against the alternatives

${alternativesTable(alternatives)}

### Quality: each step adds one technique to the row above

${qualityTable([...rows, fusedRow])}

### Recall@8 per query type

${byTypeTable(compared)}

Missed at 8 by ours — ${missed('ids', oursRow, 'missedAt8')}.

Missed at 8 by fused — ${missed('ids', fusedRow, 'missedAt8')}.

### Latency (ours; queries = dev + project, limit 8)

${latencyTable(latencies)}

Synthetic catalogs copy the real tools onto more servers, deterministically varying names and two words of each
description (bench/tool-search/synthetic-catalog.ts). Build time includes opening WordNet's index files. First pass:
each query once on a freshly built index; steady: five more passes (the index caches the scores of terms that many
tools use until the catalog changes).

### The semantic layer at run time

${semanticRuntimeTable(runtime)}

Measured through the app's code (bench/tool-search/semantic-runtime.ts): \`createSemanticLayer\` and \`LiveToolIndex\` with the
bundled model in its worker thread and a fresh cache folder. Cold: from the tools' arrival until every tool has its
vector and a query can be embedded; the main thread's stalls meanwhile are the event loop's delay (5 ms resolution).
Warm: a new layer reading the same tools' vectors from the cache, then loading the model for queries. Query
latency: \`LiveToolIndex.search\` (limit 8) for each dev + project query once (a query's vector is remembered, so
repeats would time the memo), embedding included; the synthetic catalogs' tools reuse their originals' vectors
through the cache. Memory is this process's RSS (the worker thread's model is part of it).

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
    targets: toolSearchTargets({
      plain: plainRow,
      ours: oursRow,
      fused: fusedRow,
      latencies,
      tokens,
      runtime,
    }),
  },
  { write: !values['no-write'] },
)
