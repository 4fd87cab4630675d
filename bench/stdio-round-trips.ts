// `npm run bench`: round trips per second of MCP Desk's ObservingStdioTransport against the SDK's
// StdioClientTransport, each driving an SDK Client against the same echo server: the same number of
// sequential tools/call round trips for both, after a warm-up.
//
// Both transports cost a few microseconds per message against tens of microseconds of pipe and process
// scheduling, so on a busy 2-core machine the noise dwarfs the difference unless the two are measured
// side by side: the calls run in short slices that alternate between the transports, so a burst of other
// load lands on both. Reported: each transport's rate over all its slices and the ratio (target ≥ 1.0).
//
//   npm run bench -- [--calls 10000] [--slice 100] [--warmup 1000] [--server raw|fixture] [--strict]
//
// --server raw (default) is the raw JSON-RPC echo of test/fixtures/misbehaving, which costs little so the
// transports' own cost shows; --server fixture is the SDK-based fixture server. --strict exits 1 when the
// ratio is below 1.0.
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { ObservingStdioTransport } from '../src/main/core/mcp/stdio/stdio-transport'
import { misbehavingServer } from '../test/fixtures/misbehaving/misbehaving-command'
import { spawnCommandFor } from '../test/support/spawn-command'

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    calls: { type: 'string', default: '10000' },
    slice: { type: 'string', default: '100' },
    warmup: { type: 'string', default: '1000' },
    server: { type: 'string', default: 'raw' },
    strict: { type: 'boolean', default: false },
  },
  strict: true,
})

function positiveInteger(name: string, text: string): number {
  const value = Number(text)
  if (!Number.isSafeInteger(value) || value <= 0)
    throw new Error(`--${name} must be a positive integer, got "${text}"`)
  return value
}

const calls = positiveInteger('calls', values.calls)
const slice = Math.min(positiveInteger('slice', values.slice), calls)
const warmup = positiveInteger('warmup', values.warmup)
if (values.server !== 'raw' && values.server !== 'fixture') {
  throw new Error(`--server must be raw or fixture, got "${values.server}"`)
}
const server = values.server === 'raw' ? misbehavingServer() : spawnCommandFor('fixture')

interface Contender {
  label: string
  client: Client
  calls: number
  elapsedMs: number
  /** CPU time of this (the client) process spent on the contender's slices, in microseconds. */
  cpuMicros: number
}

async function connect(label: string, transport: Transport): Promise<Contender> {
  const client = new Client({ name: 'stdio-bench', version: '1.0.0' })
  await client.connect(transport)
  return { label, client, calls: 0, elapsedMs: 0, cpuMicros: 0 }
}

async function roundTrips(client: Client, count: number): Promise<void> {
  for (let call = 0; call < count; call += 1) {
    const result = await client.callTool({ name: 'echo', arguments: { text: `call ${call}` } })
    if (result.isError) throw new Error(`echo failed on call ${call}`)
  }
}

async function measure(contender: Contender, count: number): Promise<void> {
  const started = performance.now()
  const cpu = process.cpuUsage()
  await roundTrips(contender.client, count)
  contender.elapsedMs += performance.now() - started
  const used = process.cpuUsage(cpu)
  contender.cpuMicros += used.user + used.system
  contender.calls += count
}

const rateOf = (contender: Contender): number => contender.calls / (contender.elapsedMs / 1000)

const sdkStderr = new StdioClientTransport({ ...server, env: getDefaultEnvironment(), stderr: 'pipe' })
// Read like ours reads it, so neither side can block on a full stderr pipe.
sdkStderr.stderr?.on('data', () => {})
const ours = await connect(
  'ObservingStdioTransport (MCP Desk)',
  new ObservingStdioTransport({ ...server, env: {}, maxMessageBytes: 32 * 1024 * 1024 }),
)
const sdk = await connect('StdioClientTransport (SDK)', sdkStderr)

try {
  await roundTrips(ours.client, warmup)
  await roundTrips(sdk.client, warmup)
  for (let slices = 0; ours.calls < calls; slices += 1) {
    const count = Math.min(slice, calls - ours.calls)
    // Alternate who goes first so neither always runs right after the other.
    const order = slices % 2 === 0 ? [ours, sdk] : [sdk, ours]
    for (const contender of order) await measure(contender, count)
  }
} finally {
  await Promise.all([ours.client.close(), sdk.client.close()])
}

const ratio = rateOf(ours) / rateOf(sdk)
const format = (rate: number): string => `${Math.round(rate).toLocaleString('en-US')} round-trips/s`
console.log(
  `stdio transport benchmark: ${values.server} echo server, ${calls} sequential tools/call per transport ` +
    `in alternating slices of ${slice}, after ${warmup} warm-up calls, node ${process.version}`,
)
for (const contender of [ours, sdk]) {
  const cpuPerCall = (contender.cpuMicros / contender.calls).toFixed(1)
  console.log(
    `  ${contender.label.padEnd(36)} ${format(rateOf(contender)).padStart(22)}   client CPU ${cpuPerCall} µs/round trip`,
  )
}
console.log(
  `  ratio (MCP Desk / SDK): ${ratio.toFixed(3)}  (target >= 1.0: ${ratio >= 1 ? 'met' : 'NOT met'})`,
)
if (values.strict && ratio < 1) process.exitCode = 1
