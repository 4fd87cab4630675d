import { SettingsService } from '../../src/main/core/config/settings-service'
import { createHost, type Host } from '../../src/main/core/host'
import { MemoryJsonDocument } from './memory-json-document'
import { MemorySecretStore } from './memory-secret-store'

/** A real Host (real dispatcher, settings service and events) over in-memory ports. */
export function createTestHost(initialSettings?: unknown): {
  host: Host
  doc: MemoryJsonDocument
  secrets: MemorySecretStore
  settings: SettingsService
  errors: unknown[]
} {
  const doc = new MemoryJsonDocument(initialSettings)
  const secrets = new MemorySecretStore()
  const settings = new SettingsService(doc)
  const errors: unknown[] = []
  const host = createHost({
    settings,
    secrets,
    info: { name: 'MCP Desk', version: '0.0.0-test', mode: 'web', platform: 'linux', home: '/memory' },
    log: (_message, error) => errors.push(error),
  })
  return { host, doc, secrets, settings, errors }
}
