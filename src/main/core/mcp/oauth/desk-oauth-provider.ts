import type {
  OAuthClientProvider,
  OAuthDiscoveryState,
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/client'
import type { OAuthCredentials } from './oauth-credentials'

/** What one server's OAuth needs to remember between flows while the host runs (not secret, not stored). */
export interface OAuthServerMemory {
  discovery?: OAuthDiscoveryState
}

export interface DeskOAuthProviderOptions {
  serverId: string
  credentials: OAuthCredentials
  memory: OAuthServerMemory
  /** The loopback redirect URI of this flow (`http://127.0.0.1:<port>/oauth/callback`). */
  redirectUrl: URL
  /** A client id (and secret) the user entered; absent = register dynamically. */
  preRegistered?: { clientId: string; clientSecret?: string }
  /** Scopes the user configured; the SDK uses them only when neither the challenge nor the server names any. */
  scopes?: readonly string[]
  /** The `state` of this flow, checked when the redirect comes back. */
  state: string
  now: () => number
  /** For a sign-in the user asked for: look as if no token were held, so the SDK does not refresh instead. */
  ignoreStoredTokens?: boolean
  /**
   * `refresh`: used behind the user's back to renew a token, so it must never register a client (the SDK
   * only registers through `saveClientInformation`, which this mode leaves out).
   */
  mode: 'sign-in' | 'refresh'
}

/**
 * The SDK's OAuth client port for one server and one flow. It never opens anything: the authorization URL
 * is kept for the sign-in service, which hands it to the user's click. Tokens and a dynamic registration
 * go to the secret store; the PKCE verifier lives only as long as this flow.
 */
export class DeskOAuthProvider implements OAuthClientProvider {
  readonly #options: DeskOAuthProviderOptions
  #verifier: string | undefined
  #authorizationUrl: URL | undefined
  #ignoreStoredTokens: boolean

  /** Present only in sign-in mode; see `mode`. */
  readonly saveClientInformation?: (client: OAuthClientInformationMixed) => void

  constructor(options: DeskOAuthProviderOptions) {
    this.#options = options
    this.#ignoreStoredTokens = options.ignoreStoredTokens ?? false
    if (options.mode === 'sign-in') this.saveClientInformation = (client) => this.#saveClient(client)
  }

  get redirectUrl(): URL {
    return this.#options.redirectUrl
  }

  get clientMetadata(): OAuthClientMetadata {
    const scopes = this.#options.scopes ?? []
    return {
      client_name: 'MCP Desk',
      redirect_uris: [this.#options.redirectUrl.href],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      ...(scopes.length > 0 ? { scope: scopes.join(' ') } : {}),
    }
  }

  /** The URL the SDK asked to send the user to, once `auth()` returned `REDIRECT`. */
  get authorizationUrl(): URL | undefined {
    return this.#authorizationUrl
  }

  state(): string {
    return this.#options.state
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    const { preRegistered, credentials, serverId, redirectUrl } = this.#options
    if (preRegistered) {
      return {
        client_id: preRegistered.clientId,
        ...(preRegistered.clientSecret === undefined ? {} : { client_secret: preRegistered.clientSecret }),
      }
    }
    const stored = credentials.client(serverId)
    // A registration names its redirect URI exactly; if this flow listens on another port, register again.
    if (stored === undefined || String(stored.redirectPort) !== redirectUrl.port) return undefined
    return stored.client
  }

  #saveClient(client: OAuthClientInformationMixed): void {
    if (this.#options.preRegistered) return
    this.#options.credentials.saveClient(this.#options.serverId, {
      client: { ...client },
      redirectPort: Number(this.#options.redirectUrl.port),
    })
  }

  tokens(): OAuthTokens | undefined {
    if (this.#ignoreStoredTokens) return undefined
    return this.#options.credentials.tokens(this.#options.serverId)?.tokens
  }

  saveTokens(tokens: OAuthTokens): void {
    this.#ignoreStoredTokens = false
    this.#options.credentials.saveTokens(this.#options.serverId, {
      tokens: { ...tokens },
      obtainedAt: this.#options.now(),
    })
  }

  redirectToAuthorization(authorizationUrl: URL): void {
    this.#authorizationUrl = authorizationUrl
  }

  saveCodeVerifier(codeVerifier: string): void {
    this.#verifier = codeVerifier
  }

  codeVerifier(): string {
    if (this.#verifier === undefined)
      throw new Error('no PKCE code verifier: this sign-in was not started here')
    return this.#verifier
  }

  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): void {
    const { credentials, serverId, memory } = this.#options
    if (scope === 'all' || scope === 'tokens') credentials.forgetTokens(serverId)
    if (scope === 'all' || scope === 'client') credentials.forgetClient(serverId)
    if (scope === 'all' || scope === 'verifier') this.#verifier = undefined
    if (scope === 'all' || scope === 'discovery') memory.discovery = undefined
  }

  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.#options.memory.discovery = state
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.#options.memory.discovery
  }
}
