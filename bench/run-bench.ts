// `npm run bench` runs every benchmark; `npm run bench -- <name> [args]` runs one, passing it the rest of
// the arguments. Each runs in its own Node process (through tsx), so one's state and timing cannot leak
// into another's.
//
//   npm run bench                      all, with their default arguments
//   npm run bench -- stdio --calls 2000
//   npm run bench -- tool-search --no-write
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const BENCHMARKS: Record<string, string> = {
  stdio: 'stdio-round-trips.ts',
  'tool-search': 'tool-search.ts',
}

function run(name: string, file: string, args: readonly string[]): number {
  console.log(`\n=== bench ${name} ===`)
  const path = fileURLToPath(new URL(file, import.meta.url))
  const result = spawnSync(process.execPath, ['--import', 'tsx', path, ...args], { stdio: 'inherit' })
  if (result.error) throw result.error
  return result.status ?? 1
}

const [name, ...rest] = process.argv.slice(2)
if (name === undefined) {
  let failed = 0
  for (const [each, file] of Object.entries(BENCHMARKS)) if (run(each, file, []) !== 0) failed += 1
  process.exitCode = failed > 0 ? 1 : 0
} else {
  const file = BENCHMARKS[name]
  if (file === undefined) {
    console.error(`unknown benchmark "${name}"; known: ${Object.keys(BENCHMARKS).join(', ')}`)
    process.exitCode = 2
  } else {
    process.exitCode = run(name, file, rest)
  }
}
