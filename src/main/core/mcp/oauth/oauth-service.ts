import { auth } from '@modelcontextprotocol/client'
import type { FetchLike } from '@modelcontextprotocol/client'
import type { ServerAuthState, SignInStart } from '../../../../shared/mcp/server-state'
import type { ServerUserWait } from '../../tools/user-wait'
import { DeskOAuthProvider, type OAuthServerMemory } from './desk-oauth-provider'
import { createDiscoveryFetch } from './discovery-fetch'
import { REDIRECT_PATH } from './loopback-redirect'
import { sameIssuer, tokenExpiry, type OAuthCredentials } from './oauth-credentials'
import type { BearerChallenge, ServerAuthorization } from './oauth-fetch'
import { SignInFailedError, SignInRequiredError } from './sign-in-errors'
import { startSignInFlow, type OAuthServerTarget, type SignInFlow } from './sign-in-flow'

export interface OAuthServiceOptions {
  credentials: OAuthCredentials
  /** Some server's auth state changed (for `servers:changed`). */
  onChange: () => void
  /** A sign-in finished that was not a step-up: the server should connect again. */
  onSignedIn: (serverId: string) => void
  /** A request was refused and no token could fix it (revoked, refresh failed) while the server was up. */
  onSignInRequired: (serverId: string) => void
  log: (line: string) => void
  now?: () => number
  /** How long a started sign-in (and a step-up waiting for one) stays open: 10 minutes. */
  signInTimeoutMs?: number
  /** The SSRF-guarded fetch for discovery and token requests; tests inject one with a fake resolver. */
  discoveryFetch?: (serverUrl: URL) => FetchLike
}

interface StepUp {
  scope: string
  waiters: { resolve: () => void; reject: (error: Error) => void }[]
  timer: NodeJS.Timeout
}

interface ServerRecord {
  target: OAuthServerTarget
  memory: OAuthServerMemory
  /** The server asked for authorization at least once (401), so its row shows the sign-in state. */
  challenged: boolean
  challenge?: BearerChallenge
  flow?: SignInFlow
  stepUp?: StepUp
  error?: string
  refreshing?: Promise<boolean>
}

/** Renew a token this long before the expiry the authorization server announced. */
const EXPIRY_MARGIN_MS = 30_000

/**
 * OAuth for every remote server: the token each request carries, refresh, the sign-in the user starts
 * (see sign-in-flow.ts), step-up when a request needs more scope, and sign-out. Also tells the tool-call
 * deadline when a server waits on the user (a step-up sign-in), like sampling and elicitation do.
 */
export class OAuthService implements ServerUserWait {
  readonly #options: OAuthServiceOptions
  readonly #now: () => number
  readonly #timeoutMs: number
  readonly #records = new Map<string, ServerRecord>()
  readonly #waitListeners = new Set<() => void>()

  constructor(options: OAuthServiceOptions) {
    this.#options = options
    this.#now = options.now ?? Date.now
    this.#timeoutMs = options.signInTimeoutMs ?? 10 * 60_000
  }

  /** The authorization a server's transport fetch uses; refreshed with the latest config on every connect. */
  authorizationFor(target: OAuthServerTarget): ServerAuthorization {
    const record = this.#record(target)
    return {
      accessToken: async () => {
        const stored = this.#options.credentials.tokens(target.id)
        const expiry = stored ? tokenExpiry(stored) : undefined
        if (
          stored?.tokens['refresh_token'] &&
          expiry !== undefined &&
          expiry - EXPIRY_MARGIN_MS <= this.#now()
        ) {
          await this.#refresh(record)
        }
        return this.#options.credentials.tokens(target.id)?.tokens.access_token
      },
      refreshAfterRejection: async (challenge) => {
        record.challenge = { ...record.challenge, ...challenge }
        // The server refused the token: its resource metadata may name another authorization server now
        // (SEP-2352), so find out again instead of refreshing where the token came from.
        record.memory.discovery = undefined
        return this.#refresh(record)
      },
      signInRequired: (challenge, wasSignedIn) => {
        record.challenge = { ...record.challenge, ...challenge }
        record.challenged = true
        // A token the server refuses and that could not be refreshed is worth nothing any more.
        this.#options.credentials.forgetTokens(target.id)
        this.#options.onChange()
        // After this request has failed with its own reason: reconnecting closes the client, which would
        // otherwise reject it first with a bare "Connection closed".
        if (wasSignedIn) setImmediate(() => this.#options.onSignInRequired(target.id))
        return new SignInRequiredError(
          target.id,
          wasSignedIn ? 'the server no longer accepts the token' : `${target.name} asks you to sign in`,
        )
      },
      stepUp: (challenge) => this.#waitForStepUp(record, challenge),
    }
  }

  authState(serverId: string): ServerAuthState | undefined {
    const record = this.#records.get(serverId)
    const stored = this.#options.credentials.tokens(serverId)
    if (stored === undefined && !record?.challenged && record?.flow === undefined) return undefined
    const expiry = stored ? tokenExpiry(stored) : undefined
    const issuer = stored?.tokens['issuer']
    const scope = stored?.tokens['scope']
    return {
      state: record?.flow ? 'waiting-for-browser' : stored ? 'signed-in' : 'signed-out',
      ...(typeof issuer === 'string' ? { issuer: originOf(issuer) } : {}),
      scopes: typeof scope === 'string' ? scope.split(' ').filter(Boolean) : [],
      ...(expiry === undefined ? {} : { expiresAt: new Date(expiry).toISOString() }),
      ...(record?.error ? { error: record.error } : {}),
      ...(record?.stepUp ? { requestedScopes: record.stepUp.scope.split(' ').filter(Boolean) } : {}),
    }
  }

  /** The user clicked Sign in. Returns the URL for their browser; the rest happens when it redirects back. */
  async startSignIn(target: OAuthServerTarget): Promise<SignInStart> {
    const record = this.#record(target)
    record.flow?.cancel()
    record.flow = undefined
    record.error = undefined
    const scope =
      record.stepUp?.scope ?? (target.scopes?.length ? target.scopes.join(' ') : record.challenge?.scope)
    // Each sign-in discovers afresh (the server may have moved to another authorization server since the
    // last one); what it finds serves refreshes once it has succeeded.
    const memory: OAuthServerMemory = {}
    let flow: SignInFlow
    try {
      flow = await startSignInFlow({
        server: target,
        credentials: this.#options.credentials,
        memory,
        fetchFn: this.#discoveryFetch(target.url),
        ...(record.challenge?.resourceMetadataUrl
          ? { resourceMetadataUrl: record.challenge.resourceMetadataUrl }
          : {}),
        ...(scope ? { scope } : {}),
        expiresInMs: this.#timeoutMs,
        now: this.#now,
      })
    } catch (error) {
      record.error = `sign-in could not start: ${messageOf(error)}`
      this.#options.log(`oauth ${target.id}: ${record.error}`)
      this.#options.onChange()
      throw new SignInFailedError(record.error)
    }
    record.flow = flow
    this.#options.onChange()
    flow.done.then(
      () => {
        record.memory = memory
        this.#finished(record, flow)
      },
      (error: unknown) => this.#failed(record, flow, error),
    )
    return flow.start
  }

  cancelSignIn(serverId: string): void {
    const record = this.#records.get(serverId)
    if (!record?.flow) return
    const flow = record.flow
    record.flow = undefined
    flow.cancel()
    this.#endStepUp(record, new SignInFailedError('you cancelled the sign-in'))
    this.#options.onChange()
  }

  /** Forgets tokens and a dynamic registration; the caller reconnects the server (which then asks again). */
  signOut(serverId: string): void {
    const record = this.#records.get(serverId)
    if (record) {
      record.flow?.cancel()
      record.flow = undefined
      record.error = undefined
      record.challenged = true
      this.#endStepUp(record, new SignInFailedError('you signed out'))
    }
    this.#options.credentials.forgetAll(serverId)
    this.#options.onChange()
  }

  /** The server was removed: nothing of its authorization stays. */
  forget(serverId: string): void {
    this.signOut(serverId)
    this.#records.delete(serverId)
  }

  isWaiting(serverId: string): boolean {
    return this.#records.get(serverId)?.stepUp !== undefined
  }

  subscribe(listener: () => void): () => void {
    this.#waitListeners.add(listener)
    return () => this.#waitListeners.delete(listener)
  }

  close(): void {
    for (const record of this.#records.values()) {
      record.flow?.cancel()
      this.#endStepUp(record, new SignInFailedError('MCP Desk is closing'))
    }
  }

  #record(target: OAuthServerTarget): ServerRecord {
    const existing = this.#records.get(target.id)
    if (existing) {
      // A changed URL or client means another authorization server may be behind it: discover again.
      if (existing.target.url.href !== target.url.href) existing.memory = {}
      existing.target = target
      return existing
    }
    const record: ServerRecord = { target, memory: {}, challenged: false }
    this.#records.set(target.id, record)
    return record
  }

  #discoveryFetch(serverUrl: URL): FetchLike {
    return this.#options.discoveryFetch?.(serverUrl) ?? createDiscoveryFetch({ serverUrl })
  }

  #refresh(record: ServerRecord): Promise<boolean> {
    record.refreshing ??= this.#refreshOnce(record).finally(() => (record.refreshing = undefined))
    return record.refreshing
  }

  async #refreshOnce(record: ServerRecord): Promise<boolean> {
    const { target } = record
    const { credentials } = this.#options
    const stored = credentials.tokens(target.id)
    if (!stored?.tokens['refresh_token']) return false
    const issuer = stored.tokens['issuer']
    // No client at the issuer of these tokens (other than one from the settings): nothing to refresh with.
    if (!target.preRegistered && typeof issuer === 'string' && !credentials.client(target.id, issuer)) {
      return false
    }
    const provider = new DeskOAuthProvider({
      serverId: target.id,
      credentials,
      memory: record.memory,
      // A refresh sends no redirect URI; the provider needs one all the same.
      redirectUrl: new URL(`http://127.0.0.1${REDIRECT_PATH}`),
      state: 'refresh',
      now: this.#now,
      mode: 'refresh',
      ...(target.preRegistered ? { preRegistered: target.preRegistered } : {}),
      ...(target.clientMetadataUrl ? { clientMetadataUrl: target.clientMetadataUrl } : {}),
    })
    try {
      const result = await auth(provider, {
        serverUrl: target.url,
        fetchFn: this.#discoveryFetch(target.url),
        ...(record.challenge?.resourceMetadataUrl
          ? { resourceMetadataUrl: record.challenge.resourceMetadataUrl }
          : {}),
      })
      if (result === 'AUTHORIZED') {
        this.#options.onChange()
        return true
      }
    } catch (error) {
      if (!this.#movedAway(record, issuer)) {
        this.#options.log(`oauth ${target.id}: token refresh failed: ${messageOf(error)}`)
      }
    }
    return false
  }

  /** Says so when the server now names another authorization server than the one the tokens came from. */
  #movedAway(record: ServerRecord, tokenIssuer: unknown): boolean {
    const now = record.memory.discovery?.authorizationServerMetadata?.issuer
    if (typeof tokenIssuer !== 'string' || now === undefined || sameIssuer(now, tokenIssuer)) return false
    this.#options.log(
      `oauth ${record.target.id}: the server now uses the authorization server ${originOf(now)} ` +
        `instead of ${originOf(tokenIssuer)}; sign in again there`,
    )
    return true
  }

  #waitForStepUp(record: ServerRecord, challenge: BearerChallenge): Promise<void> {
    record.challenge = { ...record.challenge, ...challenge }
    const granted = this.authState(record.target.id)?.scopes ?? []
    const scope = [...new Set([...granted, ...(challenge.scope?.split(' ') ?? [])])].filter(Boolean).join(' ')
    return new Promise<void>((resolve, reject) => {
      if (record.stepUp) {
        record.stepUp.scope = [...new Set([...record.stepUp.scope.split(' '), ...scope.split(' ')])].join(' ')
        record.stepUp.waiters.push({ resolve, reject })
      } else {
        const timer = setTimeout(
          () =>
            this.#endStepUp(record, new SignInFailedError('nobody signed in with the wider access in time')),
          this.#timeoutMs,
        )
        timer.unref()
        record.stepUp = { scope, waiters: [{ resolve, reject }], timer }
      }
      this.#options.log(`oauth ${record.target.id}: the server asks for more access (${scope})`)
      this.#options.onChange()
      this.#notifyWait()
    })
  }

  #endStepUp(record: ServerRecord, error?: Error): void {
    const stepUp = record.stepUp
    if (!stepUp) return
    record.stepUp = undefined
    clearTimeout(stepUp.timer)
    for (const waiter of stepUp.waiters) {
      if (error) waiter.reject(error)
      else waiter.resolve()
    }
    this.#notifyWait()
  }

  #finished(record: ServerRecord, flow: SignInFlow): void {
    if (record.flow === flow) record.flow = undefined
    record.error = undefined
    record.challenged = true
    this.#options.log(`oauth ${record.target.id}: signed in`)
    if (record.stepUp) this.#endStepUp(record)
    else this.#options.onSignedIn(record.target.id)
    this.#options.onChange()
  }

  #failed(record: ServerRecord, flow: SignInFlow, error: unknown): void {
    // A flow replaced by a newer click, or cancelled by the user, ends quietly.
    if (record.flow !== flow) return
    record.flow = undefined
    record.error = messageOf(error)
    this.#options.log(`oauth ${record.target.id}: sign-in failed: ${record.error}`)
    this.#endStepUp(record, new SignInFailedError(record.error))
    this.#options.onChange()
  }

  #notifyWait(): void {
    for (const listener of this.#waitListeners) listener()
  }
}

function originOf(url: string): string {
  try {
    return new URL(url).origin
  } catch {
    return url
  }
}

function messageOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 300)
}
