import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { format, resolveConfig } from 'prettier'
import type { TokenComparison } from './definition-tokens'
import type { Latency } from './latency'
import type { Quality, QualityReport } from './retrieval-metrics'

/** Markdown of the tool-search benchmark, and its section in BENCHMARKS.md. */

const BEGIN = '<!-- tool-search:begin (written by npm run bench -- tool-search) -->'
const END = '<!-- tool-search:end -->'

export interface QualityRow {
  label: string
  dev: QualityReport
  project: QualityReport
}

const f3 = (n: number): string => n.toFixed(3)
const ms = (n: number): string => (n < 10 ? n.toFixed(2) : n.toFixed(1))

function qualityCells(q: Quality): string {
  return `${f3(q.recallAt1)} | ${f3(q.recallAt5)} | **${f3(q.recallAt8)}** | ${f3(q.mrr)}`
}

export function qualityTable(rows: readonly QualityRow[]): string {
  const head =
    '| variant | dev R@1 | dev R@5 | dev R@8 | dev MRR | project R@1 | project R@5 | project R@8 | project MRR |\n' +
    '|---|---|---|---|---|---|---|---|---|'
  return [
    head,
    ...rows.map(
      (row) => `| ${row.label} | ${qualityCells(row.dev.all)} | ${qualityCells(row.project.all)} |`,
    ),
  ].join('\n')
}

export function byTypeTable(rows: readonly QualityRow[]): string {
  const types = ['paraphrase', 'keyword', 'hard'] as const
  const first = rows[0]
  const count = (report: QualityReport): string => types.map((t) => report.byType[t].queries).join('/')
  const head =
    `| variant | ${types.map((t) => `dev ${t} R@8`).join(' | ')} | ${types.map((t) => `project ${t} R@8`).join(' | ')} |\n` +
    `|---|${types.map(() => '---').join('|')}|${types.map(() => '---').join('|')}|`
  const lines = rows.map(
    (row) =>
      `| ${row.label} | ${types.map((t) => f3(row.dev.byType[t].recallAt8)).join(' | ')} | ` +
      `${types.map((t) => f3(row.project.byType[t].recallAt8)).join(' | ')} |`,
  )
  const note = first
    ? `\nQueries per type (paraphrase/keyword/hard): dev ${count(first.dev)}, project ${count(first.project)}.`
    : ''
  return [head, ...lines].join('\n') + note
}

export function latencyTable(rows: readonly Latency[]): string {
  return [
    '| tools | build | first pass p50 | first pass p99 | steady p50 | steady p99 |',
    '|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.tools}${r.variant ? ` (${r.variant})` : ''} | ${ms(r.buildMs)} ms | ${ms(r.firstPass.p50)} ms | ${ms(r.firstPass.p99)} ms | ` +
        `${ms(r.steady.p50)} ms | ${ms(r.steady.p99)} ms |`,
    ),
  ].join('\n')
}

export function tokenTable(t: TokenComparison): string {
  const n = (x: number): string => Math.round(x).toLocaleString('en-US')
  const catalog =
    t.catalogFormat === 'descriptions'
      ? 'names and descriptions'
      : `names only${t.catalogOmitted > 0 ? `, ${n(t.catalogOmitted)} omitted` : ''}; with descriptions it would be ${n(t.fullCatalog)}`
  return [
    '| | tokens per request |',
    '|---|---|',
    `| search off: every tool's definition | ${n(t.off)} |`,
    `| search on: \`mcp_tool_search\` with its catalog (${catalog}; budget ${n(t.catalogBudget)}) | ${n(t.searchTool)} |`,
    `| search on: + the 8 tools found, average over the dev queries | ${n(t.onAverage)} (max ${n(t.onMax)}) |`,
    `| saving | **${(t.saving * 100).toFixed(1)}%** |`,
  ].join('\n')
}

/**
 * Replaces the tool-search section of `path` (or appends it), leaving the rest of the file as it was, and
 * formats the file the way `prettier --check` (part of `npm test`) expects.
 */
export async function writeSection(path: string, markdown: string): Promise<void> {
  const section = `${BEGIN}\n${markdown.trim()}\n${END}`
  const current = existsSync(path) ? readFileSync(path, 'utf8') : '# Benchmarks\n'
  const start = current.indexOf(BEGIN)
  const end = current.indexOf(END)
  const next =
    start !== -1 && end > start
      ? current.slice(0, start) + section + current.slice(end + END.length)
      : `${current.trimEnd()}\n\n${section}\n`
  const options = (await resolveConfig(path)) ?? {}
  writeFileSync(path, await format(next, { ...options, parser: 'markdown' }))
}
