#!/usr/bin/env node
// `npm test`: typecheck + lint + format check + every vitest project (core, renderer, e2e) + the official MCP
// conformance client suite (scripts/run-conformance.mjs, one check), then one closing line
// `summary: N passed, N failed` counting each test and each whole-project check. Every step runs even when
// an earlier one fails, so one red run shows everything that is wrong.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'

const resultsDir = 'test-results'
const vitestJson = join(resultsDir, 'vitest.json')
mkdirSync(resultsDir, { recursive: true })
rmSync(vitestJson, { force: true })

function run(label, command, args) {
  console.log(`\n▶ ${label}: ${command} ${args.join(' ')}`)
  const result = spawnSync(command, args, { stdio: 'inherit', shell: false })
  const ok = result.status === 0
  console.log(
    `${ok ? '✔' : '✘'} ${label} ${ok ? 'passed' : `failed (exit ${result.status ?? result.signal})`}`,
  )
  return ok
}

const bin = (name) => join('node_modules', '.bin', name)
const checks = [
  ['typecheck (node side)', bin('tsc'), ['-p', 'tsconfig.node.json', '--noEmit']],
  ['typecheck (web side)', bin('tsc'), ['-p', 'tsconfig.web.json', '--noEmit']],
  ['lint', bin('eslint'), ['--max-warnings', '0', '.']],
  ['format', bin('prettier'), ['--check', '--log-level', 'warn', '.']],
]
let passed = 0
let failed = 0
for (const [label, command, args] of checks) {
  if (run(label, command, args)) passed += 1
  else failed += 1
}

const vitestOk = run('tests', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
])
if (existsSync(vitestJson)) {
  const report = JSON.parse(readFileSync(vitestJson, 'utf8'))
  passed += report.numPassedTests
  failed += report.numFailedTests
  // A file that fails to load has no tests to count but must still fail the run.
  if (!vitestOk && report.numFailedTests === 0) failed += 1
  console.log(
    `\ntests: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests + report.numTodoTests} skipped (${report.numTotalTestSuites} suites)`,
  )
} else {
  failed += 1
  console.log('\ntests: vitest wrote no report')
}
if (run('conformance (official MCP client suite)', process.execPath, ['scripts/run-conformance.mjs']))
  passed += 1
else failed += 1
console.log(`summary: ${passed} passed, ${failed} failed`)
process.exitCode = failed === 0 ? 0 : 1
