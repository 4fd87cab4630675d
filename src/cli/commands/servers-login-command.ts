import type { ServerState } from '../../shared/mcp/server-state'
import { outputOf, type CliIo } from '../cli-io'
import { firstLine, terminalText } from '../format/terminal-text'
import { findServer } from '../server-lookup'
import { connectOne, withServerSession, type ServerSession } from '../server-session'
import { reportFailure } from './servers-tools-command'

/**
 * `servers login <server>`: connects the server; when it asks for OAuth authorization, prints the sign-in
 * URL (a terminal cannot open a browser on the user's behalf, and may be on another machine than the
 * browser) and waits until the browser's redirect reaches the loopback listener, the sign-in fails, or it
 * expires (10 minutes).
 */
export function loginServer(home: string, query: string, io: CliIo): Promise<number> {
  const out = outputOf(io)
  return withServerSession(home, io, async (session) => {
    const config = findServer(session.configs.list(), query)
    const label = `"${firstLine(config.name)}" (${config.id})`
    let state = await connectOne(session.servers, config)
    if (state.status === 'connected') {
      out.print(
        `Server ${label} is connected${state.auth?.state === 'signed-in' ? ' and signed in' : ''}; nothing to do`,
      )
      return 0
    }
    if (state.status !== 'needs-sign-in') {
      reportFailure(state, out)
      return 1
    }
    const start = await session.signIn.start(config.id)
    out.warn(`Open this address in your browser to sign in to ${label} on ${start.host}:`)
    out.print(start.authorizationUrl)
    out.warn(`Waiting for the browser (until ${new Date(start.expiresAt).toLocaleTimeString()})…`)
    state = await signInOutcome(session, config.id)
    if (state.status === 'connected') {
      const scopes = state.auth?.scopes.length ? ` with ${state.auth.scopes.join(' ')}` : ''
      out.print(`Signed in to ${label}${scopes}: connected, ${state.tools.length} tools`)
      return 0
    }
    out.warn(
      `Sign-in to ${label} did not finish: ${terminalText(state.auth?.error ?? state.failure?.reason ?? state.status)}`,
    )
    return 1
  })
}

/** `servers logout <server>`: forgets its tokens (and a dynamic client registration). */
export function logoutServer(home: string, query: string, io: CliIo): Promise<number> {
  const out = outputOf(io)
  return withServerSession(home, io, async ({ configs, signIn }) => {
    const config = findServer(configs.list(), query)
    await signIn.signOut(config.id)
    out.print(`Signed out of "${firstLine(config.name)}" (${config.id}); its tokens are deleted`)
    return 0
  })
}

/** Resolves once the sign-in reconnected the server, or stopped waiting for the browser without doing so. */
function signInOutcome({ servers }: ServerSession, id: string): Promise<ServerState> {
  return new Promise((resolve) => {
    const stop = servers.subscribe(() => {
      const state = servers.get(id)
      // Signed in but not yet reconnected is still on the way; an error, expiry or sign-out is the end.
      const ended = state.auth?.error !== undefined || state.auth?.state === 'signed-out'
      if (state.status === 'connected' || state.status === 'failed' || ended) {
        stop()
        resolve(state)
      }
    })
  })
}
