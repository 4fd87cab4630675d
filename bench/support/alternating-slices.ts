import { performance } from 'node:perf_hooks'

/** One contender's run of `count` operations inside one slice. */
export interface SliceSample {
  count: number
  elapsedMs: number
  /** CPU time of this (the measuring) process during the slice, in microseconds. */
  cpuMicros: number
}

/**
 * Runs `total` operations per contender in slices of `slice` that alternate between the contenders, so a
 * burst of other load on a noisy machine lands on all of them; slice k starts with contender k mod n, so
 * none always runs right after another. Returns each contender's samples, index-aligned across contenders
 * (sample i of each ran side by side, for paired ratios).
 */
export async function alternateSlices<C>(
  contenders: readonly C[],
  total: number,
  slice: number,
  run: (contender: C, count: number) => Promise<void>,
): Promise<SliceSample[][]> {
  if (!Number.isSafeInteger(slice) || slice <= 0)
    throw new Error(`slice must be a positive integer: ${slice}`)
  const samples: SliceSample[][] = contenders.map(() => [])
  for (let done = 0, k = 0; done < total; done += slice, k += 1) {
    const count = Math.min(slice, total - done)
    for (let turn = 0; turn < contenders.length; turn += 1) {
      const index = (k + turn) % contenders.length
      const started = performance.now()
      const cpu = process.cpuUsage()
      await run(contenders[index]!, count)
      const elapsedMs = performance.now() - started
      const used = process.cpuUsage(cpu)
      samples[index]!.push({ count, elapsedMs, cpuMicros: used.user + used.system })
    }
  }
  return samples
}

/** Operations per second over all samples (total count over total time). */
export function overallRate(samples: readonly SliceSample[]): number {
  const count = samples.reduce((sum, s) => sum + s.count, 0)
  const ms = samples.reduce((sum, s) => sum + s.elapsedMs, 0)
  return count / (ms / 1000)
}

/** Operations per second of each sample. */
export function sliceRates(samples: readonly SliceSample[]): number[] {
  return samples.map((s) => s.count / (s.elapsedMs / 1000))
}

export function cpuMicrosPerOperation(samples: readonly SliceSample[]): number {
  const count = samples.reduce((sum, s) => sum + s.count, 0)
  return samples.reduce((sum, s) => sum + s.cpuMicros, 0) / count
}
