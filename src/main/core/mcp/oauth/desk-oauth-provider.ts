import type {
  OAuthClientProvider,
  OAuthDiscoveryState,
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/client'
import { sameIssuer, type OAuthCredentials } from './oauth-credentials'
import { SignInFailedError } from './sign-in-errors'

/** What one server's OAuth needs to remember between flows while the host runs (not secret, not stored). */
export interface OAuthServerMemory {
  discovery?: OAuthDiscoveryState
}

/** What the SDK tells the credential methods: the authorization server this call resolved. */
interface IssuerContext {
  issuer: string
}

export interface DeskOAuthProviderOptions {
  serverId: string
  credentials: OAuthCredentials
  memory: OAuthServerMemory
  /** The loopback redirect URI of this flow (`http://127.0.0.1:<port>/oauth/callback`). */
  redirectUrl: URL
  /** A client id (and secret) the user entered; absent = register dynamically. */
  preRegistered?: { clientId: string; clientSecret?: string }
  /**
   * A URL-based client id (Client ID Metadata Document, SEP-991) the user or their organisation gave. The
   * SDK sends it as the client id where the authorization server advertises
   * `client_id_metadata_document_supported`, instead of registering; elsewhere it registers as usual.
   */
  clientMetadataUrl?: string
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
 * is kept for the sign-in service, which hands it to the user's click. Tokens and client registrations go
 * to the secret store, registrations keyed by the issuer the SDK resolved (see oauth-credentials.ts); the
 * PKCE verifier lives only as long as this flow.
 */
export class DeskOAuthProvider implements OAuthClientProvider {
  readonly #options: DeskOAuthProviderOptions
  #verifier: string | undefined
  #authorizationUrl: URL | undefined
  #ignoreStoredTokens: boolean
  /** The authorization server of this flow, once the SDK has said (it does before any credential use). */
  #issuer: string | undefined

  /** Present only in sign-in mode; see `mode`. */
  readonly saveClientInformation?: (client: OAuthClientInformationMixed, context?: IssuerContext) => void

  constructor(options: DeskOAuthProviderOptions) {
    this.#options = options
    this.#ignoreStoredTokens = options.ignoreStoredTokens ?? false
    if (options.mode === 'sign-in') {
      this.saveClientInformation = (client, context) => this.#saveClient(client, context)
    }
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
      // A desktop app redirecting to loopback is a native client (SEP-837, RFC 8252): said outright, not
      // left to the SDK's guess from the redirect URI, so an authorization server applies native rules.
      application_type: 'native',
      ...(scopes.length > 0 ? { scope: scopes.join(' ') } : {}),
    }
  }

  get clientMetadataUrl(): string | undefined {
    return this.#options.clientMetadataUrl
  }

  /** The URL the SDK asked to send the user to, once `auth()` returned `REDIRECT`. */
  get authorizationUrl(): URL | undefined {
    return this.#authorizationUrl
  }

  state(): string {
    return this.#options.state
  }

  clientInformation(context?: IssuerContext): OAuthClientInformationMixed | undefined {
    const issuer = this.#issuerOf(context)
    const { preRegistered, credentials, serverId, redirectUrl, mode } = this.#options
    if (preRegistered) return this.#preRegistered(preRegistered, issuer)
    const stored = issuer === undefined ? undefined : credentials.client(serverId, issuer)
    if (issuer === undefined || stored === undefined) return undefined
    if (isClientIdUrl(stored.client.client_id)) {
      // A URL-based client id holds only while the settings still name it; its redirect URIs are in the
      // document, not tied to the port of one registration.
      return stored.client.client_id === this.#options.clientMetadataUrl ? stored.client : undefined
    }
    // A registration names its redirect URI exactly; if this sign-in listens on another port, register
    // again (a refresh sends no redirect URI, so any port will do there).
    if (mode === 'sign-in' && String(stored.redirectPort) !== redirectUrl.port) return undefined
    if (typeof stored.client['issuer'] === 'string') return stored.client
    // A registration from before issuer stamps: it is this issuer's from now on (kept under its key).
    const stamped = { ...stored.client, issuer }
    if (mode === 'sign-in') credentials.saveClient(serverId, issuer, { ...stored, client: stamped })
    return stamped
  }

  /**
   * A client id from the settings was entered for one authorization server. It is bound to the issuer it
   * first signs in with, and refused (never sent, nor its secret) when the server later names another.
   */
  #preRegistered(
    { clientId, clientSecret }: { clientId: string; clientSecret?: string },
    issuer: string | undefined,
  ): OAuthClientInformationMixed {
    const bound = this.#options.credentials.boundIssuer(this.#options.serverId, clientId)
    if (bound !== undefined && issuer !== undefined && !sameIssuer(bound, issuer)) {
      throw new SignInFailedError(
        `the client id ${clientId} in this server's settings was registered with ${bound}, but the server ` +
          `now names ${issuer} as its authorization server; enter a client id for ${issuer} in the ` +
          'server settings, or remove it to let MCP Desk register there',
      )
    }
    const stamp = bound ?? issuer
    return {
      client_id: clientId,
      ...(clientSecret === undefined ? {} : { client_secret: clientSecret }),
      ...(stamp === undefined ? {} : { issuer: stamp }),
    }
  }

  #saveClient(client: OAuthClientInformationMixed, context: IssuerContext | undefined): void {
    const stamp = (client as { issuer?: unknown }).issuer
    const issuer = this.#issuerOf(context) ?? (typeof stamp === 'string' ? stamp : undefined)
    // Nothing to key it by (the SDK always says): better to register again than to file it anywhere.
    if (this.#options.preRegistered || issuer === undefined) return
    this.#options.credentials.saveClient(this.#options.serverId, issuer, {
      client: { ...client },
      redirectPort: Number(this.#options.redirectUrl.port),
    })
  }

  tokens(context?: IssuerContext): OAuthTokens | undefined {
    if (this.#ignoreStoredTokens) return undefined
    const issuer = this.#issuerOf(context)
    const { credentials, serverId } = this.#options
    // Without an issuer this is the bearer for the MCP server itself, which gets the current token.
    const stored =
      issuer === undefined ? credentials.tokens(serverId) : credentials.tokensFrom(serverId, issuer)
    return stored?.tokens
  }

  saveTokens(tokens: OAuthTokens, context?: IssuerContext): void {
    this.#ignoreStoredTokens = false
    const { credentials, serverId, preRegistered, now } = this.#options
    credentials.saveTokens(serverId, { tokens: { ...tokens }, obtainedAt: now() })
    const issuer = this.#issuerOf(context)
    if (preRegistered && issuer !== undefined && !credentials.boundIssuer(serverId, preRegistered.clientId)) {
      credentials.bindClientId(serverId, preRegistered.clientId, issuer)
    }
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
    // Only this authorization server refused the client; registrations elsewhere stay good.
    if ((scope === 'all' || scope === 'client') && this.#issuer !== undefined) {
      credentials.forgetClient(serverId, this.#issuer)
    }
    if (scope === 'all' || scope === 'verifier') this.#verifier = undefined
    if (scope === 'all' || scope === 'discovery') memory.discovery = undefined
  }

  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.#options.memory.discovery = state
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.#options.memory.discovery
  }

  #issuerOf(context: IssuerContext | undefined): string | undefined {
    if (context?.issuer) this.#issuer = context.issuer
    return this.#issuer
  }
}

/** A URL-based client id: https with a path (what the SDK accepts as a Client ID Metadata Document URL). */
export function isClientIdUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'https:' && url.pathname !== '/'
  } catch {
    return false
  }
}
