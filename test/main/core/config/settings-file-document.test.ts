import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SettingsFileDocument } from '../../../../src/main/core/config/settings-file-document'

let home: string
beforeEach(() => {
  home = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-desk-settings-file-'))
})
afterEach(() => fs.rmSync(home, { recursive: true, force: true }))

const put = (doc: SettingsFileDocument, value: Record<string, unknown>) => doc.update(() => value)

describe('SettingsFileDocument', () => {
  it('uses <home>/settings.json and reads undefined before it exists, without creating it', () => {
    const doc = new SettingsFileDocument(home)
    expect(doc.path).toBe(path.join(home, 'settings.json'))
    expect(doc.read()).toBeUndefined()
    expect(fs.existsSync(doc.path)).toBe(false)
  })

  it('writes the whole document and reads it back as plain objects, owner-only, leaving no temp or lock', () => {
    const doc = new SettingsFileDocument(path.join(home, 'nested', 'profile'))
    put(doc, { schemaVersion: 1, servers: [{ id: 'a' }], extra: { x: 1 } })
    put(doc, { schemaVersion: 1, servers: [] })
    const value = doc.read() as Record<string, unknown>
    expect(value).toEqual({ schemaVersion: 1, servers: [] })
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype)
    expect(JSON.parse(fs.readFileSync(doc.path, 'utf8'))).toEqual({ schemaVersion: 1, servers: [] })
    // The file can carry literal env values, so it is owner-only.
    if (process.platform !== 'win32') expect(fs.statSync(doc.path).mode & 0o777).toBe(0o600)
    expect(fs.readdirSync(path.dirname(doc.path))).toEqual(['settings.json'])
  })

  it('hands each change the file as another process left it', () => {
    const doc = new SettingsFileDocument(home)
    put(doc, { a: 1 })
    fs.writeFileSync(doc.path, JSON.stringify({ a: 2 }))
    expect(doc.read()).toEqual({ a: 2 })
    doc.update((current) => ({ ...(current as Record<string, number>), b: 3 }))
    expect(doc.read()).toEqual({ a: 2, b: 3 })
  })

  it('starts a change over on what an editor saved while it was being computed, instead of erasing it', () => {
    const doc = new SettingsFileDocument(home)
    put(doc, { servers: ['from-app'] })
    let calls = 0
    doc.update((current) => {
      calls += 1
      // An editor takes no lock: it saves while this change is under way.
      if (calls === 1) fs.writeFileSync(doc.path, JSON.stringify({ servers: ['from-app', 'from-editor'] }))
      const { servers } = current as { servers: string[] }
      return { servers: [...servers, 'added'] }
    })
    expect(calls).toBe(2)
    expect(doc.read()).toEqual({ servers: ['from-app', 'from-editor', 'added'] })
  })

  it('writes nothing when the change returns undefined', () => {
    const doc = new SettingsFileDocument(home)
    fs.writeFileSync(doc.path, '{ "a": 1 }')
    doc.update(() => undefined)
    expect(fs.readFileSync(doc.path, 'utf8')).toBe('{ "a": 1 }')
  })

  it('throws a clear error on invalid JSON, with where it stopped, and leaves the file alone', () => {
    const file = path.join(home, 'settings.json')
    fs.writeFileSync(file, '{"env": {"TOKEN": "sk-live-123",\n  oops }')
    const doc = new SettingsFileDocument(home)
    expect(() => doc.read()).toThrow(`${file} is not valid JSON (line 2, column`)
    expect(() => doc.read()).not.toThrow(/sk-live-123/)
    expect(() => put(doc, { a: 1 })).toThrow(/not valid JSON/)
    expect(fs.readFileSync(file, 'utf8')).toBe('{"env": {"TOKEN": "sk-live-123",\n  oops }')
  })

  it.each([
    ['[1, 2]', 'an array'],
    ['null', 'null'],
    ['42', 'a number'],
  ])('refuses a top level of %s instead of reading it as empty', (text, kind) => {
    const file = path.join(home, 'settings.json')
    fs.writeFileSync(file, text)
    expect(() => new SettingsFileDocument(home).read()).toThrow(`its top level is ${kind}`)
    expect(fs.readFileSync(file, 'utf8')).toBe(text)
  })

  it('accepts a byte order mark from an editor', () => {
    fs.writeFileSync(path.join(home, 'settings.json'), '\uFEFF{"schemaVersion": 1}')
    expect(new SettingsFileDocument(home).read()).toEqual({ schemaVersion: 1 })
  })

  it('keeps a symlinked settings.json a symlink, writing the file it points to', () => {
    const dotfiles = path.join(home, 'dotfiles')
    fs.mkdirSync(dotfiles)
    const real = path.join(dotfiles, 'mcp-desk-settings.json')
    fs.writeFileSync(real, '{ "a": 1 }')
    const profile = path.join(home, 'profile')
    fs.mkdirSync(profile)
    fs.symlinkSync(real, path.join(profile, 'settings.json'))
    const doc = new SettingsFileDocument(profile)
    put(doc, { a: 2 })
    expect(fs.lstatSync(doc.path).isSymbolicLink()).toBe(true)
    expect(JSON.parse(fs.readFileSync(real, 'utf8'))).toEqual({ a: 2 })
  })

  it('writes atomically even when SNAP is set (conf wrote in place then)', () => {
    const saved = process.env.SNAP
    process.env.SNAP = '/snap/code/1'
    try {
      const doc = new SettingsFileDocument(home)
      put(doc, { a: 1 })
      const inode = fs.statSync(doc.path).ino
      put(doc, { a: 2 })
      // A rename gives the path a new inode; an in-place write would keep it.
      expect(fs.statSync(doc.path).ino).not.toBe(inode)
    } finally {
      if (saved === undefined) delete process.env.SNAP
      else process.env.SNAP = saved
    }
  })
})
