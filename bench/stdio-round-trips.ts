// `npm run bench -- stdio`: round trips/s and MB/s of MCP Desk's ObservingStdioTransport against the SDK's
// StdioClientTransport and a raw newline-JSON pipe, all three talking to the same echo child, for small
// (200 B) and large (512 KiB) messages: sequential echo tools/call round trips, after a warm-up.
//
// The transports cost a few microseconds per message against tens of microseconds of pipe and process
// scheduling, so on a busy 2-core machine the noise dwarfs the difference unless the contenders run side by
// side: the calls run in short slices that alternate between them, so a burst of other load lands on all
// three. Reported: each contender's rate over all its slices, MB/s (request and reply lines), the median and
// p25–p75 of its per-slice rates, and the ratios, overall and over the paired slices. The target (≥ 1.0× the
// SDK) is judged on the median of the paired-slice ratios, which a few stalled slices cannot move.
//
//   npm run bench -- stdio [--calls 10000] [--large-calls 300] [--slices 50] [--server raw|fixture]
//                          [--strict] [--no-write]
//
// --calls / --large-calls: round trips per contender for small / large messages (plus 10% warm-up), cut
// into --slices slices. --server raw (default) is the raw JSON-RPC echo of test/fixtures/misbehaving, which
// costs little so the transports' own cost shows; fixture is the SDK-based fixture server. --strict exits 1
// when a target is missed; --no-write prints without updating BENCHMARKS.md.
import { parseArgs } from 'node:util'
import { misbehavingServer } from '../test/fixtures/misbehaving/misbehaving-command'
import { spawnCommandFor } from '../test/support/spawn-command'
import { recordBenchmark } from './benchmarks-md'
import { alternateSlices } from './support/alternating-slices'
import { OWN_SESSION_NOTE } from './support/own-session'
import { ourTransport, rawPipe, sdkTransport, type StdioContender } from './stdio/contenders'
import { checkEcho, echoLoad, echoRequest, type EchoLoad } from './stdio/echo-load'
import { describeRun, loadFigures, stdioTables, stdioTargets, type LoadFigures } from './stdio/stdio-report'

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    calls: { type: 'string', default: '10000' },
    'large-calls': { type: 'string', default: '300' },
    slices: { type: 'string', default: '50' },
    server: { type: 'string', default: 'raw' },
    strict: { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
  },
  strict: true,
})

function positiveInteger(name: string, text: string): number {
  const value = Number(text)
  if (!Number.isSafeInteger(value) || value <= 0)
    throw new Error(`--${name} must be a positive integer, got "${text}"`)
  return value
}

const slices = positiveInteger('slices', values.slices)
const loads: Array<{ load: EchoLoad; calls: number }> = [
  { load: echoLoad('small', 200), calls: positiveInteger('calls', values.calls) },
  { load: echoLoad('large', 512 * 1024), calls: positiveInteger('large-calls', values['large-calls']) },
]
if (values.server !== 'raw' && values.server !== 'fixture') {
  throw new Error(`--server must be raw or fixture, got "${values.server}"`)
}
const child = values.server === 'raw' ? misbehavingServer() : spawnCommandFor('fixture')

let nextId = 1
async function roundTrips(contender: StdioContender, load: EchoLoad, count: number): Promise<void> {
  for (let call = 0; call < count; call += 1) {
    checkEcho(await contender.roundTrip(echoRequest(nextId++, load.text)), load.text.length)
  }
}

const contenders = [await ourTransport(child), await sdkTransport(child), await rawPipe(child)]
const results: LoadFigures[] = []
try {
  if (values.server === 'fixture') {
    // The SDK server wants the handshake before tools/call; the raw echo does not care.
    for (const contender of contenders) await initialize(contender)
  }
  for (const { load, calls } of loads) {
    const slice = Math.max(1, Math.ceil(calls / slices))
    for (const contender of contenders) await roundTrips(contender, load, Math.ceil(calls / 10))
    const samples = await alternateSlices(contenders, calls, slice, (contender, count) =>
      roundTrips(contender, load, count),
    )
    results.push(
      loadFigures(
        load,
        calls,
        slice,
        contenders.map((c) => c.label),
        samples,
      ),
    )
  }
} finally {
  await Promise.all(contenders.map((contender) => contender.close()))
}

async function initialize(contender: StdioContender): Promise<void> {
  await contender.roundTrip({
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
  })
}

const body = `${stdioTables(results)}

Echo server: ${values.server === 'raw' ? 'the raw JSON-RPC echo of test/fixtures/misbehaving (no SDK)' : 'the SDK-based fixture server'}, one child per contender.
${describeRun(results)}, alternating between the contenders (plus 10% warm-up first).
Each contender is driven directly (send a tools/call, wait for its reply; no SDK Client on top), and every
reply is checked. MB/s counts the request and the reply line. Ratios: overall is rate over rate; paired
slices is the ratio of each pair of slices that ran side by side, whose median the target is judged on
(a few slices stalled by other work on the machine move the overall rates, not that median). Client CPU is this process's CPU time per round
trip. The raw pipe is the floor: \`JSON.stringify\` + newline out, split on newlines and \`JSON.parse\` in,
with none of a transport's validation (the SDK's and ours check every message against the JSON-RPC schema),
size cap or process handling. ${OWN_SESSION_NOTE}`

await recordBenchmark(
  { name: 'stdio', title: 'Stdio transport', body, targets: stdioTargets(results) },
  { write: !values['no-write'] },
)
if (values.strict && results.some((r) => r.oursVsSdk.paired.median < 1)) process.exitCode = 1
