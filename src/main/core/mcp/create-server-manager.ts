import { APP_VERSION } from '../app-identity'
import type { SettingsService } from '../config/settings-service'
import type { SecretStore } from '../secrets/secret-store'
import { ConnectionManager } from './connection-manager'
import { defaultTransportOpener } from './default-transport-opener'
import { ServerConfigService } from './server-config-service'
import type { TransportOpener } from './transport-opener'
import type { SamplingService } from '../sampling/sampling-service'
import { transportLabel } from '../../../shared/mcp/transport-label'
import { turnLifecycleClientCapabilities } from '../chat/turn-lifecycle'

export interface ServerManagerOptions {
  settings: SettingsService
  secrets: SecretStore
  log: (line: string) => void
  /** Tests inject a counting or failing opener; everyone else gets the real transports. */
  opener?: TransportOpener
  /** Serves `sampling/createMessage` for every connected server; without it the host declares no sampling. */
  sampling?: SamplingService
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
    // Turn lifecycle is declared always (it only takes effect with servers that declare it too). Sampling
    // is `sampling: { tools: {} }` (sampling with tools, SEP-1577; not `context`, which would invite
    // includeContext payloads we ignore).
    clientCapabilities: {
      experimental: turnLifecycleClientCapabilities(),
      ...(options.sampling ? { sampling: { tools: {} } } : {}),
    },
    ...(options.sampling ? samplingHooks(options.sampling) : {}),
  })
  return { configs, servers }
}

/** Attaches the sampling handler to every client before it connects. */
function samplingHooks(sampling: SamplingService) {
  return {
    configureClient: (
      client: Parameters<SamplingService['attach']>[0],
      config: Parameters<SamplingService['attach']>[1],
    ) => sampling.attach(client, config, transportLabel(config)),
    releaseClient: (client: Parameters<SamplingService['detach']>[0]) => sampling.detach(client),
    onProtocolVersion: (client: Parameters<SamplingService['detach']>[0], version: string) =>
      sampling.setProtocolVersion(client, version),
  }
}
