import type { TargetCheck } from '../benchmarks-md'
import { formatMs, summarize, type Summary } from '../support/stats'
import type { Intervals } from './sampling-runs'

export const TARGET_P99_MS = 2

const ROWS: Array<{ key: keyof Intervals; label: string }> = [
  { key: 'toRequest', label: 'createMessage arrives → provider request leaves' },
  { key: 'relay', label: "first token's bytes reach the client → host stream event / first text-delta" },
  { key: 'tokenToAnswer', label: "first token's bytes reach the client → result at the server / stream end" },
  { key: 'total', label: 'createMessage arrives → result at the server / stream end' },
]

export type IntervalSummaries = Record<keyof Intervals, Summary>

export function summarizeIntervals(runs: readonly Intervals[]): IntervalSummaries {
  const of = (key: keyof Intervals): Summary => summarize(runs.map((run) => run[key]))
  return {
    toRequest: of('toRequest'),
    relay: of('relay'),
    tokenToAnswer: of('tokenToAnswer'),
    total: of('total'),
  }
}

const spread = (s: Summary): string => `${formatMs(s.median)} (${formatMs(s.p25)}–${formatMs(s.p75)})`
const signedMs = (ms: number): string => `${ms < 0 ? '−' : '+'}${formatMs(Math.abs(ms))}`

export function samplingTable(host: IntervalSummaries, direct: IntervalSummaries): string {
  return [
    '| interval | host: median (p25–p75) | host p99 | direct: median (p25–p75) | direct p99 | host − direct: median | p99 |',
    '|---|---|---|---|---|---|---|',
    ...ROWS.map(({ key, label }) => {
      const h = host[key]
      const d = direct[key]
      return (
        `| ${label} | ${spread(h)} | **${formatMs(h.p99)}** | ${spread(d)} | ${formatMs(d.p99)} | ` +
        `${signedMs(h.median - d.median)} | ${signedMs(h.p99 - d.p99)} |`
      )
    }),
  ].join('\n')
}

export function samplingTargets(host: IntervalSummaries, direct: IntervalSummaries): TargetCheck[] {
  const leave = host.toRequest
  return [
    {
      target: `createMessage arrives → provider request leaves, p99 < ${TARGET_P99_MS} ms`,
      measured:
        `p99 ${formatMs(leave.p99)}, p50 ${formatMs(leave.median)} (the ai-sdk call alone: p99 ` +
        `${formatMs(direct.toRequest.p99)}, p50 ${formatMs(direct.toRequest.median)})`,
      met: leave.p99 < TARGET_P99_MS,
    },
  ]
}
