import { APP_VERSION } from '../app-identity'
import type { SettingsService } from '../config/settings-service'
import type { SecretStore } from '../secrets/secret-store'
import { ConnectionManager } from './connection-manager'
import { defaultTransportOpener } from './default-transport-opener'
import { ServerConfigService } from './server-config-service'
import type { TransportOpener } from './transport-opener'

export interface ServerManagerOptions {
  settings: SettingsService
  secrets: SecretStore
  log: (line: string) => void
  /** Tests inject a counting or failing opener; everyone else gets the real transports. */
  opener?: TransportOpener
}

/** The server side of a profile — configs and connections — as the app, web mode and the CLI all use it. */
export function createServerManager(options: ServerManagerOptions): {
  configs: ServerConfigService
  servers: ConnectionManager
} {
  const configs = new ServerConfigService(options.settings, options.secrets)
  const servers = new ConnectionManager({
    settings: options.settings,
    configs,
    opener: options.opener ?? defaultTransportOpener,
    clientInfo: { name: 'mcp-desk', version: APP_VERSION },
    log: options.log,
  })
  return { configs, servers }
}
