/**
 * Every benchmark `npm run bench` runs, in this order: its file (relative to bench/) and the node flags its
 * process needs. BENCHMARKS.md keeps its sections in the same order (bench/benchmarks-md.ts).
 */
export interface BenchmarkEntry {
  file: string
  nodeArgs?: readonly string[]
}

export const BENCHMARKS: Readonly<Record<string, BenchmarkEntry>> = {
  stdio: { file: 'stdio-round-trips.ts' },
  sampling: { file: 'sampling-overhead.ts' },
  'tool-search': { file: 'tool-search.ts' },
  startup: { file: 'startup.ts' },
  // Chromium against the built app in web mode (it builds the app first; --no-build skips that).
  renderer: { file: 'renderer-transcript.ts' },
  // heapUsed is only comparable after a full collection, which needs gc() exposed.
  memory: { file: 'memory.ts', nodeArgs: ['--expose-gc'] },
}
