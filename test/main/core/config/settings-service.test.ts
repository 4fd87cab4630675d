import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SettingsFileDocument } from '../../../../src/main/core/config/settings-file-document'
import { quarantineFile } from '../../../../src/main/core/config/quarantine-file'
import { SettingsService } from '../../../../src/main/core/config/settings-service'
import { IpcFailure } from '../../../../src/shared/ipc/ipc-error'
import {
  defaultSettings,
  type ServerConfig,
  type Settings,
} from '../../../../src/shared/settings/settings-schema'

let home: string
let settingsFile: string
beforeEach(() => {
  home = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-desk-settings-'))
  settingsFile = path.join(home, 'settings.json')
})
afterEach(() => fs.rmSync(home, { recursive: true, force: true }))

function open(): SettingsService {
  return new SettingsService(new SettingsFileDocument(home), {
    quarantine: () => quarantineFile(settingsFile),
  })
}

function onDisk(): unknown {
  return JSON.parse(fs.readFileSync(settingsFile, 'utf8'))
}

function quarantined(): string[] {
  return fs
    .readdirSync(home)
    .filter((name) => name.startsWith('settings.json.invalid-'))
    .map((name) => path.join(home, name))
}

const stdioServer: ServerConfig = {
  id: 'files',
  name: 'Files',
  enabled: true,
  sampling: 'ask',
  transport: 'stdio',
  command: 'npx',
  args: ['server-filesystem'],
  env: { DEBUG: '1', TOKEN: { secret: 'files-token' } },
}

describe('SettingsService over the conf document', () => {
  it('writes defaults into a fresh home', () => {
    const service = open()
    expect(service.get()).toEqual(defaultSettings())
    expect(onDisk()).toEqual(defaultSettings())
    expect(service.startupWarnings).toEqual([])
    expect(service.path).toBe(settingsFile)
  })

  it('round-trips a valid file across instances', () => {
    open().update((draft) => {
      draft.appearance.theme = 'dark'
      draft.servers.push(structuredClone(stdioServer))
    })
    const reopened = open()
    expect(reopened.get().appearance.theme).toBe('dark')
    expect(reopened.get().servers).toEqual([stdioServer])
    expect(reopened.startupWarnings).toEqual([])
  })

  it('migrates a hand-written file without schemaVersion to 1 and writes it back', () => {
    fs.writeFileSync(settingsFile, JSON.stringify({ appearance: { theme: 'light' } }))
    const service = open()
    expect(service.get()).toEqual({ ...defaultSettings(), appearance: { theme: 'light' } })
    expect(onDisk()).toEqual({ ...defaultSettings(), appearance: { theme: 'light' } })
    expect(service.startupWarnings).toEqual([])
  })

  it('quarantines invalid JSON, keeps its bytes, and warns naming the problem and the path', () => {
    const bytes = '{"appearance": {"theme": "dark"'
    fs.writeFileSync(settingsFile, bytes)
    const service = open()
    const [kept] = quarantined()
    expect(kept).toBeDefined()
    expect(fs.readFileSync(kept!, 'utf8')).toBe(bytes)
    expect(service.get()).toEqual(defaultSettings())
    expect(service.startupWarnings).toHaveLength(1)
    expect(service.startupWarnings[0]).toContain(settingsFile)
    expect(service.startupWarnings[0]).toContain('not valid JSON')
    expect(service.startupWarnings[0]).toContain(kept!)
    // The next change writes a fresh file; the quarantined one is untouched.
    service.update((draft) => {
      draft.appearance.theme = 'dark'
    })
    expect(onDisk()).toMatchObject({ appearance: { theme: 'dark' } })
    expect(fs.readFileSync(kept!, 'utf8')).toBe(bytes)
  })

  it('quarantines a schema-invalid file with a warning naming the bad field', () => {
    const bytes = JSON.stringify({ schemaVersion: 1, appearance: { theme: 'purple' }, servers: [] })
    fs.writeFileSync(settingsFile, bytes)
    const service = open()
    const [kept] = quarantined()
    expect(fs.readFileSync(kept!, 'utf8')).toBe(bytes)
    expect(fs.existsSync(settingsFile)).toBe(false)
    expect(service.get()).toEqual(defaultSettings())
    expect(service.startupWarnings[0]).toContain('appearance.theme')
    expect(service.startupWarnings[0]).toContain(settingsFile)
  })

  it('never echoes a literal env value from an invalid file into a warning', () => {
    const bad = { ...stdioServer, env: { TOKEN: 'sk-very-secret-1' }, transport: 'carrier-pigeon' }
    fs.writeFileSync(settingsFile, JSON.stringify({ schemaVersion: 1, servers: [bad] }))
    const service = open()
    expect(service.startupWarnings).toHaveLength(1)
    expect(service.startupWarnings.join('\n')).not.toContain('sk-very-secret-1')
  })

  it('refuses a newer schemaVersion without touching the file, and refuses updates', () => {
    const bytes = JSON.stringify({ schemaVersion: 99, futureThing: true })
    fs.writeFileSync(settingsFile, bytes)
    const before = fs.statSync(settingsFile).mtimeMs
    const service = open()
    expect(service.get()).toEqual(defaultSettings())
    expect(service.startupWarnings[0]).toContain('newer MCP Desk')
    expect(quarantined()).toEqual([])
    let failure: unknown
    try {
      service.update((draft) => {
        draft.appearance.theme = 'dark'
      })
    } catch (error) {
      failure = error
    }
    expect(failure).toBeInstanceOf(IpcFailure)
    expect((failure as IpcFailure).code).toBe('conflict')
    expect(fs.readFileSync(settingsFile, 'utf8')).toBe(bytes)
    expect(fs.statSync(settingsFile).mtimeMs).toBe(before)
  })

  it('refuses to write over a bad file it could not move aside', () => {
    fs.writeFileSync(settingsFile, '{nope')
    const service = new SettingsService(new SettingsFileDocument(home), {
      quarantine: () => {
        throw new Error('disk says no')
      },
    })
    expect(service.startupWarnings[0]).toContain('disk says no')
    expect(() => service.update((draft) => draft)).toThrow(IpcFailure)
    expect(fs.readFileSync(settingsFile, 'utf8')).toBe('{nope')
  })

  it('rejects an invalid update with validation_failed and leaves the file unchanged', () => {
    const service = open()
    const before = fs.readFileSync(settingsFile, 'utf8')
    let failure: unknown
    try {
      service.update((draft) => {
        ;(draft.appearance as { theme: string }).theme = 'neon'
      })
    } catch (error) {
      failure = error
    }
    expect(failure).toBeInstanceOf(IpcFailure)
    expect((failure as IpcFailure).code).toBe('validation_failed')
    expect((failure as IpcFailure).message).toContain('appearance.theme')
    expect(fs.readFileSync(settingsFile, 'utf8')).toBe(before)
    expect(service.get()).toEqual(defaultSettings())
  })

  it('notifies subscribers with the new settings, and stops after unsubscribe', () => {
    const service = open()
    const seen: Settings[] = []
    const unsubscribe = service.subscribe((next) => seen.push(next))
    service.update((draft) => {
      draft.appearance.theme = 'dark'
    })
    unsubscribe()
    service.update((draft) => {
      draft.appearance.theme = 'light'
    })
    expect(seen.map((s) => s.appearance.theme)).toEqual(['dark'])
  })

  it('hands out copies, so callers cannot change state behind its back', () => {
    const service = open()
    service.get().appearance.theme = 'dark'
    expect(service.get().appearance.theme).toBe('system')
  })

  it('hands out one frozen snapshot until the next change, which cannot be changed behind its back', () => {
    const service = open()
    const first = service.snapshot()
    expect(service.snapshot()).toBe(first)
    expect(Object.isFrozen(first.sampling)).toBe(true)
    expect(() => {
      first.sampling.maxConcurrentPerServer = 99
    }).toThrow(TypeError)
    service.update((draft) => {
      draft.sampling.maxConcurrentPerServer = 7
    })
    expect(service.snapshot()).not.toBe(first)
    expect(service.snapshot().sampling.maxConcurrentPerServer).toBe(7)
    expect(first.sampling.maxConcurrentPerServer).not.toBe(7)
    // get() still hands out a copy to change.
    const copy = service.get()
    copy.sampling.maxConcurrentPerServer = 3
    expect(service.snapshot().sampling.maxConcurrentPerServer).toBe(7)
  })
})
