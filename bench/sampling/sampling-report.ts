import type { TargetCheck } from '../benchmarks-md'
import { formatMs, summarize, type Summary } from '../support/stats'
import type { MrtrIntervals } from './mrtr-runs'
import type { Intervals } from './sampling-runs'

export const TARGET_P99_MS = 2

/** One table row: an interval of the runs and what it is called. */
export interface IntervalRow<K extends string> {
  key: K
  label: string
}

export const SAMPLING_ROWS: ReadonlyArray<IntervalRow<keyof Intervals>> = [
  { key: 'toRequest', label: 'createMessage arrives → provider request leaves' },
  { key: 'relay', label: "first token's bytes reach the client → host stream event / first text-delta" },
  { key: 'tokenToAnswer', label: "first token's bytes reach the client → result at the server / stream end" },
  { key: 'total', label: 'createMessage arrives → result at the server / stream end' },
]

export const MRTR_ROWS: ReadonlyArray<IntervalRow<keyof MrtrIntervals>> = [
  { key: 'toInput', label: 'tools/call sent → `input_required` reaches the client' },
  { key: 'toRequest', label: '`input_required` reaches the client → provider request leaves' },
  { key: 'tokenToRetry', label: "first token's bytes reach the client → retry reaches the server" },
  { key: 'retryToResult', label: 'retry reaches the server → tool result at the caller' },
  { key: 'total', label: 'tools/call sent → tool result at the caller' },
  { key: 'outsideProvider', label: "the same, less provider request leaves → first token's bytes" },
]

export type IntervalSummaries<K extends string> = Record<K, Summary>

export function summarizeIntervals<K extends string>(
  rows: ReadonlyArray<IntervalRow<K>>,
  runs: ReadonlyArray<Record<K, number>>,
): IntervalSummaries<K> {
  const entries = rows.map(({ key }) => [key, summarize(runs.map((run) => run[key]))] as const)
  return Object.fromEntries(entries) as IntervalSummaries<K>
}

const spread = (s: Summary): string => `${formatMs(s.median)} (${formatMs(s.p25)}–${formatMs(s.p75)})`
const signedMs = (ms: number): string => `${ms < 0 ? '−' : '+'}${formatMs(Math.abs(ms))}`

/** The host's figures per interval beside the baseline's (`other`, e.g. "direct"), and their difference. */
export function comparisonTable<K extends string>(
  rows: ReadonlyArray<IntervalRow<K>>,
  host: IntervalSummaries<K>,
  baseline: IntervalSummaries<K>,
  other: string,
): string {
  return [
    `| interval | host: median (p25–p75) | host p99 | ${other}: median (p25–p75) | ${other} p99 | ` +
      `host − ${other}: median | p99 |`,
    '|---|---|---|---|---|---|---|',
    ...rows.map(({ key, label }) => {
      const h = host[key]
      const d = baseline[key]
      return (
        `| ${label} | ${spread(h)} | **${formatMs(h.p99)}** | ${spread(d)} | ${formatMs(d.p99)} | ` +
        `${signedMs(h.median - d.median)} | ${signedMs(h.p99 - d.p99)} |`
      )
    }),
  ].join('\n')
}

export function samplingTargets(
  host: IntervalSummaries<keyof Intervals>,
  direct: IntervalSummaries<keyof Intervals>,
): TargetCheck[] {
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

/**
 * The MRTR path's promise is relative, the host against a bare v2 client running the same rounds, and is
 * taken outside the provider's part: both sides share that mock, and its occasional loopback stall (tens of
 * ms, either side) would otherwise decide the difference of p99s. 2 ms is the 2025 path's budget for the
 * host's work before the model runs; here it covers all of the host's work in a round (the call, the engine
 * before and after the model, the retry), still under 1% of a real provider's first token.
 */
export function mrtrTargets(
  host: IntervalSummaries<keyof MrtrIntervals>,
  bare: IntervalSummaries<keyof MrtrIntervals>,
): TargetCheck[] {
  const h = host.outsideProvider
  const b = bare.outsideProvider
  return [
    {
      target: `MRTR tools/call → result less the provider's part, host p99 < bare p99 + ${TARGET_P99_MS} ms`,
      measured:
        `host p99 ${formatMs(h.p99)}, bare ${formatMs(b.p99)}: ${signedMs(h.p99 - b.p99)} (medians ` +
        `${formatMs(h.median)}, ${formatMs(b.median)}: ${signedMs(h.median - b.median)})`,
      met: h.p99 - b.p99 < TARGET_P99_MS,
    },
  ]
}
