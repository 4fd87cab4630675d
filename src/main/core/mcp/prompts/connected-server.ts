import type { Client, ServerCapabilities } from '@modelcontextprotocol/client'
import { IpcFailure } from '../../../../shared/ipc/ipc-error'
import type { ConnectionManager } from '../connection-manager'
import type { ChangeSubscription } from '../discovery/change-subscription'

/** What the prompt and resource services need from the connection manager. */
export type ServerDirectory = Pick<ConnectionManager, 'list' | 'connection' | 'subscribe'>

/** A server that is connected now, with the client of this connection (a reconnect makes a new one). */
export interface ConnectedServer {
  id: string
  name: string
  client: Client
  capabilities: ServerCapabilities
  /** The connection's change stream (2026-07-28 only): the resources it follows are its filter. */
  changes: ChangeSubscription | undefined
}

/** The connected server with this id; unknown is `not_found`, not connected is `unavailable`. */
export function connectedServer(servers: ServerDirectory, serverId: string): ConnectedServer {
  const connection = servers.connection(serverId)
  const client = connection.client
  if (!client) {
    throw new IpcFailure(
      'unavailable',
      `server "${connection.config.name}" is ${connection.status}, not connected`,
    )
  }
  return {
    id: serverId,
    name: connection.config.name,
    client,
    capabilities: client.getServerCapabilities() ?? {},
    changes: connection.changes,
  }
}

/** Every server connected now, in the order the user configured them. */
export function connectedServers(servers: ServerDirectory): ConnectedServer[] {
  return servers
    .list()
    .filter((state) => state.status === 'connected')
    .flatMap((state) => {
      try {
        return [connectedServer(servers, state.id)]
      } catch {
        // Disconnected between list() and connection(): simply not connected any more.
        return []
      }
    })
}

/** Whether a notification came from the server's current client, not one a reconnect replaced. */
export function isCurrentClient(servers: ServerDirectory, serverId: string, client: Client): boolean {
  try {
    return servers.connection(serverId).client === client
  } catch {
    return false
  }
}

/**
 * A server's refusal or a failed request, as an error the UI can show: the server's own message (a
 * protocol error, "Prompt x not found") with the server and what was asked. Our own failures pass as they are.
 */
export function serverRequestFailure(server: ConnectedServer, what: string, error: unknown): Error {
  if (error instanceof IpcFailure) return error
  const message = error instanceof Error ? error.message : String(error)
  return new IpcFailure('unavailable', `server "${server.name}" could not ${what}: ${message}`)
}
