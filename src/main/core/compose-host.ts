import type { AppInfo } from '../../shared/ipc/contract'
import type { SettingsService } from './config/settings-service'
import { createHost, type Host } from './host'
import type { ConnectionManager } from './mcp/connection-manager'
import { createServerManager } from './mcp/create-server-manager'
import { ProviderService } from './models/provider-service'
import { profilePaths } from './config/home-paths'
import { createSamplingEngine, type SamplingEngine } from './sampling/create-sampling-engine'
import { HostEvents } from './ipc/host-events'
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
  providers: ProviderService
  sampling: SamplingEngine
  /** Closes every server connection and reaps every stdio process tree. */
  shutdown(): Promise<void>
}

/** The one place the host's services are wired together, for the desktop app, web mode and tests alike. */
export function composeHost(options: ComposeHostOptions): ComposedHost {
  const events = new HostEvents()
  const providers = new ProviderService(options.settings, options.secrets)
  const sampling = createSamplingEngine({
    settings: options.settings,
    providers,
    auditDir: profilePaths(options.info.home).auditDir,
    events: { stream: (event) => events.emit('sampling:stream', event) },
    log: (line) => options.log(line),
  })
  const { servers } = createServerManager({
    settings: options.settings,
    secrets: options.secrets,
    log: (line) => options.log(line),
    sampling: sampling.service,
    ...(options.opener ? { opener: options.opener } : {}),
  })
  const host = createHost({
    settings: options.settings,
    secrets: options.secrets,
    servers,
    providers,
    sampling,
    events,
    info: options.info,
    log: options.log,
  })
  return {
    host,
    servers,
    providers,
    sampling,
    shutdown: async () => {
      host.dispose()
      sampling.service.shutdown()
      await servers.shutdown()
    },
  }
}
