import { setTimeout as sleep } from 'node:timers/promises'
import { summarize, type Summary } from '../support/stats'

export interface HeapFigures {
  heapUsed: Summary
  heapTotal: Summary
  external: Summary
  rss: Summary
}

/**
 * `readings` samples of process.memoryUsage(), each after a pause (so pending callbacks and finalizers run)
 * and two full collections (the second collects what the first one's finalizers released).
 */
export async function settledHeap(readings: number): Promise<HeapFigures> {
  const collect = globalThis.gc
  if (!collect)
    throw new Error('gc() is not exposed: run node with --expose-gc (npm run bench -- memory does)')
  const samples: NodeJS.MemoryUsage[] = []
  for (let i = 0; i < readings; i += 1) {
    await sleep(100)
    collect()
    collect()
    samples.push(process.memoryUsage())
  }
  const of = (key: keyof NodeJS.MemoryUsage): Summary => summarize(samples.map((sample) => sample[key]))
  return { heapUsed: of('heapUsed'), heapTotal: of('heapTotal'), external: of('external'), rss: of('rss') }
}

export const MB = 1e6

export function formatMB(bytes: number): string {
  return `${(bytes / MB).toFixed(1)} MB`
}
