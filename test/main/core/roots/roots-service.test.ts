import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SettingsService } from '../../../../src/main/core/config/settings-service'
import { ServerConfigService } from '../../../../src/main/core/mcp/server-config-service'
import { RootsService } from '../../../../src/main/core/roots/roots-service'
import { toSettingsView } from '../../../../src/shared/settings/settings-view'
import { MemoryJsonDocument } from '../../../doubles/memory-json-document'
import { MemorySecretStore } from '../../../doubles/memory-secret-store'
import { settingsWithServers, tempFolders, type Folders } from './roots-harness'

let folders: Folders
beforeEach(() => {
  folders = tempFolders()
})
afterEach(() => folders.cleanup())

describe('roots settings', () => {
  it('a settings file written before roots existed loads with no folder shared', () => {
    const settings = new SettingsService(new MemoryJsonDocument({ schemaVersion: 1, servers: [] }))
    expect(settings.startupWarnings).toEqual([])
    expect(settings.get().roots).toEqual({ default: [], servers: {} })
    expect(toSettingsView(settings.get()).roots).toEqual({ default: [], servers: {} })
  })

  it('a hand-edited file with a relative root or an unknown key shape is rejected, not half-loaded', () => {
    const bad = new SettingsService(
      new MemoryJsonDocument({ schemaVersion: 1, roots: { default: ['projects/src'] } }),
      { quarantine: () => 'settings.bad.json' },
    )
    expect(bad.startupWarnings[0]).toContain('roots.default.0: a root folder must be an absolute path')
    expect(bad.get().roots.default).toEqual([])
  })
})

describe('RootsService lists', () => {
  function setup(ids = ['alpha', 'beta']) {
    const settings = settingsWithServers(ids)
    return { settings, roots: new RootsService({ settings }) }
  }

  it('a server without its own list gets the default set; one with a list gets exactly that', () => {
    const { roots, settings } = setup()
    const shared = folders.make('shared')
    const own = folders.make('own')
    expect(roots.list('alpha')).toEqual({ target: 'alpha', folders: [], source: 'default' })

    roots.grant('*', shared)
    expect(roots.list('alpha')).toEqual({ target: 'alpha', folders: [shared], source: 'default' })

    // Granting to one server keeps what it had from the defaults and adds the folder, for it alone.
    expect(roots.grant('alpha', own)).toEqual({ target: 'alpha', folders: [shared, own], source: 'server' })
    expect(roots.list('beta')).toEqual({ target: 'beta', folders: [shared], source: 'default' })

    // From then on the default set no longer reaches alpha.
    const later = folders.make('later')
    roots.grant('*', later)
    expect(roots.list('alpha').folders).toEqual([shared, own])
    expect(roots.list('beta').folders).toEqual([shared, later])
    expect(roots.list('*')).toEqual({ target: '*', folders: [shared, later], source: '*' })
    expect(settings.get().roots).toEqual({ default: [shared, later], servers: { alpha: [shared, own] } })
  })

  it('revoking a default folder from one server gives it its own list without it; use-default undoes that', () => {
    const { roots } = setup()
    const a = folders.make('a')
    const b = folders.make('b')
    roots.set('*', [a, b])
    expect(roots.revoke('beta', a)).toEqual({ target: 'beta', folders: [b], source: 'server' })
    expect(roots.list('alpha').folders).toEqual([a, b])
    // An empty own list means "no folders", not "follow the defaults".
    expect(roots.revoke('beta', b)).toEqual({ target: 'beta', folders: [], source: 'server' })
    expect(roots.useDefault('beta')).toEqual({ target: 'beta', folders: [a, b], source: 'default' })
  })

  it('stores each folder once, resolved and without a trailing separator', () => {
    const { roots } = setup()
    const dir = folders.make('project')
    roots.grant('*', `${dir}/`)
    roots.grant('*', join(dir, 'sub', '..'))
    roots.grant('*', `  ${dir}  `)
    expect(roots.list('*').folders).toEqual([dir])
    expect(roots.revoke('*', `${dir}//`).folders).toEqual([])
  })

  it('refuses a relative path, a missing folder and a file, naming the path', () => {
    const { roots, settings } = setup()
    const missing = join(folders.base, 'missing')
    const file = join(folders.base, 'notes.txt')
    writeFileSync(file, 'x')
    expect(() => roots.grant('*', 'projects/src')).toThrow(
      '"projects/src" is not an absolute path; give the full path',
    )
    expect(() => roots.grant('*', missing)).toThrow(`folder "${missing}" does not exist`)
    expect(() => roots.grant('*', join(file, 'inside'))).toThrow(
      `folder "${join(file, 'inside')}" does not exist`,
    )
    expect(() => roots.grant('alpha', file)).toThrow(`"${file}" is not a folder`)
    expect(() => roots.set('beta', [folders.base, missing])).toThrow(`folder "${missing}" does not exist`)
    expect(settings.get().roots).toEqual({ default: [], servers: {} })
  })

  it('refuses an unknown server and a folder that was never granted', () => {
    const { roots } = setup()
    const dir = folders.make('d')
    expect(() => roots.grant('nobody', dir)).toThrow('no server with id "nobody"')
    expect(() => roots.list('nobody')).toThrow('no server with id "nobody"')
    expect(() => roots.revoke('alpha', dir)).toThrow(`"${dir}" is not granted to server "alpha"`)
    expect(() => roots.revoke('*', dir)).toThrow(`"${dir}" is not granted to the default set`)
  })

  it('set keeps a granted folder that has since gone from disk, and drops duplicates', () => {
    const { roots } = setup()
    const kept = folders.make('kept')
    const gone = folders.make('gone')
    roots.set('alpha', [kept, gone])
    folders.cleanup()
    expect(roots.set('alpha', [gone, `${gone}/`, kept]).folders).toEqual([gone, kept])
  })

  it('removing a server drops its own list, so a new server with the same id starts from the defaults', () => {
    const settings = new SettingsService(new MemoryJsonDocument())
    const configs = new ServerConfigService(settings, new MemorySecretStore())
    configs.add({ name: 'files', transport: 'stdio', command: 'true' })
    const roots = new RootsService({ settings })
    roots.grant('files', folders.make('private'))
    configs.remove('files')
    expect(settings.get().roots.servers).toEqual({})
    configs.add({ name: 'files', transport: 'stdio', command: 'true' })
    expect(roots.list('files')).toEqual({ target: 'files', folders: [], source: 'default' })
  })
})
