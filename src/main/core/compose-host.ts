import type { AppInfo } from '../../shared/ipc/contract'
import type { SettingsService } from './config/settings-service'
import { createHost, type Host } from './host'
import type { ConnectionManager } from './mcp/connection-manager'
import { createServerManager } from './mcp/create-server-manager'
import { ProviderService } from './models/provider-service'
import type { TransportOpener } from './mcp/transport-opener'
import type { SecretStore } from './secrets/secret-store'

export interface ComposeHostOptions {
  settings: SettingsService
  secrets: SecretStore
  info: Pick<AppInfo, 'name' | 'version' | 'mode' | 'platform' | 'home'>
  log: (message: string, error?: unknown) => void
  /** Tests inject a counting or failing opener; everyone else gets the real transports. */
  opener?: TransportOpener
}

export interface ComposedHost {
  host: Host
  servers: ConnectionManager
  /** Closes every server connection and reaps every stdio process tree. */
  shutdown(): Promise<void>
}

/** The one place the host's services are wired together, for the desktop app, web mode and tests alike. */
export function composeHost(options: ComposeHostOptions): ComposedHost {
  const { servers } = createServerManager({
    settings: options.settings,
    secrets: options.secrets,
    log: (line) => options.log(line),
    ...(options.opener ? { opener: options.opener } : {}),
  })
  const providers = new ProviderService(options.settings, options.secrets)
  const host = createHost({
    settings: options.settings,
    secrets: options.secrets,
    servers,
    providers,
    info: options.info,
    log: options.log,
  })
  return {
    host,
    servers,
    shutdown: async () => {
      host.dispose()
      await servers.shutdown()
    },
  }
}
