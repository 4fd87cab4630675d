// `npm run bench -- sampling`: what the host adds to a sampling request. An in-process MCP server sends
// sampling/createMessage to the real sampling engine (policy allow: gates, validation, rate limit, budget,
// model choice, the streamed run, audit entry) and the mock OpenAI provider on loopback answers with one
// token. In the same run, alternating in slices, the baseline makes the same one-token call directly
// through the same ai-sdk model, without the host; the difference is the host's overhead.
//
//   npm run bench -- sampling [--requests 1000] [--slices 20] [--no-write]
//
// Timestamps are performance.now() in this one process: the server's send of the createMessage (the SDK's
// in-memory transport delivers it to the host synchronously, so this is its arrival at the host and no pipe
// is measured), the ai-sdk client calling fetch (the provider request leaving), the response bytes carrying
// the token reaching the ai-sdk client's reader, the host's stream event (the card's live text), and the
// result back at the server.
import { parseArgs } from 'node:util'
import { recordBenchmark } from './benchmarks-md'
import { alternateSlices } from './support/alternating-slices'
import { startSamplingBenchHost } from './sampling/sampling-bench-host'
import { samplingTable, samplingTargets, summarizeIntervals } from './sampling/sampling-report'
import {
  directRequest,
  hostRequest,
  intervalsOf,
  TOKEN_MARKER,
  type CompleteTimes,
  type Intervals,
} from './sampling/sampling-runs'
import { TimingProbe } from './sampling/timing-probe'

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    requests: { type: 'string', default: '1000' },
    slices: { type: 'string', default: '20' },
    'no-write': { type: 'boolean', default: false },
  },
  strict: true,
})
const requests = Number(values.requests)
const slices = Number(values.slices)
if (!Number.isSafeInteger(requests) || requests <= 0 || !Number.isSafeInteger(slices) || slices <= 0) {
  throw new Error('--requests and --slices must be positive integers')
}

const probe = new TimingProbe()
const host = await startSamplingBenchHost(probe, TOKEN_MARKER)
type Path = { label: string; request: () => Promise<CompleteTimes>; runs: Intervals[] }
const paths: Path[] = [
  { label: 'host', request: () => hostRequest(host, probe), runs: [] },
  { label: 'direct', request: () => directRequest(host, probe), runs: [] },
]
try {
  // Warm-up (JIT, keep-alive connection, the audit file), not recorded.
  for (const path of paths) for (let i = 0; i < Math.ceil(requests / 10); i += 1) await path.request()
  await alternateSlices(paths, requests, Math.max(1, Math.ceil(requests / slices)), async (path, count) => {
    for (let i = 0; i < count; i += 1) path.runs.push(intervalsOf(await path.request()))
  })
} finally {
  await host.close()
}

const [hostRuns, directRuns] = [summarizeIntervals(paths[0]!.runs), summarizeIntervals(paths[1]!.runs)]
const body = `${samplingTable(hostRuns, directRuns)}

${requests.toLocaleString('en-US')} requests per path, one at a time, in ${slices} slices alternating between the host and the direct
call (plus 10% warm-up first). Host: an in-process MCP server (SDK McpServer) sends \`sampling/createMessage\`
to the real sampling engine and connection manager (policy allow); the SDK's in-memory transport hands the
message to the host synchronously, so the host is measured, not a pipe. Direct: \`streamText\` on the same
ai-sdk model (same provider configuration and fetch), as a program without the host would call it. Provider:
test/fixtures/mock-openai on 127.0.0.1, answering every request with a one-token stream. "Provider request
leaves" is the ai-sdk client calling fetch; "first token's bytes reach the client" is the first response
chunk carrying the token passing into the ai-sdk's SSE reader (both stamped by a pass-through fetch both
paths use). All stamps are performance.now() in one process.`

await recordBenchmark(
  {
    name: 'sampling',
    title: 'Sampling host overhead',
    body,
    targets: samplingTargets(hostRuns, directRuns),
  },
  { write: !values['no-write'] },
)
