import { SettingsService } from '../../src/main/core/config/settings-service'
import { composeHost } from '../../src/main/core/compose-host'
import type { Host } from '../../src/main/core/host'
import type { ConnectionManager } from '../../src/main/core/mcp/connection-manager'
import type { TransportOpener } from '../../src/main/core/mcp/transport-opener'
import { MemoryApprovedToolsStore } from '../../src/main/core/mcp/discovery/approved-tools-store'
import { MemoryJsonDocument } from './memory-json-document'
import { MemorySecretStore } from './memory-secret-store'

/** A real Host (real dispatcher, settings service and events) over in-memory ports. */
export function createTestHost(
  initialSettings?: unknown,
  opener?: TransportOpener,
  /** The profile folder for files the host writes itself (bundles, transcripts); nothing is written by default. */
  home = '/memory',
): {
  host: Host
  servers: ConnectionManager
  doc: MemoryJsonDocument
  secrets: MemorySecretStore
  settings: SettingsService
  errors: unknown[]
  shutdown: () => Promise<void>
} {
  const doc = new MemoryJsonDocument(initialSettings)
  const secrets = new MemorySecretStore()
  const settings = new SettingsService(doc)
  const errors: unknown[] = []
  const { host, servers, shutdown } = composeHost({
    ...(opener ? { opener } : {}),
    settings,
    secrets,
    // Nothing is written under the home by default, approvals included.
    approvedTools: new MemoryApprovedToolsStore(),
    info: { name: 'MCP Desk', version: '0.0.0-test', mode: 'web', platform: 'linux', home },
    log: (_message, error) => {
      if (error !== undefined) errors.push(error)
    },
  })
  return { host, servers, doc, secrets, settings, errors, shutdown }
}
