import type { ServerState, SignInStart } from '../../../shared/mcp/server-state'
import type { Call } from '../ipc/client'
import { askHost, type HostAnswer } from '../app/host-answer'
import { mergeServerState } from './server-actions'

export interface SignInState {
  /**
   * The authorization link of each sign-in this window started, by server id, so Open again can show the
   * same page without asking the host for a new flow. Only read while the server waits for the browser.
   */
  signInLinks: Record<string, SignInStart>
}

/**
 * OAuth sign-in for remote servers. Each answer is shown next to the button that asked (the host's reason
 * in one line), so none of these go to the window's error list.
 */
export interface SignInActions {
  /** Starts a browser flow; the caller opens `authorizationUrl` on the same click. */
  signIn: (id: string) => Promise<HostAnswer<SignInStart>>
  cancelSignIn: (id: string) => Promise<HostAnswer<ServerState>>
  /** Forgets the server's tokens; it then needs sign-in again. */
  signOut: (id: string) => Promise<HostAnswer<ServerState>>
}

export interface SignInActionDeps {
  call: Call
  get: () => SignInState
  set: (partial: Partial<SignInState>) => void
  setServers: (update: (servers: ServerState[]) => ServerState[]) => void
}

export function initialSignInState(): SignInState {
  return { signInLinks: {} }
}

/**
 * The server as waiting for the browser, as the host's `servers:changed` will also say: shown at once so
 * the card switches to "Waiting for the browser…" on the click even if that event comes a moment later.
 */
export function markWaiting(servers: ServerState[], id: string): ServerState[] {
  return servers.map((server) => {
    if (server.id !== id || server.auth?.state === 'waiting-for-browser') return server
    const { error: _previousError, ...auth } = server.auth ?? { scopes: [] }
    return { ...server, auth: { ...auth, state: 'waiting-for-browser' } }
  })
}

export function createSignInActions({ call, get, set, setServers }: SignInActionDeps): SignInActions {
  const forgetLink = (id: string) => {
    const { [id]: _forgotten, ...links } = get().signInLinks
    set({ signInLinks: links })
  }

  const stateChange = async (id: string, request: () => Promise<ServerState>) => {
    const answer = await askHost(request)
    if (answer.ok) {
      forgetLink(id)
      setServers((servers) => mergeServerState(servers, answer.value))
    }
    return answer
  }

  return {
    async signIn(id) {
      const answer = await askHost(() => call('servers:sign-in', { id }))
      if (answer.ok) {
        set({ signInLinks: { ...get().signInLinks, [id]: answer.value } })
        setServers((servers) => markWaiting(servers, id))
      }
      return answer
    },
    cancelSignIn: (id) => stateChange(id, () => call('servers:cancel-sign-in', { id })),
    signOut: (id) => stateChange(id, () => call('servers:sign-out', { id })),
  }
}
