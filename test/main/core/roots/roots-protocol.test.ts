import { pathToFileURL } from 'node:url'
import { InMemoryTransport, Server } from '@modelcontextprotocol/server'
import type { Transport } from '@modelcontextprotocol/server'
import { Client } from '@modelcontextprotocol/client'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { RootsService } from '../../../../src/main/core/roots/roots-service'
import { serverConfig, settingsWithServers, tempFolders, type Folders } from './roots-harness'

/** A server that counts the roots/list_changed notifications it gets. */
interface Peer {
  server: Server
  client: Client
  changes: number
}

let folders: Folders
beforeEach(() => {
  folders = tempFolders()
})
afterEach(() => folders.cleanup())

describe('RootsService over the protocol', () => {
  const peers: Peer[] = []
  afterEach(async () => {
    for (const peer of peers.splice(0)) await peer.client.close()
  })

  /** Connects a client with the roots feature attached, as ServerConnection does, to an in-memory server. */
  async function connect(roots: RootsService, serverId: string): Promise<Peer> {
    const server = new Server({ name: `server-${serverId}`, version: '1' }, { capabilities: {} })
    const client = new Client({ name: 'mcp-desk-test', version: '0' }, { capabilities: roots.capabilities })
    roots.attach(client, serverConfig(serverId))
    const peer: Peer = { server, client, changes: 0 }
    server.setNotificationHandler('notifications/roots/list_changed', () => {
      peer.changes += 1
    })
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
    // ServerConnection hooks the same transport method: the client calls it once initialize succeeded.
    const transport: Transport = clientSide
    transport.setProtocolVersion = () => roots.onProtocolVersion(client)
    await server.connect(serverSide)
    await client.connect(clientSide)
    peers.push(peer)
    return peer
  }

  /**
   * Everything the client sent before this point has reached the server once the client's answer to a
   * request arrives (one ordered stream), so a notification that is not counted by then was never sent.
   */
  async function settle(peer: Peer) {
    return (await peer.server.listRoots()).roots
  }

  it('declares roots with listChanged and answers roots/list with file:// URIs named by folder', async () => {
    const settings = settingsWithServers(['alpha'])
    const roots = new RootsService({ settings })
    const spaced = folders.make('my folder')
    roots.grant('alpha', spaced)
    const peer = await connect(roots, 'alpha')
    expect(peer.server.getClientCapabilities()?.roots).toEqual({ listChanged: true })
    expect(await peer.server.listRoots()).toEqual({
      roots: [{ uri: pathToFileURL(spaced).href, name: 'my folder' }],
    })
    expect(pathToFileURL(spaced).href).toMatch(/^file:\/\/\/.*my%20folder$/)
  })

  it('sends list_changed only to servers whose own folders changed', async () => {
    const settings = settingsWithServers(['own', 'follower'])
    const roots = new RootsService({ settings })
    const shared = folders.make('shared')
    roots.grant('own', folders.make('private'))
    const own = await connect(roots, 'own')
    const follower = await connect(roots, 'follower')

    roots.grant('*', shared)
    expect(await settle(follower)).toEqual([{ uri: pathToFileURL(shared).href, name: 'shared' }])
    await settle(own)
    expect([own.changes, follower.changes]).toEqual([0, 1])

    // A settings change that is not about roots (or re-granting a folder) tells nobody.
    settings.update((draft) => {
      draft.appearance.theme = 'dark'
    })
    roots.grant('*', shared)
    await Promise.all([settle(own), settle(follower)])
    expect([own.changes, follower.changes]).toEqual([0, 1])

    // Roots edited through settings directly (another writer in this process) are announced the same way.
    settings.update((draft) => {
      draft.roots.servers.own = []
    })
    await Promise.all([settle(own), settle(follower)])
    expect([own.changes, follower.changes]).toEqual([1, 1])
  })

  it('tells a server nothing before it is initialized nor after it was detached', async () => {
    const settings = settingsWithServers(['alpha'])
    const roots = new RootsService({ settings })
    const early = new Client({ name: 'early', version: '0' }, { capabilities: roots.capabilities })
    roots.attach(early, serverConfig('alpha'))
    // Not connected: sending would fail; the server asks for roots once initialized anyway.
    expect(() => roots.grant('alpha', folders.make('a'))).not.toThrow()
    roots.detach(early)

    const peer = await connect(roots, 'alpha')
    roots.detach(peer.client)
    roots.grant('alpha', folders.make('b'))
    await settle(peer)
    expect(peer.changes).toBe(0)
  })
})
