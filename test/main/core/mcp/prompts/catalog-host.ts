// Real stdio servers behind a ConnectionManager with the prompt and resource watches attached, as the
// host composes them; shared by the prompt and resource service tests.
import { fileURLToPath } from 'node:url'
import { SettingsService } from '../../../../../src/main/core/config/settings-service'
import type { ConnectionManager } from '../../../../../src/main/core/mcp/connection-manager'
import { createServerManager } from '../../../../../src/main/core/mcp/create-server-manager'
import { PromptListWatch } from '../../../../../src/main/core/mcp/prompts/prompt-list-watch'
import { PromptService } from '../../../../../src/main/core/mcp/prompts/prompt-service'
import { ResourceService } from '../../../../../src/main/core/mcp/resources/resource-service'
import { ResourceWatch } from '../../../../../src/main/core/mcp/resources/resource-watch'
import type { ServerState } from '../../../../../src/shared/mcp/server-state'
import type { ServerInput } from '../../../../../src/shared/mcp/server-input'
import { MemoryJsonDocument } from '../../../../doubles/memory-json-document'
import { MemorySecretStore } from '../../../../doubles/memory-secret-store'
import { spawnCommandFor, type SpawnCommand } from '../../../../support/spawn-command'
import {
  startModernHttpServer,
  type ModernHttpServer,
  type ModernHttpServerOptions,
} from '../../../../fixtures/mcp-servers/modern-http-server'

export const CATALOG_SERVER_PATH = fileURLToPath(
  new URL('../../../../fixtures/mcp-servers/catalog-server.ts', import.meta.url),
)

export function catalogServer(extraArgs: string[] = []): SpawnCommand {
  return { command: process.execPath, args: [CATALOG_SERVER_PATH, ...extraArgs] }
}

type WithoutName<T> = T extends unknown ? Omit<T, 'name'> : never

export interface CatalogHost {
  servers: ConnectionManager
  prompts: PromptService
  resources: ResourceService
  /** Server ids by the names given to `startCatalogHost`. */
  ids: Record<string, string>
  log: string[]
  shutdown(): Promise<void>
}

/**
 * Adds the servers (name → command, or a whole server entry such as a remote one), connects them all, and
 * wires both services as compose-host would.
 */
export async function startCatalogHost(
  entries: Record<string, SpawnCommand | WithoutName<ServerInput>>,
): Promise<CatalogHost> {
  const settings = new SettingsService(new MemoryJsonDocument())
  const log: string[] = []
  const promptWatch = new PromptListWatch()
  const resourceWatch = new ResourceWatch()
  const { configs, servers } = createServerManager({
    settings,
    secrets: new MemorySecretStore(),
    log: (line) => log.push(line),
    features: [promptWatch, resourceWatch],
  })
  const ids: Record<string, string> = {}
  for (const [name, entry] of Object.entries(entries)) {
    const input = 'transport' in entry ? entry : { transport: 'stdio' as const, ...entry }
    ids[name] = configs.add({ name, ...input }).id
  }
  await servers.start()
  const prompts = new PromptService({ servers, watch: promptWatch, log: (line) => log.push(line) })
  const resources = new ResourceService({ servers, watch: resourceWatch, log: (line) => log.push(line) })
  for (const state of servers.list()) {
    if (state.status !== 'connected')
      throw new Error(`${state.name} did not connect: ${state.failure?.reason}`)
  }
  return {
    servers,
    prompts,
    resources,
    ids,
    log,
    shutdown: async () => {
      prompts.dispose()
      resources.dispose()
      await servers.shutdown()
    },
  }
}

export { spawnCommandFor }

/** Resolves when the server reaches the status (event-driven, via the manager's change events). */
export function waitForStatus(
  servers: ConnectionManager,
  id: string,
  status: ServerState['status'],
): Promise<ServerState> {
  return stateWhen(servers, id, (state) => state.status === status)
}

/** Resolves with a server's state once `matches` holds (event-driven, via the manager's change events). */
export function stateWhen(
  servers: ConnectionManager,
  id: string,
  matches: (state: ServerState) => boolean,
): Promise<ServerState> {
  return new Promise((resolve) => {
    const check = (list: ServerState[]): void => {
      const found = list.find((s) => s.id === id)
      if (!found || !matches(found)) return
      unsubscribe()
      resolve(found)
    }
    const unsubscribe = servers.subscribe(check)
    check(servers.list())
  })
}

export interface ModernCatalogHost {
  h: CatalogHost
  /** The stateless 2026-07-28 HTTP fixture the host is connected to. */
  s: ModernHttpServer
  id: string
  close(): Promise<void>
}

/** A catalog host connected to a new stateless HTTP fixture, pinned to 2026-07-28. */
export async function startModernCatalogHost(
  options: ModernHttpServerOptions = {},
): Promise<ModernCatalogHost> {
  const s = await startModernHttpServer(options)
  const h = await startCatalogHost({ modern: { transport: 'http', url: s.url, protocol: '2026-07-28' } })
  return {
    h,
    s,
    id: h.ids['modern'] ?? '',
    close: async () => {
      await h.shutdown()
      await s.close()
    },
  }
}
