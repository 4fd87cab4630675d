// `npm run bench -- renderer`: how smoothly the window renders a long conversation, in real Chromium
// (playwright-core on Debian's Chromium, as the e2e suite runs it) against the built web mode.
//
//   npm run bench -- renderer [--runs 3] [--messages 2000] [--tokens 1000] [--rate 200] [--json FILE]
//                             [--no-build] [--no-screenshots] [--no-write]
//
// It builds the app first (`electron-vite build`, as the e2e suite does; --no-build uses out/ as it is),
// so the page is the current production renderer bundle, served by `mcp-desk web`. Each run starts a fresh
// profile, app and browser and measures: opening a 2,000-message transcript (written with the app's
// TranscriptStore), streaming 1,000 tokens at 200 tokens/s from the mock OpenAI provider into it, and the
// same stream into an empty conversation; and two controls: the page idle (the machine's own noise) and a
// blank page receiving the bytes of the open answer (the open's floor). Reported per scenario: the longest
// frame, total blocking time and frames over 50 ms, median and min–max over the runs, with PASS/MISS
// against the target of no frame over 50 ms in any run. How frames are measured:
// bench/renderer/frame-probe.ts. Writes the "Renderer" section of BENCHMARKS.md unless --no-write, prints
// the structured result (bench/renderer/result.ts) as one `RESULT {...}` line and writes it to --json when
// given. The first run saves screenshots of the opened transcript in test-results/screenshots.
import { writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { recordBenchmark } from './benchmarks-md'
import { markdownBody, targetChecks } from './renderer/report'
import { runRendererBenchmark } from './renderer/run-renderer-bench'

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    runs: { type: 'string', default: '3' },
    messages: { type: 'string', default: '2000' },
    tokens: { type: 'string', default: '1000' },
    rate: { type: 'string', default: '200' },
    json: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
    'no-screenshots': { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
  },
  strict: true,
})

function positiveInteger(name: string, text: string): number {
  const value = Number(text)
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new Error(`--${name} must be a positive integer, got "${text}"`)
  }
  return value
}

const result = await runRendererBenchmark({
  runs: positiveInteger('runs', values.runs),
  messages: positiveInteger('messages', values.messages),
  streamTokens: positiveInteger('tokens', values.tokens),
  tokensPerSecond: positiveInteger('rate', values.rate),
  build: !values['no-build'],
  ...(values['no-screenshots']
    ? {}
    : { screenshotDir: resolve(import.meta.dirname, '../test-results/screenshots') }),
  log: (line) => console.log(line),
})

await recordBenchmark(
  { name: 'renderer', title: 'Renderer', body: markdownBody(result), targets: targetChecks(result) },
  { write: !values['no-write'] },
)
console.log(`\nRESULT ${JSON.stringify(result)}`)
if (values.json) writeFileSync(values.json, `${JSON.stringify(result, null, 2)}\n`)
