import type { RequestOf, ResponseOf } from '../../../src/shared/ipc/contract'
import type { IpcResult } from '../../../src/shared/ipc/ipc-error'
import type { ServerAuthState, ServerState } from '../../../src/shared/mcp/server-state'
import type { FakeServer, FakeServers } from './fake-servers'
import { httpConfigFixture } from './server-fixtures'

/** A remote server whose host answered that it needs OAuth and holds no token. */
export function needsSignInServer(id: string, name: string, auth: Partial<ServerAuthState> = {}): FakeServer {
  return {
    config: httpConfigFixture({ id, name }),
    state: { status: 'needs-sign-in', auth: { state: 'signed-out', scopes: [], ...auth } },
  }
}

/** One second after `since`: each change is newer than the state it replaces, as the host's clock makes it. */
function after(since: string): string {
  const time = Date.parse(since)
  return new Date((Number.isNaN(time) ? 0 : time) + 1000).toISOString()
}

/**
 * The OAuth half of the fake host, like the real one: `servers:sign-in` returns an authorization link and
 * puts the server in `waiting-for-browser`; the test then plays the browser with `complete` (the redirect
 * arrived: connected, signed in) or `failSignIn` (the token exchange failed). Every change is announced
 * with `servers:changed` through FakeServers.
 */
export class FakeSignIn {
  /** The authorization server the links point to. */
  authorizationServer = 'https://auth.example.com'
  /** How long a link stays valid after Sign in, as the host's state expiry. */
  linkLifetimeMs = 10 * 60 * 1000
  readonly #servers: FakeServers
  #flows = 0

  constructor(servers: FakeServers) {
    this.#servers = servers
  }

  signIn({ id }: RequestOf<'servers:sign-in'>): Promise<IpcResult<ResponseOf<'servers:sign-in'>>> {
    const state = this.#servers.state(id)
    if (!state) return failure('not_found', `no server with id "${id}"`)
    if (state.transport === 'stdio')
      return failure('conflict', `server "${state.name}" is not a remote server`)
    this.#flows += 1
    const issuer = this.authorizationServer
    this.#change(state, {
      auth: { state: 'waiting-for-browser', issuer, scopes: state.auth?.scopes ?? [] },
    })
    const url = new URL('/authorize', issuer)
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: 'mcp-desk',
      code_challenge_method: 'S256',
      state: `flow-${this.#flows}`,
    }).toString()
    return ok({
      authorizationUrl: url.toString(),
      host: url.host,
      expiresAt: new Date(Date.now() + this.linkLifetimeMs).toISOString(),
    })
  }

  cancel({ id }: RequestOf<'servers:cancel-sign-in'>): Promise<IpcResult<ServerState>> {
    const state = this.#servers.state(id)
    if (!state) return failure('not_found', `no server with id "${id}"`)
    return ok(this.#change(state, { auth: this.#signedOut(state) }))
  }

  signOut({ id }: RequestOf<'servers:sign-out'>): Promise<IpcResult<ServerState>> {
    const state = this.#servers.state(id)
    if (!state) return failure('not_found', `no server with id "${id}"`)
    return ok(this.#change(state, { status: 'needs-sign-in', tools: [], auth: this.#signedOut(state) }))
  }

  /** The browser came back with a code and the token exchange worked: the server connects. */
  complete(id: string, token: { scopes?: string[]; expiresAt?: string } = {}): ServerState {
    const state = this.#require(id)
    return this.#change(state, {
      status: 'connected',
      auth: {
        state: 'signed-in',
        issuer: this.authorizationServer,
        scopes: token.scopes ?? ['notes.read'],
        expiresAt: token.expiresAt ?? '2026-01-01T13:30:00.000Z',
      },
    })
  }

  /** The redirect carried an error or the token exchange failed: signed out, with the reason. */
  failSignIn(id: string, error: string): ServerState {
    const state = this.#require(id)
    return this.#change(state, {
      status: 'needs-sign-in',
      auth: { state: 'signed-out', issuer: this.authorizationServer, scopes: [], error },
    })
  }

  #signedOut(state: ServerState): ServerAuthState {
    return { state: 'signed-out', scopes: [], ...(state.auth?.issuer ? { issuer: state.auth.issuer } : {}) }
  }

  #require(id: string): ServerState {
    const state = this.#servers.state(id)
    if (!state) throw new Error(`no server with id "${id}"`)
    return state
  }

  #change(state: ServerState, patch: Partial<ServerState>): ServerState {
    this.#servers.setState(state.id, { ...patch, since: after(state.since) })
    return this.#servers.state(state.id)!
  }
}

function failure(code: 'not_found' | 'conflict', message: string): Promise<IpcResult<never>> {
  return Promise.resolve({ ok: false, error: { code, message } })
}

function ok<T>(value: T): Promise<IpcResult<T>> {
  return Promise.resolve({ ok: true, value })
}
