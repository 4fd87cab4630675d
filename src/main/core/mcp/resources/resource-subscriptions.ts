import type { Client, RequestOptions } from '@modelcontextprotocol/client'
import type { ServerState } from '../../../../shared/mcp/server-state'
import { IpcFailure } from '../../../../shared/ipc/ipc-error'
import { messageOf } from '../../../../shared/format/error-message'
import {
  connectedServer,
  serverRequestFailure,
  type ConnectedServer,
  type ServerDirectory,
} from '../prompts/connected-server'
import type { ChangeSubscription } from '../discovery/change-subscription'

/**
 * The resources the user asked to follow, per server, kept across reconnects: a server forgets its
 * subscribers when its process restarts, so each new connection is subscribed again to everything wanted,
 * and a badge on an attached resource keeps working after a restart. A 2025 server is asked with
 * `resources/subscribe` per URI; 2026-07-28 has no such method: the followed URIs are the filter of the
 * connection's change stream (see ChangeSubscription), which listens again with each new set.
 */
export class ResourceSubscriptions {
  readonly #servers: ServerDirectory
  readonly #options: () => RequestOptions
  readonly #log: (line: string) => void
  /** What the user asked for, by server id. */
  readonly #wanted = new Map<string, Set<string>>()
  /** What each connection was subscribed to (or is being subscribed to right now). */
  readonly #sent = new WeakMap<Client, Map<string, Promise<void>>>()
  readonly #unsubscribeServers: () => void

  constructor(servers: ServerDirectory, options: () => RequestOptions, log: (line: string) => void) {
    this.#servers = servers
    this.#options = options
    this.#log = log
    this.#unsubscribeServers = servers.subscribe((states) => this.#followServers(states))
  }

  async subscribe(serverId: string, uri: string): Promise<void> {
    const server = connectedServer(this.#servers, serverId)
    if (server.capabilities.resources?.subscribe !== true) {
      throw new IpcFailure(
        'unavailable',
        `server "${server.name}" does not offer resource subscriptions, so changes to ${uri} cannot be followed`,
      )
    }
    await (server.changes ? this.#follow(server, server.changes, [uri]) : this.#send(server, uri))
    const wanted = this.#wanted.get(serverId) ?? new Set<string>()
    wanted.add(uri)
    this.#wanted.set(serverId, wanted)
  }

  /** Forgets the resource; a connected server is told too. Unsubscribing what was never followed is fine. */
  async unsubscribe(serverId: string, uri: string): Promise<void> {
    const wanted = this.#wanted.get(serverId)
    wanted?.delete(uri)
    if (wanted?.size === 0) this.#wanted.delete(serverId)
    const state = this.#servers.list().find((candidate) => candidate.id === serverId)
    if (state?.status !== 'connected') return
    const server = connectedServer(this.#servers, serverId)
    const sent = this.#sent.get(server.client)
    if (!sent?.has(uri)) return
    sent.delete(uri)
    try {
      if (server.changes) await server.changes.follow([...sent.keys()])
      else await server.client.unsubscribeResource({ uri }, this.#options())
    } catch (error) {
      throw serverRequestFailure(server, `stop following ${uri}`, error)
    }
  }

  /** The URIs followed on a server, for the UI to show which attached resources can get a badge. */
  followed(serverId: string): string[] {
    return [...(this.#wanted.get(serverId) ?? [])]
  }

  /** Whether the user follows this resource: only its `resources/updated` notices are passed on. */
  isFollowed(serverId: string, uri: string): boolean {
    return this.#wanted.get(serverId)?.has(uri) === true
  }

  dispose(): void {
    this.#unsubscribeServers()
    this.#wanted.clear()
  }

  /** One subscribe request per connection and URI; asking again waits for the one already sent. */
  #send(server: ConnectedServer, uri: string): Promise<void> {
    const sent = this.#sentTo(server.client)
    const existing = sent.get(uri)
    if (existing) return existing
    const sending = server.client.subscribeResource({ uri }, this.#options()).then(
      () => undefined,
      (error: unknown) => {
        sent.delete(uri)
        throw serverRequestFailure(server, `follow changes to ${uri}`, error)
      },
    )
    sent.set(uri, sending)
    return sending
  }

  /** 2026-07-28: one re-listen for any number of new URIs; asking again waits for the one already sent. */
  #follow(server: ConnectedServer, changes: ChangeSubscription, uris: readonly string[]): Promise<void> {
    const sent = this.#sentTo(server.client)
    const fresh = uris.filter((uri) => !sent.has(uri))
    if (fresh.length === 0) {
      return Promise.all(uris.map((uri) => sent.get(uri) ?? Promise.resolve())).then(() => undefined)
    }
    const following: Promise<void> = changes.follow([...sent.keys(), ...fresh]).catch((error: unknown) => {
      for (const uri of fresh) if (sent.get(uri) === following) sent.delete(uri)
      throw serverRequestFailure(server, `follow changes to ${fresh.join(', ')}`, error)
    })
    for (const uri of fresh) sent.set(uri, following)
    return following
  }

  #sentTo(client: Client): Map<string, Promise<void>> {
    const sent = this.#sent.get(client) ?? new Map<string, Promise<void>>()
    this.#sent.set(client, sent)
    return sent
  }

  /** A removed server's subscriptions go; a (re)connected one is subscribed to what it does not know yet. */
  #followServers(states: readonly ServerState[]): void {
    for (const serverId of [...this.#wanted.keys()]) {
      const state = states.find((candidate) => candidate.id === serverId)
      if (!state) {
        this.#wanted.delete(serverId)
        continue
      }
      if (state.status !== 'connected') continue
      let server: ConnectedServer
      try {
        server = connectedServer(this.#servers, serverId)
      } catch {
        continue
      }
      if (server.capabilities.resources?.subscribe !== true) continue
      const wanted = [...(this.#wanted.get(serverId) ?? [])]
      if (server.changes) {
        this.#follow(server, server.changes, wanted).catch((error: unknown) =>
          this.#log(`MCP server ${server.name}: following again failed: ${messageOf(error)}`),
        )
        continue
      }
      for (const uri of wanted) {
        this.#send(server, uri).catch((error: unknown) =>
          this.#log(`MCP server ${server.name}: subscribing again to ${uri} failed: ${messageOf(error)}`),
        )
      }
    }
  }
}
