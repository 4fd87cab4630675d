// `npm run bench` runs every benchmark; `npm run bench -- <name> [args]` runs one, passing it the rest of
// the arguments. Each runs in its own Node process (through tsx, with the node flags its entry in
// bench/benchmark-table.ts asks for), so one's state and timing cannot leak into another's.
//
// Each benchmark prints its figures with the comparison and a PASS/MISS line per target, and rewrites its
// own section of BENCHMARKS.md (machine, Node version and date included; bench/benchmarks-md.ts), leaving
// the other sections as they were: `npm run bench` refreshes them all, `npm run bench -- <name>` only that
// one, and `--no-write` prints without writing. A MISS is reported, not a failure; a benchmark that crashes
// makes the exit code 1.
//
//   npm run bench                      all, with their default arguments
//   npm run bench -- stdio --calls 2000
//   npm run bench -- tool-search --no-write
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { BENCHMARKS, type BenchmarkEntry } from './benchmark-table'

function run(name: string, entry: BenchmarkEntry, args: readonly string[]): number {
  console.log(`\n=== bench ${name} ===`)
  const path = fileURLToPath(new URL(entry.file, import.meta.url))
  const nodeArgs = [...(entry.nodeArgs ?? []), '--import', 'tsx', path, ...args]
  const result = spawnSync(process.execPath, nodeArgs, { stdio: 'inherit' })
  if (result.error) throw result.error
  return result.status ?? 1
}

const [name, ...rest] = process.argv.slice(2)
if (name === undefined) {
  let failed = 0
  for (const [each, entry] of Object.entries(BENCHMARKS)) if (run(each, entry, []) !== 0) failed += 1
  process.exitCode = failed > 0 ? 1 : 0
} else {
  const entry = BENCHMARKS[name]
  if (entry === undefined) {
    console.error(`unknown benchmark "${name}"; known: ${Object.keys(BENCHMARKS).join(', ')}`)
    process.exitCode = 2
  } else {
    process.exitCode = run(name, entry, rest)
  }
}
