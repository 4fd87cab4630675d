import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ConfSettingsDocument } from '../../../../src/main/core/config/conf-settings-document'

let home: string
beforeEach(() => {
  home = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-desk-conf-'))
})
afterEach(() => fs.rmSync(home, { recursive: true, force: true }))

describe('ConfSettingsDocument', () => {
  it('uses <home>/settings.json and reads undefined before it exists, without creating it', () => {
    const doc = new ConfSettingsDocument(home)
    expect(doc.path).toBe(path.join(home, 'settings.json'))
    expect(doc.read()).toBeUndefined()
    expect(fs.existsSync(doc.path)).toBe(false)
  })

  it('writes the whole store and reads it back as plain objects', () => {
    const doc = new ConfSettingsDocument(path.join(home, 'nested', 'profile'))
    doc.write({ schemaVersion: 1, servers: [{ id: 'a' }], extra: { x: 1 } })
    doc.write({ schemaVersion: 1, servers: [] })
    const value = doc.read() as Record<string, unknown>
    expect(value).toEqual({ schemaVersion: 1, servers: [] })
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype)
    expect(JSON.parse(fs.readFileSync(doc.path, 'utf8'))).toEqual({ schemaVersion: 1, servers: [] })
    // The file can carry literal env values, so it is owner-only.
    if (process.platform !== 'win32') expect(fs.statSync(doc.path).mode & 0o777).toBe(0o600)
  })

  it('reads a file another process wrote after the store was opened', () => {
    const doc = new ConfSettingsDocument(home)
    doc.write({ a: 1 })
    fs.writeFileSync(doc.path, JSON.stringify({ a: 2 }))
    expect(doc.read()).toEqual({ a: 2 })
  })

  it('throws a clear error on invalid JSON and leaves the file alone', () => {
    const file = path.join(home, 'settings.json')
    fs.writeFileSync(file, '{"env": {"TOKEN": "sk-live-123"')
    const doc = new ConfSettingsDocument(home)
    expect(() => doc.read()).toThrow(`${file} is not valid JSON`)
    expect(() => doc.read()).not.toThrow(/sk-live-123/)
    expect(() => doc.write({ a: 1 })).toThrow(/not valid JSON/)
    expect(fs.readFileSync(file, 'utf8')).toBe('{"env": {"TOKEN": "sk-live-123"')
  })

  it.each([
    ['[1, 2]', 'an array'],
    ['null', 'null'],
    ['42', 'a number'],
  ])('refuses a top level of %s instead of reading it as empty', (text, kind) => {
    const file = path.join(home, 'settings.json')
    fs.writeFileSync(file, text)
    expect(() => new ConfSettingsDocument(home).read()).toThrow(`its top level is ${kind}`)
    expect(fs.readFileSync(file, 'utf8')).toBe(text)
  })

  it('accepts a byte order mark from an editor', () => {
    fs.writeFileSync(path.join(home, 'settings.json'), '\uFEFF{"schemaVersion": 1}')
    expect(new ConfSettingsDocument(home).read()).toEqual({ schemaVersion: 1 })
  })
})
