import type { TargetCheck } from '../benchmarks-md'
import {
  cpuMicrosPerOperation,
  overallRate,
  sliceRates,
  type SliceSample,
} from '../support/alternating-slices'
import {
  formatCount,
  formatRatio,
  formatSpread,
  pairedRatios,
  ratio,
  summarize,
  type Summary,
} from '../support/stats'
import type { EchoLoad } from './echo-load'

export interface ContenderFigures {
  label: string
  /** Round trips per second over all slices. */
  rate: number
  megabytesPerSecond: number
  perSlice: Summary
  cpuMicrosPerRoundTrip: number
}

export interface Comparison {
  overall: number
  /** Ratios of the slices that ran side by side. */
  paired: Summary
}

export interface LoadFigures {
  load: EchoLoad
  calls: number
  slice: number
  ours: ContenderFigures
  sdk: ContenderFigures
  raw: ContenderFigures
  oursVsSdk: Comparison
  oursVsRaw: Comparison
}

function figures(label: string, load: EchoLoad, samples: readonly SliceSample[]): ContenderFigures {
  const rate = overallRate(samples)
  return {
    label,
    rate,
    megabytesPerSecond: (rate * load.bytesPerRoundTrip) / 1e6,
    perSlice: summarize(sliceRates(samples)),
    cpuMicrosPerRoundTrip: cpuMicrosPerOperation(samples),
  }
}

function compare(a: ContenderFigures, b: ContenderFigures, sa: SliceSample[], sb: SliceSample[]): Comparison {
  return { overall: ratio(a.rate, b.rate), paired: summarize(pairedRatios(sliceRates(sa), sliceRates(sb))) }
}

/** Samples in the order ours, SDK, raw pipe (as alternateSlices returns them for that contender order). */
export function loadFigures(
  load: EchoLoad,
  calls: number,
  slice: number,
  labels: readonly string[],
  samples: SliceSample[][],
): LoadFigures {
  const [sOurs, sSdk, sRaw] = samples as [SliceSample[], SliceSample[], SliceSample[]]
  const ours = figures(labels[0]!, load, sOurs)
  const sdk = figures(labels[1]!, load, sSdk)
  const raw = figures(labels[2]!, load, sRaw)
  return {
    load,
    calls,
    slice,
    ours,
    sdk,
    raw,
    oursVsSdk: compare(ours, sdk, sOurs, sSdk),
    oursVsRaw: compare(ours, raw, sOurs, sRaw),
  }
}

const cpuTime = (micros: number): string =>
  micros < 1000 ? `${micros.toFixed(1)} µs` : `${(micros / 1000).toFixed(2)} ms`
const mb = (value: number): string => (value < 10 ? value.toFixed(2) : value.toFixed(1))
const describeLoad = (load: EchoLoad): string =>
  `${load.label} (${load.bytes >= 1024 ? `${load.bytes / 1024} KiB` : `${load.bytes} B`})`

export function stdioTables(results: readonly LoadFigures[]): string {
  const rows = results.flatMap((r) =>
    [r.ours, r.sdk, r.raw].map(
      (c) =>
        `| ${describeLoad(r.load)} | ${c.label} | ${formatCount(c.rate)} | ${mb(c.megabytesPerSecond)} | ` +
        `${formatSpread(c.perSlice, formatCount)} | ${cpuTime(c.cpuMicrosPerRoundTrip)} |`,
    ),
  )
  const ratios = results.map(
    (r) =>
      `| ${describeLoad(r.load)} | ${formatRatio(r.oursVsSdk.overall)} | ` +
      `**${formatSpread(r.oursVsSdk.paired, formatRatio)}** | ${formatRatio(r.oursVsRaw.overall)} | ` +
      `${formatSpread(r.oursVsRaw.paired, formatRatio)} |`,
  )
  return [
    '| message | contender | round trips/s | MB/s | per slice: median (p25–p75) | client CPU / round trip |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
    '| message | ours / SDK: overall | paired slices: median (p25–p75) | ours / raw pipe: overall | paired slices |',
    '|---|---|---|---|---|',
    ...ratios,
  ].join('\n')
}

export function stdioTargets(results: readonly LoadFigures[]): TargetCheck[] {
  return results.map((r) => ({
    target: `${describeLoad(r.load)}: ours ≥ 1.0× the SDK's round trips/s`,
    measured:
      `${formatSpread(r.oursVsSdk.paired, formatRatio)} over paired slices; overall ` +
      `${formatRatio(r.oursVsSdk.overall)} (${formatCount(r.ours.rate)} vs ${formatCount(r.sdk.rate)} round trips/s)`,
    // The median of side-by-side slices: a few slices stalled by other work on the machine move the overall
    // rates a lot and this hardly at all.
    met: r.oursVsSdk.paired.median >= 1,
  }))
}

export function describeRun(results: readonly LoadFigures[]): string {
  return results
    .map(
      (r) =>
        `${describeLoad(r.load)}: ${formatCount(r.calls)} round trips per contender in slices of ${r.slice}`,
    )
    .join('; ')
}
