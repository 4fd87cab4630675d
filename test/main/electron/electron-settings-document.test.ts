import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { quarantineFile } from '../../../src/main/core/config/quarantine-file'
import { SettingsService } from '../../../src/main/core/config/settings-service'

/**
 * electron-store imports the Electron binary, which is not installed, and vitest cannot mock imports made
 * inside node_modules. Its whole job is to pick a `cwd` and map `name` to conf's `configName` before handing
 * everything to `conf`, so the stand-in below does exactly that over the real conf engine.
 */
vi.mock('electron-store', async () => {
  const { default: Conf } = await import('conf')
  class ElectronStoreOverConf extends Conf {
    constructor(options: Record<string, unknown> & { name?: string; cwd?: string }) {
      const { name = 'config', ...rest } = options
      if (!rest.cwd) throw new Error('the desktop adapter must always pass an absolute cwd')
      super({ ...rest, configName: name })
    }
  }
  return { default: ElectronStoreOverConf }
})

const { ElectronSettingsDocument } = await import('../../../src/main/electron/electron-settings-document')
const { parseSettingsText } = await import('../../../src/main/core/config/store-settings-document')

let home: string
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'mcp-desk-settings-'))
})
afterEach(() => {
  rmSync(home, { recursive: true, force: true })
})

describe('ElectronSettingsDocument', () => {
  it('points at <home>/settings.json and reads undefined, without creating anything, when it is absent', () => {
    const doc = new ElectronSettingsDocument(home)
    expect(doc.path).toBe(join(home, 'settings.json'))
    expect(doc.read()).toBeUndefined()
    expect(readdirSync(home)).toEqual([])
  })

  it('writes the whole document and reads it back as plain data', () => {
    const doc = new ElectronSettingsDocument(home)
    doc.write({ schemaVersion: 1, appearance: { theme: 'dark' }, servers: [] })
    const read = doc.read() as Record<string, unknown>
    expect(read).toEqual({ schemaVersion: 1, appearance: { theme: 'dark' }, servers: [] })
    expect(Object.getPrototypeOf(read)).toBe(Object.prototype)
    expect(JSON.parse(readFileSync(doc.path, 'utf8'))).toEqual(read)
    doc.write({ schemaVersion: 1, servers: [] })
    expect(new ElectronSettingsDocument(home).read()).toEqual({ schemaVersion: 1, servers: [] })
  })

  it.skipIf(process.platform === 'win32')('keeps the file owner-only', () => {
    new ElectronSettingsDocument(home).write({ schemaVersion: 1 })
    expect(statSync(join(home, 'settings.json')).mode & 0o777).toBe(0o600)
  })

  it('throws on invalid JSON without quoting the file, and leaves the file as it was', () => {
    const path = join(home, 'settings.json')
    writeFileSync(path, '{"servers": [{"env": {"TOKEN": "sk-very-secret"}}] oops')
    const doc = new ElectronSettingsDocument(home)
    expect(() => doc.read()).toThrow(`${path} is not valid JSON`)
    try {
      doc.read()
    } catch (error) {
      expect((error as Error).message).not.toContain('sk-very-secret')
    }
    expect(readFileSync(path, 'utf8')).toContain('oops')
  })

  it.each([
    ['[1, 2]', 'an array'],
    ['null', 'null'],
    ['"text"', 'a string'],
  ])('refuses a top level of %s', (text, kind) => {
    writeFileSync(join(home, 'settings.json'), text)
    expect(() => new ElectronSettingsDocument(home).read()).toThrow(`top level is ${kind}`)
  })

  it('lets the real SettingsService quarantine a broken file and then save fresh settings', () => {
    const path = join(home, 'settings.json')
    writeFileSync(path, '{ not json')
    const settings = new SettingsService(new ElectronSettingsDocument(home), {
      quarantine: () => quarantineFile(path),
    })
    expect(settings.get().appearance.theme).toBe('system')
    expect(settings.startupWarnings).toHaveLength(1)
    expect(settings.startupWarnings[0]).toContain('was kept as')
    const kept = readdirSync(home).find((name) => name.startsWith('settings.json.invalid-'))
    expect(kept && readFileSync(join(home, kept), 'utf8')).toBe('{ not json')

    settings.update((draft) => {
      draft.appearance.theme = 'dark'
    })
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({
      schemaVersion: 1,
      appearance: { theme: 'dark' },
    })
  })

  it('lets the real SettingsService create defaults on first run and load them on the next', () => {
    const first = new SettingsService(new ElectronSettingsDocument(home))
    expect(existsSync(join(home, 'settings.json'))).toBe(true)
    first.update((draft) => {
      draft.appearance.theme = 'light'
    })
    const second = new SettingsService(new ElectronSettingsDocument(home))
    expect(second.get().appearance.theme).toBe('light')
    expect(second.startupWarnings).toEqual([])
  })
})

describe('parseSettingsText', () => {
  it('accepts an object, with or without a byte-order mark', () => {
    expect(parseSettingsText('\uFEFF{"a":1}', '/x/settings.json')).toEqual({ a: 1 })
  })
})
