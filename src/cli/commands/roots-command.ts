import path from 'node:path'
import { openNodeProfile } from '../../main/core/profile/open-node-profile'
import { RootsService } from '../../main/core/roots/roots-service'
import type { RootsListing, RootsTarget } from '../../shared/roots/roots-schema'
import type { ServerConfig } from '../../shared/settings/settings-schema'
import { outputOf, type CliIo } from '../cli-io'
import { firstLine, terminalText } from '../format/terminal-text'
import { findServer } from '../server-lookup'

/**
 * `roots add|remove|list|reset`: the folders servers may work in (MCP roots), edited through the same
 * RootsService the app uses, so the CLI validates and stores them exactly as the window does. A server is
 * named by id or name; `*` is the default set, which every server without its own list gets.
 */
interface RootsSession {
  roots: RootsService
  servers: ServerConfig[]
}

function openRoots(home: string): RootsSession {
  const profile = openNodeProfile(home)
  return { roots: new RootsService({ settings: profile.settings }), servers: profile.settings.get().servers }
}

/** `*` or the server a query names; the server's config comes along for its display name. */
function targetOf(session: RootsSession, query: string): { target: RootsTarget; server?: ServerConfig } {
  if (query.trim() === '*') return { target: '*' }
  const server = findServer(session.servers, query)
  return { target: server.id, server }
}

export function addRoot(home: string, query: string, dir: string, io: CliIo, cwd = process.cwd()): number {
  const session = openRoots(home)
  const { target, server } = targetOf(session, query)
  const before = session.roots.list(target)
  const folder = path.resolve(cwd, dir)
  const after = session.roots.grant(target, folder)
  const granted = after.folders.find((candidate) => !before.folders.includes(candidate))
  const { print } = outputOf(io)
  print(
    granted === undefined
      ? `${terminalText(folder)} was already granted to ${describe(target, server)}`
      : `Granted ${terminalText(granted)} to ${describe(target, server)}`,
  )
  noteOwnList(before, after, server, io)
  printListing(after, server, io)
  return 0
}

export function removeRoot(home: string, query: string, dir: string, io: CliIo, cwd = process.cwd()): number {
  const session = openRoots(home)
  const { target, server } = targetOf(session, query)
  const before = session.roots.list(target)
  const folder = path.resolve(cwd, dir)
  const after = session.roots.revoke(target, folder)
  outputOf(io).print(`Revoked ${terminalText(folder)} from ${describe(target, server)}`)
  noteOwnList(before, after, server, io)
  printListing(after, server, io)
  return 0
}

/** `roots reset <server>`: the server drops its own list and gets the default folders again. */
export function resetRoots(home: string, query: string, io: CliIo): number {
  const session = openRoots(home)
  const server = findServer(session.servers, query)
  const listing = session.roots.useDefault(server.id)
  printListing(listing, server, io)
  return 0
}

/** `roots list [<server|*>]`: one target's folders, or the default set and every server's. */
export function listRoots(home: string, query: string | undefined, json: boolean, io: CliIo): number {
  const session = openRoots(home)
  const { print } = outputOf(io)
  if (query !== undefined) {
    const { target, server } = targetOf(session, query)
    const listing = session.roots.list(target)
    if (json) print(JSON.stringify(listing, null, 2))
    else printListing(listing, server, io)
    return 0
  }
  const everyServer = session.servers.map((server) => ({ server, listing: session.roots.list(server.id) }))
  if (json) {
    const shown = {
      default: session.roots.list('*').folders,
      servers: everyServer.map(({ server, listing }) => ({
        id: server.id,
        name: server.name,
        folders: listing.folders,
        source: listing.source,
      })),
    }
    print(JSON.stringify(shown, null, 2))
    return 0
  }
  printListing(session.roots.list('*'), undefined, io)
  for (const { server, listing } of everyServer) printListing(listing, server, io)
  return 0
}

function describe(target: RootsTarget, server: ServerConfig | undefined): string {
  return target === '*' || server === undefined
    ? 'the default folders'
    : `server "${firstLine(server.name)}" (${server.id})`
}

function printListing(listing: RootsListing, server: ServerConfig | undefined, io: CliIo): void {
  const { print } = outputOf(io)
  if (listing.source === '*') print('Default folders (for every server without its own list):')
  else if (listing.source === 'server')
    print(`${capitalised(describe(listing.target, server))}, its own list:`)
  else print(`${capitalised(describe(listing.target, server))}, following the default folders:`)
  if (listing.folders.length === 0) print('  no folders')
  for (const folder of listing.folders) print(`  ${terminalText(folder)}`)
}

/** A change that gave a server its own list cuts it off from later default changes: say so, and the way back. */
function noteOwnList(
  before: RootsListing,
  after: RootsListing,
  server: ServerConfig | undefined,
  io: CliIo,
): void {
  if (server === undefined || before.source !== 'default' || after.source !== 'server') return
  outputOf(io).warn(
    `note: server "${firstLine(server.name)}" (${server.id}) now has its own list, starting from the ` +
      `default folders; \`mcp-desk roots reset ${server.id}\` makes it follow the defaults again`,
  )
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}
