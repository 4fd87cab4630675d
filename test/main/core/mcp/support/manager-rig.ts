// A ConnectionManager on in-memory settings and secrets with the real transports, recording every status
// transition, for tests that start real servers.
import { SettingsService } from '../../../../../src/main/core/config/settings-service'
import { ConnectionManager } from '../../../../../src/main/core/mcp/connection-manager'
import { defaultTransportOpener } from '../../../../../src/main/core/mcp/default-transport-opener'
import { ServerConfigService } from '../../../../../src/main/core/mcp/server-config-service'
import type { ServerState, ServerStatus } from '../../../../../src/shared/mcp/server-state'
import { MemoryJsonDocument } from '../../../../doubles/memory-json-document'
import { MemorySecretStore } from '../../../../doubles/memory-secret-store'

export function setup() {
  const settings = new SettingsService(new MemoryJsonDocument())
  const secrets = new MemorySecretStore()
  const configs = new ServerConfigService(settings, secrets)
  const log: string[] = []
  const manager = new ConnectionManager({
    settings,
    configs,
    opener: defaultTransportOpener,
    clientInfo: { name: 'mcp-desk-test', version: '0.0.0' },
    log: (line) => log.push(line),
  })
  const transitions: Array<[string, ServerStatus]> = []
  manager.subscribe((servers) => {
    for (const s of servers) {
      const last = transitions.findLast(([id]) => id === s.id)
      if (last?.[1] !== s.status) transitions.push([s.id, s.status])
    }
  })
  return { settings, secrets, configs, manager, log, transitions }
}

/** Resolves when the server reaches the status (event-driven, via the manager's change events). */
export function waitForStatus(
  manager: ConnectionManager,
  id: string,
  status: ServerStatus,
): Promise<ServerState> {
  return new Promise((resolve) => {
    const check = (servers: ServerState[]) => {
      const found = servers.find((s) => s.id === id)
      if (found?.status !== status) return
      unsubscribe()
      resolve(found)
    }
    const unsubscribe = manager.subscribe(check)
    check(manager.list())
  })
}
