import { randomBytes } from 'node:crypto'
import { auth, discoverOAuthProtectedResourceMetadata } from '@modelcontextprotocol/client'
import type { FetchLike } from '@modelcontextprotocol/client'
import type { SignInStart } from '../../../../shared/mcp/server-state'
import { isLoopbackHostname } from '../../security/external-link-policy'
import { DeskOAuthProvider, type OAuthServerMemory } from './desk-oauth-provider'
import { listenForRedirect } from './loopback-redirect'
import type { OAuthCredentials } from './oauth-credentials'
import { SignInFailedError } from './sign-in-errors'

/** A remote server as OAuth needs it, with the client secret already read from the secret store. */
export interface OAuthServerTarget {
  id: string
  name: string
  url: URL
  preRegistered?: { clientId: string; clientSecret?: string }
  /** A URL-based client id (Client ID Metadata Document) from the server's or the profile's settings. */
  clientMetadataUrl?: string
  scopes?: readonly string[]
}

export interface SignInFlowOptions {
  server: OAuthServerTarget
  credentials: OAuthCredentials
  /** This flow's own: the callback leg must see the authorization server the first leg discovered. */
  memory: OAuthServerMemory
  fetchFn: FetchLike
  resourceMetadataUrl?: URL
  /** The scope to ask for (challenge, step-up union, or the user's setting); undefined lets the SDK choose. */
  scope?: string
  expiresInMs: number
  now: () => number
}

export interface SignInFlow {
  start: SignInStart
  /** Resolves once tokens are stored; rejects with why the sign-in did not finish. */
  done: Promise<void>
  cancel(): void
}

/**
 * One authorization-code flow with PKCE, from the user's click to stored tokens: listen on loopback, let the
 * SDK discover, register (when no client is known at that issuer and no URL-based client id applies) and
 * build the authorization URL, then wait for the redirect with this flow's state and exchange the code. The
 * URL is only returned, never opened here.
 */
export async function startSignInFlow(options: SignInFlowOptions): Promise<SignInFlow> {
  const { server, credentials, memory, fetchFn, now } = options
  const state = randomBytes(32).toString('base64url')
  const redirect = await listenForRedirect({
    state,
    expiresInMs: options.expiresInMs,
    ...(server.preRegistered ? {} : { preferredPort: credentials.latestClient(server.id)?.redirectPort }),
  })
  const provider = new DeskOAuthProvider({
    serverId: server.id,
    credentials,
    memory,
    redirectUrl: redirect.redirectUrl,
    state,
    now,
    // The user asked to sign in: go to the authorization server even while a refresh token is held.
    ignoreStoredTokens: true,
    mode: 'sign-in',
    ...(server.preRegistered ? { preRegistered: server.preRegistered } : {}),
    ...(server.clientMetadataUrl ? { clientMetadataUrl: server.clientMetadataUrl } : {}),
    ...(server.scopes ? { scopes: server.scopes } : {}),
  })
  const authOptions = {
    serverUrl: server.url,
    fetchFn,
    ...(options.resourceMetadataUrl ? { resourceMetadataUrl: options.resourceMetadataUrl } : {}),
    ...(options.scope ? { scope: options.scope } : {}),
    ...((await publishesResourceMetadata(server.url, options.resourceMetadataUrl, fetchFn))
      ? {}
      : { skipIssuerMetadataValidation: true }),
  }

  let authorizationUrl: URL
  try {
    const result = await auth(provider, authOptions)
    if (result !== 'REDIRECT' || provider.authorizationUrl === undefined) {
      throw new SignInFailedError('the authorization server did not ask for a browser sign-in')
    }
    authorizationUrl = provider.authorizationUrl
    checkAuthorizationUrl(authorizationUrl)
  } catch (error) {
    redirect.close()
    throw error
  }

  const done = redirect.outcome.then(async ({ params, finish }) => {
    const denied = params.get('error')
    if (denied !== null) {
      const description = params.get('error_description')
      finish({ ok: false, title: 'Sign-in refused', detail: `The authorization server said: ${denied}.` })
      throw new SignInFailedError(
        `the authorization server refused: ${denied}${description ? ` (${description.slice(0, 200)})` : ''}`,
      )
    }
    const code = params.get('code')
    const issuer = memory.discovery?.authorizationServerMetadata?.issuer
    const iss = params.get('iss')
    // RFC 9207: a redirect naming another issuer is a mix-up attack; its code must not be redeemed here.
    if (code === null || (iss !== null && issuer !== undefined && iss !== issuer)) {
      finish({
        ok: false,
        title: 'Sign-in failed',
        detail: 'The redirect did not come from the expected server.',
      })
      throw new SignInFailedError(
        code === null ? 'the redirect carried no code' : `the redirect names issuer ${iss}`,
      )
    }
    try {
      // v2 checks `iss` itself (RFC 9207, also when the server advertises it and the redirect lacks it).
      const issued = iss === null ? {} : { iss }
      const result = await auth(provider, { ...authOptions, authorizationCode: code, ...issued })
      if (result !== 'AUTHORIZED') throw new SignInFailedError('the code exchange did not return tokens')
    } catch (error) {
      finish({
        ok: false,
        title: 'Sign-in failed',
        detail: 'MCP Desk could not exchange the code for a token.',
      })
      throw error instanceof SignInFailedError ? error : new SignInFailedError(tokenExchangeReason(error))
    }
    finish({
      ok: true,
      title: `Signed in to ${server.name}`,
      detail: 'You can close this tab and go back to MCP Desk.',
    })
  })

  return {
    start: {
      authorizationUrl: authorizationUrl.href,
      host: authorizationUrl.host,
      expiresAt: new Date(now() + options.expiresInMs).toISOString(),
    },
    done,
    cancel: () => redirect.close(),
  }
}

/** The user's browser goes here: https, or http on this computer, like every link the host opens. */
function checkAuthorizationUrl(url: URL): void {
  if (url.protocol === 'https:') return
  if (url.protocol === 'http:' && isLoopbackHostname(url.hostname)) return
  throw new SignInFailedError(
    `the authorization endpoint ${url.protocol}//${url.host} is not https; MCP Desk only opens https sign-in pages`,
  )
}

function tokenExchangeReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  return `the code exchange failed: ${message.slice(0, 300)}`
}

/**
 * Whether the server publishes protected-resource metadata (RFC 9728, 2025-06-18 and later). One that does
 * not is a 2025-03-26 server whose own origin serves the authorization-server metadata, often with an
 * `issuer` naming a path below it (the conformance suite's backcompat scenario). SDK v2 refuses any issuer
 * that does not echo the URL it fetched (RFC 8414 §3.3); that check is kept for every server that names its
 * authorization server, where a mismatch is what a mix-up looks like, and skipped only for this legacy
 * discovery, which v1 accepted.
 */
async function publishesResourceMetadata(
  serverUrl: string | URL,
  resourceMetadataUrl: URL | undefined,
  fetchFn: FetchLike,
): Promise<boolean> {
  try {
    await discoverOAuthProtectedResourceMetadata(
      serverUrl,
      resourceMetadataUrl ? { resourceMetadataUrl } : {},
      fetchFn,
    )
    return true
  } catch {
    return false
  }
}
