import { APP_VERSION } from '../app-identity'
import type { SettingsService } from '../config/settings-service'
import type { SecretStore } from '../secrets/secret-store'
import { ConnectionManager } from './connection-manager'
import type { ApprovedToolsStore } from './discovery/approved-tools-store'
import { createTransportOpener } from './default-transport-opener'
import { ServerConfigService } from './server-config-service'
import type { TransportOpener } from './transport-opener'
import type { SamplingService } from '../sampling/sampling-service'
import { transportLabel } from '../../../shared/mcp/transport-label'
import { turnLifecycleClientCapabilities } from '../chat/turn-lifecycle'
import { combineClientFeatures, type ClientFeature } from './client-feature'
import { mcpAppsClientExtension } from '../apps/apps-capability'
import { OAuthService, type OAuthServiceOptions } from './oauth/oauth-service'
import { OAuthCredentials } from './oauth/oauth-credentials'
import { withServerAuthorization } from './oauth/oauth-fetch'
import { oauthTargetFor, ServerSignIn, usesOAuth } from './oauth/server-sign-in'

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
  /**
   * The profile's approved tool definitions (`FileApprovedToolsStore` at `<home>/approved-tools.json` in the
   * app, web mode and the CLI); in memory when absent, which only tests may rely on.
   */
  approvedTools?: ApprovedToolsStore
  /** Tests shorten the sign-in expiry or resolve host names; everyone else gets the defaults. */
  oauth?: Pick<OAuthServiceOptions, 'signInTimeoutMs' | 'discoveryFetch' | 'now'>
}

/** The server side of a profile — configs and connections — as the app, web mode and the CLI all use it. */
export function createServerManager(options: ServerManagerOptions): {
  configs: ServerConfigService
  servers: ConnectionManager
  oauth: OAuthService
  signIn: ServerSignIn
} {
  const configs = new ServerConfigService(options.settings, options.secrets)
  // The connection manager exists only below, but OAuth calls back into it only after connections run.
  const built: { servers?: ConnectionManager } = {}
  const oauth = new OAuthService({
    ...options.oauth,
    credentials: new OAuthCredentials(options.secrets),
    log: options.log,
    onChange: () => built.servers?.changed(),
    onSignedIn: (id) => void reconnect(built.servers, id),
    onSignInRequired: (id) => {
      const state = built.servers?.list().find((server) => server.id === id)
      if (state?.status === 'connected') void reconnect(built.servers, id)
    },
  })
  const features = [
    ...(options.sampling ? [samplingFeature(options.sampling)] : []),
    ...(options.features ?? []),
  ]
  const servers = new ConnectionManager({
    settings: options.settings,
    configs,
    opener:
      options.opener ??
      createTransportOpener({
        wrapRemoteFetch: (config, fetch) => {
          const target = usesOAuth(config) ? oauthTargetFor(config, configs) : undefined
          return target ? withServerAuthorization(fetch, target.url, oauth.authorizationFor(target)) : fetch
        },
      }),
    authState: (id) => oauth.authState(id),
    ...(options.approvedTools ? { approvedTools: options.approvedTools } : {}),
    forgetServer: (id) => oauth.forget(id),
    clientInfo: { name: 'mcp-desk', version: APP_VERSION },
    log: options.log,
    // Turn lifecycle is declared always (it only takes effect with servers that declare it too). MCP Apps
    // too: servers list `_meta.ui` only to a client that declares the extension.
    ...combineClientFeatures(
      { experimental: turnLifecycleClientCapabilities(), extensions: mcpAppsClientExtension() },
      features,
    ),
  })
  built.servers = servers
  return { configs, servers, oauth, signIn: new ServerSignIn(configs, servers, oauth) }
}

async function reconnect(servers: ConnectionManager | undefined, id: string): Promise<void> {
  try {
    await servers?.restart(id)
  } catch {
    // Removed or disabled meanwhile: nothing to reconnect.
  }
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
    screenRequest: (client, request) =>
      request.method === 'sampling/createMessage' ? sampling.refuseEarly(client, request.id) : undefined,
  }
}
