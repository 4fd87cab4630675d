import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { CallToolResult } from '@modelcontextprotocol/server'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SettingsService } from '../../../../src/main/core/config/settings-service'
import type { ConnectionManager } from '../../../../src/main/core/mcp/connection-manager'
import { createServerManager } from '../../../../src/main/core/mcp/create-server-manager'
import { RootsService } from '../../../../src/main/core/roots/roots-service'
import { MemoryJsonDocument } from '../../../doubles/memory-json-document'
import { MemorySecretStore } from '../../../doubles/memory-secret-store'
import { spawnCommandFor } from '../../../support/spawn-command'
import { npmServerBin } from '../../../cli/support/npm-servers'
import { tempFolders, WaitableLog, type Folders } from './roots-harness'

let folders: Folders
beforeEach(() => {
  folders = tempFolders()
})
afterEach(() => folders.cleanup())

describe('roots with real servers over stdio', () => {
  const cleanups: Array<() => Promise<void> | void> = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })

  function setup() {
    const settings = new SettingsService(new MemoryJsonDocument())
    const log = new WaitableLog()
    const roots = new RootsService({ settings, log: log.push })
    const { configs, servers } = createServerManager({
      settings,
      secrets: new MemorySecretStore(),
      log: () => undefined,
      features: [roots],
    })
    cleanups.push(
      () => servers.shutdown(),
      () => roots.dispose(),
    )
    return { settings, roots, configs, servers, log }
  }

  async function callText(servers: ConnectionManager, id: string, tool: string, args = {}) {
    const result: CallToolResult = await servers.connection(id).callTool(tool, args)
    return result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n')
  }

  /** server-everything's get-roots-list text for exactly these folders, in order. */
  function everythingListing(dirs: string[]): string[] {
    return [
      `Current MCP Roots (${dirs.length} total):`,
      ...dirs.map(
        (dir, index) => `${index + 1}. ${dir.split('/').at(-1)}\n   URI: ${pathToFileURL(dir).href}`,
      ),
    ]
  }

  it("server-everything's get-roots-list returns exactly the granted folders and follows changes", async () => {
    const { roots, configs, servers, log } = setup()
    for (const name of ['everything', 'other']) {
      configs.add({ name, transport: 'stdio', ...spawnCommandFor('server-everything') })
    }
    const shared = folders.make('shared')
    const own = folders.make('own-folder')
    roots.grant('*', shared)
    roots.grant('other', own)
    await servers.start()
    // Both list their roots once after connecting; on a loaded machine the other one may do so late, so
    // its first listing must be in before the mark below counts what changes tell it.
    await log.next('everything: listed its roots (1)')
    await log.next('other: listed its roots (2)')

    const first = await callText(servers, 'everything', 'get-roots-list')
    for (const line of everythingListing([shared])) expect(first).toContain(line)
    expect(first).not.toContain(own)

    // A folder granted to this server only: it is told, re-lists, and its tool shows both.
    const added = folders.make('added')
    const mark = log.mark()
    roots.grant('everything', added)
    await log.next('everything: roots changed, sending roots/list_changed', mark)
    await log.next('everything: listed its roots (2)', mark)
    await vi.waitFor(async () => {
      const text = await callText(servers, 'everything', 'get-roots-list')
      for (const line of everythingListing([shared, added])) expect(text).toContain(line)
    })
    // The other server has its own list, which did not change: it was not told.
    expect(log.lines.slice(mark).filter((line) => line.startsWith('other:'))).toEqual([])

    // Revoking everything leaves the server with no roots.
    roots.set('everything', [])
    await vi.waitFor(async () => {
      expect(await callText(servers, 'everything', 'get-roots-list')).toContain(
        'The client supports roots but no roots are currently configured',
      )
    })
    const other = await callText(servers, 'other', 'get-roots-list')
    for (const line of everythingListing([shared, own])) expect(other).toContain(line)
  })

  it('server-filesystem started without a directory works in the granted folders', async () => {
    const { roots, configs, servers, log } = setup()
    configs.add({
      name: 'files',
      transport: 'stdio',
      command: process.execPath,
      args: [npmServerBin('server-filesystem')],
    })
    const docs = folders.make('docs', 'readme.txt')
    roots.grant('files', docs)
    await servers.start()
    expect(servers.get('files').status).toBe('connected')
    await log.next('files: listed its roots (1)')

    await vi.waitFor(async () => {
      expect(await callText(servers, 'files', 'list_allowed_directories')).toBe(
        `Allowed directories:\n${docs}`,
      )
    })
    expect(await callText(servers, 'files', 'list_directory', { path: docs })).toBe('[FILE] readme.txt')
    // Outside the granted folder it refuses.
    const outside = folders.make('outside', 'secret.txt')
    expect(await callText(servers, 'files', 'list_directory', { path: outside })).toContain('Access denied')

    // Granting a second folder reaches the running server through list_changed.
    roots.grant('files', outside)
    await vi.waitFor(async () => {
      expect(await callText(servers, 'files', 'list_allowed_directories')).toBe(
        `Allowed directories:\n${docs}\n${outside}`,
      )
    })
    expect(await callText(servers, 'files', 'list_directory', { path: outside })).toBe('[FILE] secret.txt')
    expect(await callText(servers, 'files', 'read_text_file', { path: join(outside, 'secret.txt') })).toBe(
      'hello\n',
    )
  })

  it('tells a 2026-07-28 server nothing when roots change: it asks inside each call (MRTR) and gets them', async () => {
    const { roots, configs, servers, log } = setup()
    const mrtr = fileURLToPath(new URL('../../../fixtures/mcp-servers/mrtr-server.ts', import.meta.url))
    configs.add({ name: 'modern', transport: 'stdio', command: process.execPath, args: [mrtr] })
    const first = folders.make('first')
    const second = folders.make('second')
    roots.grant('*', first)
    await servers.start()
    expect(servers.get('modern').protocolVersion).toBe('2026-07-28')
    expect(await callText(servers, 'modern', 'where')).toBe(pathToFileURL(first).href)

    const mark = log.mark()
    roots.grant('*', second)
    expect(await callText(servers, 'modern', 'where')).toBe(
      [pathToFileURL(first).href, pathToFileURL(second).href].join('\n'),
    )
    // Neither "sending roots/list_changed" nor "not sent" (the SDK refuses the old notification).
    expect(log.lines.slice(mark)).toEqual(['modern: listed its roots (2)'])
  })
})
