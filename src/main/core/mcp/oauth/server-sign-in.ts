import type { ServerState, SignInStart } from '../../../../shared/mcp/server-state'
import type { ServerConfig } from '../../../../shared/settings/settings-schema'
import { IpcFailure } from '../../../../shared/ipc/ipc-error'
import type { ConnectionManager } from '../connection-manager'
import type { ServerConfigService } from '../server-config-service'
import type { OAuthService } from './oauth-service'
import type { OAuthServerTarget } from './sign-in-flow'

/**
 * A remote server's config as OAuth sees it: URL, the pre-registered client (secret resolved), the URL-based
 * client id (its own or the profile's), scopes.
 */
export function oauthTargetFor(
  config: ServerConfig,
  configs: ServerConfigService,
): OAuthServerTarget | undefined {
  if (config.transport === 'stdio') return undefined
  const clientId = config.oauth?.clientId
  const clientSecret = clientId === undefined ? undefined : configs.resolveOAuthClientSecret(config)
  const clientMetadataUrl = configs.oauthClientMetadataUrl(config)
  return {
    id: config.id,
    name: config.name,
    url: new URL(config.url),
    ...(clientId === undefined
      ? {}
      : { preRegistered: { clientId, ...(clientSecret === undefined ? {} : { clientSecret }) } }),
    ...(clientMetadataUrl === undefined ? {} : { clientMetadataUrl }),
    ...(config.oauth?.scopes?.length ? { scopes: config.oauth.scopes } : {}),
  }
}

/** A configured Authorization header means the user handles authorization; OAuth stays out of the way. */
export function usesOAuth(config: ServerConfig): boolean {
  return (
    config.transport !== 'stdio' &&
    !Object.keys(config.headers).some((name) => name.toLowerCase() === 'authorization')
  )
}

/**
 * What the Sign in, Cancel and Sign out buttons (and `mcp-desk login/logout`) do, on top of the OAuth
 * service: find the server, check it is remote, and reconnect it when its authorization changes.
 */
export class ServerSignIn {
  readonly #configs: ServerConfigService
  readonly #servers: ConnectionManager
  readonly #oauth: OAuthService

  constructor(configs: ServerConfigService, servers: ConnectionManager, oauth: OAuthService) {
    this.#configs = configs
    this.#servers = servers
    this.#oauth = oauth
  }

  async start(id: string): Promise<SignInStart> {
    return this.#oauth.startSignIn(this.#target(id))
  }

  cancel(id: string): ServerState {
    this.#target(id)
    this.#oauth.cancelSignIn(id)
    return this.#servers.get(id)
  }

  async signOut(id: string): Promise<ServerState> {
    const config = this.#remote(id)
    this.#oauth.signOut(id)
    // Reconnecting without a token shows the server as it now is: asking to sign in again.
    return config.enabled ? this.#servers.restart(id) : this.#servers.get(id)
  }

  #target(id: string): OAuthServerTarget {
    const config = this.#remote(id)
    if (!usesOAuth(config)) {
      throw new IpcFailure(
        'conflict',
        `server "${config.name}" sends its own Authorization header; remove it to sign in with OAuth instead`,
      )
    }
    return oauthTargetFor(config, this.#configs)!
  }

  #remote(id: string): ServerConfig {
    const config = this.#configs.get(id)
    if (!config) throw new IpcFailure('not_found', `no server with id "${id}"`)
    if (config.transport === 'stdio') {
      throw new IpcFailure(
        'conflict',
        `server "${config.name}" runs locally (stdio); only remote servers sign in`,
      )
    }
    return config
  }
}
