import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { CallToolResult } from '@modelcontextprotocol/server'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { CliIo } from '../../../src/cli/cli-io'
import { addRoot, listRoots, removeRoot, resetRoots } from '../../../src/cli/commands/roots-command'
import { createServerManager } from '../../../src/main/core/mcp/create-server-manager'
import { openNodeProfile } from '../../../src/main/core/profile/open-node-profile'
import { RootsService } from '../../../src/main/core/roots/roots-service'
import { spawnCommandFor } from '../../support/spawn-command'
import { tempHome, type TempHome } from '../../support/temp-home'
import { expectExit } from '../support/cli-harness'

let temp: TempHome
let home: string
let work: string
beforeEach(async () => {
  temp = await tempHome('mcp-desk-cli-roots-')
  home = path.join(temp.dir, 'home')
  // Real paths: what the folders are stored and reported as, also where the temp folder is a symlink.
  work = path.join(fs.realpathSync(temp.dir), 'work')
  fs.mkdirSync(work)
  const everything = spawnCommandFor('server-everything')
  await expectExit(
    ['--home', home, 'servers', 'add', 'Everything', '--', everything.command, ...everything.args],
    0,
  )
  await expectExit(['--home', home, 'servers', 'add', 'Files', '--', 'true'], 0)
})
afterEach(() => temp.cleanup())

function folder(name: string): string {
  const dir = path.join(work, name)
  fs.mkdirSync(dir, { recursive: true })
  return dir
}

interface Captured extends CliIo {
  out: () => string
  err: () => string
}

function captured(): Captured {
  let stdout = ''
  let stderr = ''
  return {
    stdout: (s) => (stdout += s),
    stderr: (s) => (stderr += s),
    env: {},
    out: () => stdout,
    err: () => stderr,
  }
}

function storedRoots(): unknown {
  return (JSON.parse(fs.readFileSync(path.join(home, 'settings.json'), 'utf8')) as { roots: unknown }).roots
}

describe('mcp-desk roots', () => {
  it('add grants a folder to the default set or to one server (by id or name) and stores it', () => {
    const shared = folder('shared')
    const own = folder('own')
    const io = captured()
    expect(addRoot(home, '*', shared, io)).toBe(0)
    expect(io.out()).toBe(
      `Granted ${shared} to the default folders\n` +
        'Default folders (for every server without its own list):\n' +
        `  ${shared}\n`,
    )

    const byName = captured()
    expect(addRoot(home, 'files', own, byName)).toBe(0)
    expect(byName.out()).toBe(
      `Granted ${own} to server "Files" (files)\n` +
        'Server "Files" (files), its own list:\n' +
        `  ${shared}\n  ${own}\n`,
    )
    expect(byName.err()).toContain(
      'note: server "Files" (files) now has its own list, starting from the default folders; ' +
        '`mcp-desk roots reset files` makes it follow the defaults again',
    )
    expect(storedRoots()).toEqual({ default: [shared], servers: { files: [shared, own] } })

    const again = captured()
    addRoot(home, 'FILES', `${own}/`, again)
    expect(again.out().split('\n')[0]).toBe(`${own} was already granted to server "Files" (files)`)
  })

  it('resolves a relative folder against the working directory', () => {
    const dir = folder('relative')
    const io = captured()
    addRoot(home, 'everything', 'relative', io, work)
    expect(io.out().split('\n')[0]).toBe(`Granted ${dir} to server "Everything" (everything)`)
    expect(storedRoots()).toEqual({ default: [], servers: { everything: [dir] } })
  })

  it('list shows the default set and each server with where its folders come from; --json too', () => {
    const shared = folder('shared')
    const own = folder('own')
    addRoot(home, '*', shared, captured())
    addRoot(home, 'files', own, captured())
    removeRoot(home, 'files', shared, captured())

    const all = captured()
    expect(listRoots(home, undefined, false, all)).toBe(0)
    expect(all.out()).toBe(
      [
        'Default folders (for every server without its own list):',
        `  ${shared}`,
        'Server "Everything" (everything), following the default folders:',
        `  ${shared}`,
        'Server "Files" (files), its own list:',
        `  ${own}`,
        '',
      ].join('\n'),
    )

    const json = captured()
    listRoots(home, undefined, true, json)
    expect(JSON.parse(json.out())).toEqual({
      default: [shared],
      servers: [
        { id: 'everything', name: 'Everything', folders: [shared], source: 'default' },
        { id: 'files', name: 'Files', folders: [own], source: 'server' },
      ],
    })

    const one = captured()
    listRoots(home, 'files', true, one)
    expect(JSON.parse(one.out())).toEqual({ target: 'files', folders: [own], source: 'server' })
    const star = captured()
    listRoots(home, '*', false, star)
    expect(star.out()).toBe(`Default folders (for every server without its own list):\n  ${shared}\n`)
  })

  it('remove and reset: an emptied list shares nothing; reset follows the defaults again', () => {
    const shared = folder('shared')
    addRoot(home, '*', shared, captured())
    const removed = captured()
    expect(removeRoot(home, 'everything', shared, removed)).toBe(0)
    expect(removed.out()).toBe(
      `Revoked ${shared} from server "Everything" (everything)\n` +
        'Server "Everything" (everything), its own list:\n  no folders\n',
    )
    const reset = captured()
    expect(resetRoots(home, 'everything', reset)).toBe(0)
    expect(reset.out()).toBe(
      `Server "Everything" (everything), following the default folders:\n  ${shared}\n`,
    )
    expect(storedRoots()).toEqual({ default: [shared], servers: {} })
  })

  it('refuses an unknown server, a missing folder, a file and a folder that is not granted, storing nothing', () => {
    const file = path.join(work, 'notes.txt')
    fs.writeFileSync(file, 'x')
    const missing = path.join(work, 'missing')
    expect(() => addRoot(home, 'nobody', work, captured())).toThrow(
      'no server "nobody" (configured ids: everything, files)',
    )
    expect(() => addRoot(home, '*', missing, captured())).toThrow(`folder "${missing}" does not exist`)
    expect(() => addRoot(home, '*', file, captured())).toThrow(`"${file}" is not a folder`)
    expect(() => removeRoot(home, '*', work, captured())).toThrow(
      `"${work}" is not granted to the default set`,
    )
    expect(storedRoots()).toEqual({ default: [], servers: {} })
  })

  it('folders granted on the command line are what server-everything gets from roots/list', async () => {
    const granted = folder('for everything')
    addRoot(home, 'everything', granted, captured())
    const profile = openNodeProfile(home)
    const roots = new RootsService({ settings: profile.settings })
    const { servers } = createServerManager({
      settings: profile.settings,
      secrets: profile.secrets,
      log: () => undefined,
      features: [roots],
    })
    try {
      await servers.restart('everything')
      const result: CallToolResult = await servers.connection('everything').callTool('get-roots-list', {})
      const text = result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n')
      expect(text).toContain('Current MCP Roots (1 total):')
      expect(text).toContain(`1. for everything\n   URI: ${pathToFileURL(granted).href}`)
    } finally {
      roots.dispose()
      await servers.shutdown()
    }
  })
})
