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
import { combineClientFeatures, type ClientFeature } from './client-feature'

export interface ServerManagerOptions {
  settings: SettingsService
  secrets: SecretStore
  log: (line: string) => void
  /** Tests inject a counting or failing opener; everyone else gets the real transports. */
  opener?: TransportOpener
  /** Serves `sampling/createMessage` for every connected server; without it the host declares no sampling. */
  sampling?: SamplingService
  /** Further client features (elicitation, roots), declared and attached to every client. */
  features?: readonly ClientFeature[]
}

/** The server side of a profile — configs and connections — as the app, web mode and the CLI all use it. */
export function createServerManager(options: ServerManagerOptions): {
  configs: ServerConfigService
  servers: ConnectionManager
} {
  const configs = new ServerConfigService(options.settings, options.secrets)
  const features = [
    ...(options.sampling ? [samplingFeature(options.sampling)] : []),
    ...(options.features ?? []),
  ]
  const servers = new ConnectionManager({
    settings: options.settings,
    configs,
    opener: options.opener ?? defaultTransportOpener,
    clientInfo: { name: 'mcp-desk', version: APP_VERSION },
    log: options.log,
    // Turn lifecycle is declared always (it only takes effect with servers that declare it too).
    ...combineClientFeatures({ experimental: turnLifecycleClientCapabilities() }, features),
  })
  return { configs, servers }
}

/**
 * Sampling is `sampling: { tools: {} }` (sampling with tools, SEP-1577; not `context`, which would invite
 * includeContext payloads we ignore).
 */
function samplingFeature(sampling: SamplingService): ClientFeature {
  return {
    capabilities: { sampling: { tools: {} } },
    attach: (client, config) => sampling.attach(client, config, transportLabel(config)),
    detach: (client) => sampling.detach(client),
    onProtocolVersion: (client, version) => sampling.setProtocolVersion(client, version),
  }
}
