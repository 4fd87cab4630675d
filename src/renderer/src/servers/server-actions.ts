import type { ServerInput } from '../../../shared/mcp/server-input'
import type { ServerState, ToolChange } from '../../../shared/mcp/server-state'
import type { Call } from '../ipc/client'

/**
 * How a save from the add/edit form ended. `ok` as soon as the host has taken the configuration (the
 * server shows up connecting) — connecting itself can take the whole timeout, and the card shows it.
 * On failure `errorId` is the entry in the window's error list, which the form may dismiss once it shows
 * the same message next to the Save button.
 */
export type ServerSaveResult = { ok: true; id: string } | { ok: false; message: string; errorId: number }

export interface ServerActions {
  addServer: (input: ServerInput) => Promise<ServerSaveResult>
  updateServer: (id: string, input: ServerInput) => Promise<ServerSaveResult>
  removeServer: (id: string) => Promise<boolean>
  restartServer: (id: string) => Promise<boolean>
  setServerEnabled: (id: string, enabled: boolean) => Promise<boolean>
  /** Accepts these tool changes exactly as shown (each by the fingerprint of its new definition). */
  acceptToolChanges: (id: string, changes: readonly ToolChange[]) => Promise<boolean>
}

export interface ServerActionDeps {
  call: Call
  servers: () => ServerState[]
  setServers: (update: (servers: ServerState[]) => ServerState[]) => void
  /** Calls `listener` with the server list after every change, until the returned function is called. */
  watchServers: (listener: (servers: ServerState[]) => void) => () => void
  /** Adds a visible error and returns its id. */
  report: (context: string, error: unknown) => { id: number; message: string }
}

/**
 * A state from a response replaces the one in the list unless an event already brought a newer one
 * (`since` is the ISO time of the last status change, so strings compare in time order).
 */
export function mergeServerState(servers: ServerState[], next: ServerState): ServerState[] {
  const index = servers.findIndex((server) => server.id === next.id)
  if (index === -1) return [...servers, next]
  const current = servers[index]
  if (current && current.since > next.since) return servers
  return servers.map((server, at) => (at === index ? next : server))
}

/** A server that was not in `before`, with the name the form saved: the host accepted an add. */
export function findAdded(
  before: ServerState[],
  after: ServerState[],
  name: string,
): ServerState | undefined {
  const known = new Set(before.map((server) => server.id))
  return after.find((server) => !known.has(server.id) && server.name === name.trim())
}

/** The edited server started a new connection since the save was sent: the host accepted the edit. */
export function findReconnecting(
  before: ServerState[],
  after: ServerState[],
  id: string,
): ServerState | undefined {
  const previous = before.find((server) => server.id === id)
  const current = after.find((server) => server.id === id)
  // A stdio server restarts as `starting` (its process has not spoken yet), a remote one as `connecting`.
  if (!current || (current.status !== 'connecting' && current.status !== 'starting')) return undefined
  return previous && previous.since === current.since ? undefined : current
}

export function createServerActions(deps: ServerActionDeps): ServerActions {
  const { call, report } = deps

  /** Resolves on the host's answer or, earlier, when the server list shows the save was accepted. */
  const save = (
    context: string,
    request: () => Promise<ServerState>,
    accepted: (before: ServerState[], after: ServerState[]) => ServerState | undefined,
  ): Promise<ServerSaveResult> =>
    new Promise((resolve) => {
      const before = deps.servers()
      let settled = false
      const settle = (result: ServerSaveResult) => {
        if (settled) return
        settled = true
        resolve(result)
      }
      const stopWatching = deps.watchServers((after) => {
        const server = accepted(before, after)
        if (server) settle({ ok: true, id: server.id })
      })
      request().then(
        (state) => {
          stopWatching()
          deps.setServers((servers) => mergeServerState(servers, state))
          settle({ ok: true, id: state.id })
        },
        (error: unknown) => {
          stopWatching()
          const shown = report(context, error)
          settle({ ok: false, message: shown.message, errorId: shown.id })
        },
      )
    })

  const nameOf = (id: string): string => deps.servers().find((server) => server.id === id)?.name ?? id

  const stateChange = async (context: string, request: () => Promise<ServerState>): Promise<boolean> => {
    try {
      const state = await request()
      deps.setServers((servers) => mergeServerState(servers, state))
      return true
    } catch (error) {
      report(context, error)
      return false
    }
  }

  return {
    addServer: (input) =>
      save(
        `Could not add server "${input.name.trim()}"`,
        () => call('servers:add', { server: input }),
        (before, after) => findAdded(before, after, input.name),
      ),

    updateServer: (id, input) =>
      save(
        `Could not save server "${nameOf(id)}"`,
        () => call('servers:update', { id, server: input }),
        (before, after) => findReconnecting(before, after, id),
      ),

    async removeServer(id) {
      const name = nameOf(id)
      try {
        await call('servers:remove', { id })
        deps.setServers((servers) => servers.filter((server) => server.id !== id))
        return true
      } catch (error) {
        report(`Could not remove server "${name}"`, error)
        return false
      }
    },

    restartServer: (id) =>
      stateChange(`Could not restart server "${nameOf(id)}"`, () => call('servers:restart', { id })),

    acceptToolChanges: (id, changes) =>
      stateChange(`Could not accept the tool changes of server "${nameOf(id)}"`, () =>
        call('servers:accept-tool-changes', {
          id,
          changes: changes.map((change) => ({
            name: change.name,
            fingerprint: change.afterFingerprint ?? null,
          })),
        }),
      ),

    setServerEnabled: (id, enabled) =>
      stateChange(`Could not ${enabled ? 'enable' : 'disable'} server "${nameOf(id)}"`, () =>
        call('servers:set-enabled', { id, enabled }),
      ),
  }
}
