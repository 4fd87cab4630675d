/** Order statistics and number formatting shared by the benchmarks. */

export interface Summary {
  count: number
  min: number
  p25: number
  median: number
  p75: number
  p99: number
  max: number
  mean: number
}

/**
 * The p-th percentile (0–100) of values, interpolating linearly between the two nearest ranks, so the
 * median of an even count is the mean of the middle two.
 */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) throw new Error('percentile of no values')
  if (!(p >= 0 && p <= 100)) throw new Error(`percentile must be within 0–100, got ${p}`)
  const sorted = [...values].sort((a, b) => a - b)
  const rank = (p / 100) * (sorted.length - 1)
  const below = Math.floor(rank)
  const above = Math.ceil(rank)
  const low = sorted[below]!
  return low + (sorted[above]! - low) * (rank - below)
}

export function summarize(values: readonly number[]): Summary {
  if (values.length === 0) throw new Error('summary of no values')
  return {
    count: values.length,
    min: Math.min(...values),
    p25: percentile(values, 25),
    median: percentile(values, 50),
    p75: percentile(values, 75),
    p99: percentile(values, 99),
    max: Math.max(...values),
    mean: values.reduce((sum, value) => sum + value, 0) / values.length,
  }
}

/** a / b, refusing a zero or non-finite denominator rather than printing Infinity as a result. */
export function ratio(a: number, b: number): number {
  if (!Number.isFinite(a) || !Number.isFinite(b) || b === 0) {
    throw new Error(`cannot take the ratio ${a} / ${b}`)
  }
  return a / b
}

/** Element-wise a[i] / b[i] of two equally long series (paired slices measured side by side). */
export function pairedRatios(a: readonly number[], b: readonly number[]): number[] {
  if (a.length !== b.length) throw new Error(`paired series differ in length: ${a.length} vs ${b.length}`)
  return a.map((value, i) => ratio(value, b[i]!))
}

/** Milliseconds with precision that fits their size: 0.042, 1.35, 27.4, 1250. */
export function formatMs(ms: number): string {
  const size = Math.abs(ms)
  const digits = size < 1 ? 3 : size < 10 ? 2 : size < 100 ? 1 : 0
  return `${ms.toFixed(digits)} ms`
}

export function formatCount(value: number): string {
  return Math.round(value).toLocaleString('en-US')
}

/** `1.02×` */
export function formatRatio(value: number): string {
  return `${value.toFixed(2)}×`
}

/** `median (p25–p75)` in the unit the formatter gives. */
export function formatSpread(summary: Summary, format: (value: number) => string): string {
  return `${format(summary.median)} (${format(summary.p25)}–${format(summary.p75)})`
}
