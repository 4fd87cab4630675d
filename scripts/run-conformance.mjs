#!/usr/bin/env node
// `npm run test:conformance`: the official MCP conformance suite (@modelcontextprotocol/conformance) against
// MCP Desk's own core (test/conformance/conformance-client.ts). Every client scenario of the core and
// backcompat suites runs, one at a time: the suite's own parallel mode starts ~20 clients at once, and on a
// 2-core machine that alone makes the sse-retry timing check late. Known failures, each with its reason, are
// in test/conformance/expected-failures.yml; a failure not listed there, or a listed one that now passes,
// fails the run. Prints one line per scenario and a closing `conformance: N passed, N failed`.
import { spawnSync } from 'node:child_process'
import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'

const bin = (name) => join('node_modules', '.bin', name)
const outputDir = join('test-results', 'conformance')
rmSync(outputDir, { recursive: true, force: true })
mkdirSync(outputDir, { recursive: true })

const listed = spawnSync(bin('conformance'), ['list'], { encoding: 'utf8' })
if (listed.status !== 0) {
  console.error(listed.stderr)
  process.exit(1)
}
// The client section only: the list goes on with authorization-server scenarios, which test an AS.
const clientPart = (listed.stdout.split('Client scenarios')[1] ?? '').split(/^\S.*scenarios/m)[0] ?? ''
// `- name [versions]`: dated spec versions are the core and backcompat suites; draft and extension are not.
const scenarios = [...clientPart.matchAll(/^\s*- (\S+) \[([^\]]*)\]/gm)]
  .filter(([, , versions]) =>
    versions.split(',').some((version) => /^\d{4}-\d{2}-\d{2}$/.test(version.trim())),
  )
  .map(([, name]) => name)
const only = process.argv.slice(2)
const selected = only.length > 0 ? scenarios.filter((name) => only.includes(name)) : scenarios

let passed = 0
let failed = 0
for (const scenario of selected) {
  const result = spawnSync(
    bin('conformance'),
    [
      'client',
      '--command',
      `${bin('tsx')} test/conformance/conformance-client.ts`,
      '--scenario',
      scenario,
      '--expected-failures',
      'test/conformance/expected-failures.yml',
      '-o',
      outputDir,
    ],
    { encoding: 'utf8' },
  )
  const ok = result.status === 0
  if (ok) passed += 1
  else failed += 1
  const verdict = /Expected failures \(in baseline\)/.test(result.stdout)
    ? 'expected failure'
    : ok
      ? 'passed'
      : 'FAILED'
  console.log(`${ok ? '✔' : '✘'} ${scenario}: ${verdict}`)
  if (!ok)
    console.log(
      result.stdout
        .split('\n')
        .filter((line) => /FAILURE|WARNING|stale|Unexpected/i.test(line))
        .join('\n'),
    )
}
console.log(`conformance: ${passed} passed, ${failed} failed (results in ${outputDir})`)
process.exitCode = failed === 0 && selected.length > 0 ? 0 : 1
