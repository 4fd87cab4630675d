// The flood fault tests' host (issue 19, item 6): a real composed host with the flood server over stdio,
// settings in memory, and the two measurements every flood test makes while its flood runs: the host's
// resident memory (the test process's RSS, since the host runs in it) and how long `app:info`, a contract
// call, takes to answer. Events are counted and measured, not kept, so the harness itself stays small.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { composeHost, type ComposedHost } from '../../../src/main/core/compose-host'
import { SettingsService } from '../../../src/main/core/config/settings-service'
import type { EventChannel, EventOf } from '../../../src/shared/ipc/contract'
import type { Settings } from '../../../src/shared/settings/settings-schema'
import { MemoryJsonDocument } from '../../doubles/memory-json-document'
import { MemorySecretStore } from '../../doubles/memory-secret-store'
import { callHost } from '../../support/host-event-log'

export const FLOOD_SERVER = fileURLToPath(new URL('./flood-server.ts', import.meta.url))

export interface FloodHost {
  composed: ComposedHost
  settings: SettingsService
  home: string
  /** Events of each channel so far: how many, and their JSON size in bytes. */
  eventTally(event: EventChannel): { count: number; bytes: number }
  /** Resolves with the next event of this channel that matches (only future ones). */
  nextEvent<E extends EventChannel>(event: E, match?: (payload: EventOf<E>) => boolean): Promise<EventOf<E>>
  /** Calls a tool of a connected server and returns its first text block. */
  callTool(serverId: string, name: string, args: Record<string, unknown>): Promise<string>
  close(): Promise<void>
}

export async function startFloodHost(options: {
  serverIds: string[]
  args?: string[]
  configure?: (draft: Settings) => void
}): Promise<FloodHost> {
  const home = mkdtempSync(join(tmpdir(), 'mcp-desk-flood-'))
  const settings = new SettingsService(new MemoryJsonDocument())
  settings.update((draft) => {
    for (const id of options.serverIds) {
      draft.servers.push({
        id,
        name: id,
        enabled: true,
        sampling: 'allow',
        transport: 'stdio',
        command: process.execPath,
        args: options.args ?? [FLOOD_SERVER],
        env: {},
      })
    }
    options.configure?.(draft)
  })
  const composed = composeHost({
    settings,
    secrets: new MemorySecretStore(),
    info: { name: 'MCP Desk', version: '0.0.0-test', mode: 'web', platform: process.platform, home },
    log: () => undefined,
  })
  const tallies = new Map<EventChannel, { count: number; bytes: number }>()
  const waiters = new Set<{
    event: EventChannel
    match: (p: unknown) => boolean
    resolve: (p: unknown) => void
  }>()
  composed.host.events.subscribe((event, payload) => {
    const tally = tallies.get(event) ?? { count: 0, bytes: 0 }
    tally.count++
    tally.bytes += JSON.stringify(payload).length
    tallies.set(event, tally)
    for (const waiter of waiters) {
      if (waiter.event !== event || !waiter.match(payload)) continue
      waiters.delete(waiter)
      waiter.resolve(payload)
    }
  })
  await composed.servers.start()
  return {
    composed,
    settings,
    home,
    eventTally: (event) => ({ ...(tallies.get(event) ?? { count: 0, bytes: 0 }) }),
    nextEvent: (event, match = () => true) =>
      new Promise((resolve) => {
        waiters.add({
          event,
          match: match as (p: unknown) => boolean,
          resolve: resolve as (p: unknown) => void,
        })
      }),
    async callTool(serverId, name, args) {
      const client = composed.servers.connection(serverId).client
      if (!client) throw new Error(`${serverId} is not connected`)
      const result = await client.callTool({ name, arguments: args }, { timeout: 600_000 })
      const [block] = result.content as Array<{ type: string; text: string }>
      return block?.text ?? ''
    },
    async close() {
      await composed.shutdown()
      rmSync(home, { recursive: true, force: true })
    },
  }
}

const PROBE_GAP_MS = 20

export interface FloodWatch {
  /** The highest RSS growth seen over the baseline, in bytes. */
  maxRssGrowth: number
  /** The highest heapUsed growth seen (garbage not yet collected included), in bytes. */
  maxHeapGrowth: number
  /** The slowest `app:info` answer seen, in ms. */
  slowestAppInfoMs: number
  /** How many `app:info` calls were answered while the flood ran. */
  appInfoCalls: number
}

/**
 * Runs `flood` while asking the host for `app:info` one call after another (each answer starts the next
 * call), sampling RSS at every answer; resolves once the flood has settled and the last call answered.
 */
export async function watchFlood<T>(
  host: Pick<FloodHost, 'composed'>,
  flood: () => Promise<T>,
  rss: () => number = () => process.memoryUsage().rss,
): Promise<{ result: T; watch: FloodWatch }> {
  const baseline = rss()
  const heapBaseline = process.memoryUsage().heapUsed
  const watch: FloodWatch = { maxRssGrowth: 0, maxHeapGrowth: 0, slowestAppInfoMs: 0, appInfoCalls: 0 }
  let done = false
  const probe = async (): Promise<void> => {
    while (!done) {
      const started = performance.now()
      await callHost(host.composed.host, 'app:info', {})
      watch.slowestAppInfoMs = Math.max(watch.slowestAppInfoMs, performance.now() - started)
      watch.maxRssGrowth = Math.max(watch.maxRssGrowth, rss() - baseline)
      watch.maxHeapGrowth = Math.max(watch.maxHeapGrowth, process.memoryUsage().heapUsed - heapBaseline)
      watch.appInfoCalls++
      // A probe every PROBE_GAP_MS: often enough to catch a stall, seldom enough that the probe's own
      // garbage does not become part of what is measured (back to back, it made 36,000 calls a flood).
      await new Promise((resolve) => setTimeout(resolve, PROBE_GAP_MS))
    }
  }
  const probing = probe()
  try {
    const result = await flood()
    return { result, watch }
  } finally {
    done = true
    await probing
    watch.maxRssGrowth = Math.max(watch.maxRssGrowth, rss() - baseline)
  }
}

export const MiB = 1024 * 1024

/**
 * RSS growth while 100,000 requests are refused: the 100 MB. Measured 35 MB once a request over
 * the limits is answered before the SDK parses it (mcp/request-screen.ts); 200 to 260 MB while each went
 * through the SDK's parsing and handler, and 710 MB before issue 19. Asserted by sampling-flood.test.ts and
 * web-mode-flood.test.ts.
 */
export const SAMPLING_FLOOD_RSS_BOUND = 100 * MiB
