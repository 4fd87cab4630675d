// `npm run bench -- startup`: 20 stdio fixture servers connected in parallel through the ConnectionManager
// (spawn, initialize, tools/list for each, all at once) against one of them connected alone. The servers
// are 20 copies of the same SDK-based fixture server, so every solo start is a sample of "the slowest single
// server alone"; the comparison is the median of the parallel runs against the median solo start (target:
// within 150 ms). In the same run, the same 20 servers connected in parallel with bare SDK clients (one
// Client + StdioClientTransport each, no host) show what the machine itself allows: 20 Node processes
// starting on few cores share them, so the parallel start cannot be faster than the CPU they need together.
//
//   npm run bench -- startup [--servers 20] [--rounds 3] [--solos 5] [--server fixture|raw] [--no-write]
//
// Each round runs --solos solo starts, the host's parallel start and the SDK's, the last two in alternating
// order. --server raw uses the raw JSON-RPC server of test/fixtures/misbehaving (no SDK: a lighter start).
import { cpus } from 'node:os'
import { parseArgs } from 'node:util'
import { misbehavingServer } from '../test/fixtures/misbehaving/misbehaving-command'
import { spawnCommandFor } from '../test/support/spawn-command'
import { recordBenchmark } from './benchmarks-md'
import { OWN_SESSION_NOTE } from './support/own-session'
import { connectDirectly, connectThroughHost, type ChildCommand } from './support/server-fleet'
import { formatMs, formatRatio, ratio, summarize, type Summary } from './support/stats'

const TARGET_OVERSHOOT_MS = 150

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    servers: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '3' },
    solos: { type: 'string', default: '5' },
    server: { type: 'string', default: 'fixture' },
    'no-write': { type: 'boolean', default: false },
  },
  strict: true,
})
const [count, rounds, solos] = (['servers', 'rounds', 'solos'] as const).map((name) => {
  const value = Number(values[name])
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`--${name} must be a positive integer`)
  return value
}) as [number, number, number]
if (values.server !== 'fixture' && values.server !== 'raw') throw new Error('--server must be fixture or raw')

const commands: ChildCommand[] = Array.from({ length: count }, (_, i) =>
  values.server === 'fixture'
    ? spawnCommandFor('fixture', ['--name', `fixture-${i + 1}`])
    : misbehavingServer(['--name', `raw-${i + 1}`]),
)

// One throwaway start warms the file cache and this process's code paths.
await connectThroughHost(commands.slice(0, 1))
const solo: number[] = []
const host: number[] = []
const direct: number[] = []
for (let round = 0; round < rounds; round += 1) {
  for (let i = 0; i < solos; i += 1) solo.push(await connectThroughHost([commands[i % count]!]))
  const pair = [
    async () => host.push(await connectThroughHost(commands)),
    async () => direct.push(await connectDirectly(commands)),
  ]
  for (const run of round % 2 === 0 ? pair : [...pair].reverse()) await run()
  console.log(`round ${round + 1}/${rounds}: host ${formatMs(host.at(-1)!)}, SDK ${formatMs(direct.at(-1)!)}`)
}

const [soloS, hostS, directS] = [summarize(solo), summarize(host), summarize(direct)]
const overshoot = hostS.median - soloS.median
const spread = (s: Summary): string =>
  `${formatMs(s.median)} | ${formatMs(s.p25)}–${formatMs(s.p75)} | ${formatMs(s.min)}–${formatMs(s.max)}`
const label = values.server === 'fixture' ? 'SDK-based fixture server' : 'raw JSON-RPC server (no SDK)'

const body = `| time to all connected | median | p25–p75 | min–max | runs |
|---|---|---|---|---|
| one server alone, through the ConnectionManager | ${spread(soloS)} | ${soloS.count} |
| ${count} servers in parallel, through the ConnectionManager | ${spread(hostS)} | ${hostS.count} |
| ${count} servers in parallel, bare SDK clients (no host) | ${spread(directS)} | ${directS.count} |

Parallel start minus the solo start (medians): **${formatMs(overshoot)}**. The host's parallel start against
bare SDK clients starting the same servers: **${formatRatio(ratio(hostS.median, directS.median))}** (median
over median: ${formatMs(Math.abs(hostS.median - directS.median))} ${hostS.median <= directS.median ? 'less' : 'more'}).

Servers: ${count} copies of the ${label} (test/fixtures), each a Node process started with the node that runs
the benchmark; "connected" is spawn + initialize + tools/list, as the ConnectionManager reports it. Rounds: ${rounds};
each runs ${solos} solo starts, then the host's parallel start and the SDK clients' in alternating order. This
machine has ${cpus().length} cores: ${count} Node processes starting together share them, so on few cores the
parallel start is bounded by the CPU the servers need together, whoever starts them; the SDK row shows that bound.
${OWN_SESSION_NOTE}`

await recordBenchmark(
  {
    name: 'startup',
    title: 'Start-up',
    body,
    targets: [
      {
        target: `${count} servers in parallel within ${TARGET_OVERSHOOT_MS} ms of the slowest server alone`,
        measured:
          `${formatMs(overshoot)} over (${formatMs(hostS.median)} vs ${formatMs(soloS.median)} alone; ` +
          `bare SDK clients in parallel ${formatMs(directS.median)})`,
        met: overshoot <= TARGET_OVERSHOOT_MS,
      },
    ],
  },
  { write: !values['no-write'] },
)
