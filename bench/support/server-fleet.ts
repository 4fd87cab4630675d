// Stdio MCP servers started together, through MCP Desk's ConnectionManager (the host's path) or through
// bare SDK clients (the obvious alternative); shared by the start-up and memory benchmarks.
import { performance } from 'node:perf_hooks'
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/client/stdio'
import { Client } from '@modelcontextprotocol/client'
import type { ServerConfig } from '../../src/shared/settings/settings-schema'
import { SettingsService } from '../../src/main/core/config/settings-service'
import { createServerManager } from '../../src/main/core/mcp/create-server-manager'
import { MemoryJsonDocument } from '../../test/doubles/memory-json-document'
import { MemorySecretStore } from '../../test/doubles/memory-secret-store'
import { inOwnSession, type ChildCommand } from './own-session'

export type { ChildCommand } from './own-session'

/** Settings entries for the commands: ids s01, s02…, enabled, no sampling. */
export function stdioConfigs(commands: readonly ChildCommand[]): ServerConfig[] {
  return commands.map((command, i) => {
    const id = `s${String(i + 1).padStart(2, '0')}`
    return {
      id,
      name: `server ${id}`,
      enabled: true,
      sampling: 'deny',
      transport: 'stdio',
      command: command.command,
      args: command.args,
      env: {},
    }
  })
}

/** Throws unless every server connected, naming the ones that did not and why. */
export function requireAllConnected(
  states: ReadonlyArray<{ id: string; status: string; failure?: { reason: string } }>,
): void {
  const bad = states.filter((state) => state.status !== 'connected')
  if (bad.length === 0) return
  const reasons = bad.map((state) => `${state.id} ${state.status}: ${state.failure?.reason ?? ''}`)
  throw new Error(`servers did not connect: ${reasons.join('; ')}`)
}

/**
 * Milliseconds from ConnectionManager.start() (every enabled server connecting in parallel: spawn,
 * initialize, tools/list) until each has connected; then shuts them all down.
 */
export async function connectThroughHost(commands: readonly ChildCommand[]): Promise<number> {
  const settings = new SettingsService(new MemoryJsonDocument())
  settings.update((draft) => {
    draft.servers = stdioConfigs(commands)
    // 20 servers starting at once on a loaded 2-core machine can take longer than the default 10 s; the
    // benchmark measures how long, rather than failing.
    draft.mcp.limits.connectTimeoutMs = 120_000
  })
  const { servers } = createServerManager({
    settings,
    secrets: new MemorySecretStore(),
    log: () => undefined,
  })
  try {
    const started = performance.now()
    await servers.start()
    const elapsed = performance.now() - started
    requireAllConnected(servers.list())
    return elapsed
  } finally {
    await servers.shutdown()
  }
}

/**
 * The same with one SDK Client and StdioClientTransport per server (connect, then tools/list), no host; each
 * server in a session of its own, as the host starts them (see own-session.ts).
 */
export async function connectDirectly(commands: readonly ChildCommand[]): Promise<number> {
  const clients: Client[] = []
  try {
    const started = performance.now()
    await Promise.all(
      commands.map(async (command) => {
        const client = new Client({ name: 'bench', version: '1.0.0' })
        clients.push(client)
        await client.connect(
          new StdioClientTransport({
            ...inOwnSession(command),
            env: getDefaultEnvironment(),
            stderr: 'ignore',
          }),
        )
        await client.listTools()
      }),
    )
    return performance.now() - started
  } finally {
    await Promise.all(clients.map((client) => client.close()))
  }
}
