// `npm run bench -- sampling`: what the host adds to a sampling request. An in-process MCP server sends
// sampling/createMessage to the real sampling engine (policy allow: gates, validation, rate limit, budget,
// model choice, the streamed run, audit entry) and the mock OpenAI provider on loopback answers with one
// token. In the same run, alternating in slices, the baseline makes the same one-token call directly
// through the same ai-sdk model, without the host; the difference is the host's overhead.
//
// The MRTR path (2026-07-28) alternates in the same slices: a tool call whose server answers
// `input_required` with a createMessage, fulfilled and retried by the host (its connection, DeskClient, the
// sampling engine) against a bare SDK v2 Client doing the same rounds with streamText (sampling/mrtr-runs.ts).
//
//   npm run bench -- sampling [--requests 1000] [--slices 20] [--no-write]
//
// Timestamps are performance.now() in this one process: the server's send of the createMessage (the SDK's
// in-memory transport delivers it to the host synchronously, so this is its arrival at the host and no pipe
// is measured), the ai-sdk client calling fetch (the provider request leaving), the response bytes carrying
// the token reaching the ai-sdk client's reader, the host's stream event (the card's live text), and the
// result back at the server; on the MRTR path, the tools/call sent, its `input_required` result and its
// retry crossing the in-memory link (synchronous too), and the tool result back at the caller.
import { parseArgs } from 'node:util'
import { recordBenchmark } from './benchmarks-md'
import { alternateSlices } from './support/alternating-slices'
import {
  bareMrtrRequest,
  hostMrtrRequest,
  mrtrIntervalsOf,
  startBareMrtrClient,
  type BareMrtrClient,
} from './sampling/mrtr-runs'
import { startSamplingBenchHost } from './sampling/sampling-bench-host'
import {
  comparisonTable,
  MRTR_ROWS,
  mrtrTargets,
  SAMPLING_ROWS,
  samplingTargets,
  summarizeIntervals,
} from './sampling/sampling-report'
import { directRequest, hostRequest, intervalsOf, TOKEN_MARKER } from './sampling/sampling-runs'
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
let bare: BareMrtrClient | undefined
/** One contender: its request, reduced to the intervals it reports, and the recorded runs. */
interface Path<I> {
  label: string
  request: () => Promise<I>
  runs: I[]
}
const path = <I>(label: string, request: () => Promise<I>): Path<I> => ({ label, request, runs: [] })
const sampling = {
  host: path('host', async () => intervalsOf(await hostRequest(host, probe))),
  direct: path('direct', async () => intervalsOf(await directRequest(host, probe))),
}
const mrtr = {
  host: path('host MRTR', async () => mrtrIntervalsOf(await hostMrtrRequest(host, probe))),
  bare: path('bare MRTR', async () => mrtrIntervalsOf(await bareMrtrRequest(host, bare!, probe))),
}
// All four alternate in the same slices, so a burst of other load lands on each pair's both sides.
const paths: Array<Path<unknown>> = [sampling.host, sampling.direct, mrtr.host, mrtr.bare]
try {
  bare = await startBareMrtrClient(host.directModel, probe)
  // Warm-up (JIT, keep-alive connection, the audit file), not recorded.
  for (const each of paths) for (let i = 0; i < Math.ceil(requests / 10); i += 1) await each.request()
  await alternateSlices(paths, requests, Math.max(1, Math.ceil(requests / slices)), async (each, count) => {
    for (let i = 0; i < count; i += 1) each.runs.push(await each.request())
  })
} finally {
  await bare?.close()
  await host.close()
}

const hostRuns = summarizeIntervals(SAMPLING_ROWS, sampling.host.runs)
const directRuns = summarizeIntervals(SAMPLING_ROWS, sampling.direct.runs)
const mrtrHostRuns = summarizeIntervals(MRTR_ROWS, mrtr.host.runs)
const bareRuns = summarizeIntervals(MRTR_ROWS, mrtr.bare.runs)
const body = `${comparisonTable(SAMPLING_ROWS, hostRuns, directRuns, 'direct')}

${requests.toLocaleString('en-US')} requests per path, one at a time, in ${slices} slices alternating between four paths
(host and direct here, host and bare in the MRTR table below; plus 10% warm-up first). Host: an in-process
MCP server (SDK McpServer) sends \`sampling/createMessage\` to the real sampling engine and connection manager
(policy allow); the SDK's in-memory transport hands the message to the host synchronously, so the host is
measured, not a pipe. Direct: \`streamText\` on the same ai-sdk model (same provider configuration and fetch),
as a program without the host would call it. Provider: test/fixtures/mock-openai on 127.0.0.1, answering
every request with a one-token stream. "Provider request leaves" is the ai-sdk client calling fetch; "first
token's bytes reach the client" is the first response chunk carrying the token passing into the ai-sdk's SSE
reader (both stamped by a pass-through fetch all paths use). All stamps are performance.now() in one process.

### MRTR path (2026-07-28)

${comparisonTable(MRTR_ROWS, mrtrHostRuns, bareRuns, 'bare')}

The same run and slices: a tool call whose server asks for its completion the 2026-07-28 way (SEP-2322,
multi-round-trip requests). An in-process server answers \`summarize\` with \`input_required\` carrying one
\`sampling/createMessage\` and a requestState, and answers the retry that brings the completion
in \`inputResponses\` with the summary. It is the SDK's \`serveStdio\` given the in-memory transport as its
own, so it answers the \`server/discover\` probe and pins the 2026-07-28 era as it would on a pipe; both
clients negotiate \`auto\` and are checked to have settled on 2026-07-28, and every call to have gone through
an \`input_required\` result and a retry. Host: the host connection's \`callTool\` (the CLI's call; chat wraps
it in callToolOnce), DeskClient's rounds, the sampling engine (policy allow). Bare: an SDK v2 \`Client\` with
its own auto-fulfilment and a \`sampling/createMessage\` handler that calls \`streamText\` on the same ai-sdk
model, against its own instance of the same server. "Reaches the client / server" is the in-memory send,
which hands the message over synchronously. The last row, which the target reads, leaves out the provider's
part: both paths share that mock, and its rare loopback stall (tens of ms, on either side) would otherwise
decide the p99s.`

await recordBenchmark(
  {
    name: 'sampling',
    title: 'Sampling host overhead',
    body,
    targets: [...samplingTargets(hostRuns, directRuns), ...mrtrTargets(mrtrHostRuns, bareRuns)],
  },
  { write: !values['no-write'] },
)
