// `npm run bench -- memory`: the core's heap with 20 stdio servers and 1,000 tools connected, against the
// same core idle, in one process. The core is composeHost (what the desktop app, web mode and the CLI run:
// connection manager, tool search index, chat, sampling, prompts, resources…) over in-memory settings and
// secrets; the servers are catalog fixture servers listing real tool definitions (shared/toolbench).
//
//   npm run bench -- memory [--servers 20] [--tools 1000] [--readings 5] [--no-write]
//
// Needs node --expose-gc (bench/benchmark-table.ts passes it): every reading is taken after full
// collections, so heapUsed is what the core holds, not garbage that has yet to be collected.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import type { ServerState } from '../src/shared/mcp/server-state'
import { composeHost } from '../src/main/core/compose-host'
import { SettingsService } from '../src/main/core/config/settings-service'
import { MemoryJsonDocument } from '../test/doubles/memory-json-document'
import { MemorySecretStore } from '../test/doubles/memory-secret-store'
import { recordBenchmark } from './benchmarks-md'
import { formatMB, MB, settledHeap, type HeapFigures } from './memory/heap-readings'
import { realToolCatalogs } from './memory/real-tool-catalogs'
import { requireAllConnected, stdioConfigs } from './support/server-fleet'
import type { Summary } from './support/stats'

const TARGET_MB = 100
/** One search, so the index's lazily built parts (WordNet, term caches) are counted in both readings. */
const QUERY = 'create an issue in a repository'

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    servers: { type: 'string', default: '20' },
    tools: { type: 'string', default: '1000' },
    readings: { type: 'string', default: '5' },
    'no-write': { type: 'boolean', default: false },
  },
  strict: true,
})
const [servers, tools, readings] = (['servers', 'tools', 'readings'] as const).map((name) => {
  const value = Number(values[name])
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`--${name} must be a positive integer`)
  return value
}) as [number, number, number]
const { commands, bytes } = realToolCatalogs(servers, tools)

const beforeCore = await settledHeap(readings)
const home = mkdtempSync(join(tmpdir(), 'bench-memory-'))
const settings = new SettingsService(new MemoryJsonDocument())
const core = composeHost({
  settings,
  secrets: new MemorySecretStore(),
  info: { name: 'MCP Desk', version: 'bench', mode: 'desktop', platform: process.platform, home },
  log: () => undefined,
})
let idle: HeapFigures
let loaded: HeapFigures
let listed: number
try {
  await core.servers.start()
  await core.chat.toolIndex.search(QUERY, 8)
  idle = await settledHeap(readings)

  const settled = new Promise<ServerState[]>((resolve) => {
    const unsubscribe = core.servers.subscribe((states) => {
      if (states.length !== servers) return
      if (states.some((state) => state.status === 'connecting')) return
      unsubscribe()
      resolve(states)
    })
  })
  settings.update((draft) => {
    draft.servers = stdioConfigs(commands)
  })
  requireAllConnected(await settled)
  listed = core.servers.list().reduce((sum, state) => sum + state.tools.length, 0)
  if (listed !== tools) throw new Error(`the servers list ${listed} tools, expected ${tools}`)
  await core.chat.toolIndex.search(QUERY, 8)
  loaded = await settledHeap(readings)
} finally {
  await core.shutdown()
  rmSync(home, { recursive: true, force: true })
}

const cell = (s: Summary): string => `${formatMB(s.median)} (${formatMB(s.min)}–${formatMB(s.max)})`
const row = (label: string, h: HeapFigures): string =>
  `| ${label} | **${cell(h.heapUsed)}** | ${cell(h.heapTotal)} | ${cell(h.external)} | ${cell(h.rss)} |`
const added = loaded.heapUsed.median - idle.heapUsed.median

const body = `| after full GC: median (min–max) of ${readings} readings | heapUsed | heapTotal | external | rss |
|---|---|---|---|---|
${row('modules loaded, no core', beforeCore)}
${row('core composed and started, no servers (idle baseline)', idle)}
${row(`core with ${servers} servers and ${listed.toLocaleString('en-US')} tools connected`, loaded)}

${servers} servers and ${listed.toLocaleString('en-US')} tools add **${formatMB(added)}** of heap to the idle core
(${(added / listed / 1000).toFixed(1)} kB per tool). The servers are catalog fixture servers (test/fixtures/tool-catalogs)
listing real tool definitions from shared/toolbench (${(bytes / MB).toFixed(2)} MB of tool JSON in all), dealt
round-robin; each runs in its own process, so only the host's side is in this heap. The core is
\`composeHost\` over in-memory settings and secrets; one tool search ran in both states, so the search index's
lazily loaded parts are in both. Node ran under tsx, whose loader state is in every reading (the first row).`

await recordBenchmark(
  {
    name: 'memory',
    title: 'Memory',
    body,
    targets: [
      {
        target: `core heap with ${servers} servers and ${listed.toLocaleString('en-US')} tools < ${TARGET_MB} MB`,
        measured: `${formatMB(loaded.heapUsed.median)} heapUsed (idle ${formatMB(idle.heapUsed.median)})`,
        met: loaded.heapUsed.median < TARGET_MB * MB,
      },
    ],
  },
  { write: !values['no-write'] },
)
