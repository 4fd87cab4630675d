import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { SecretCipher } from '../../../../src/main/core/secrets/secret-store'
import { EncryptedFileSecretStore } from '../../../../src/main/core/secrets/encrypted-file-secret-store'
import { createLocalKeyCipher } from '../../../../src/main/core/secrets/local-key-cipher'
import { IpcFailure } from '../../../../src/shared/ipc/ipc-error'

let home: string
let secretsFile: string
beforeEach(() => {
  home = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-desk-secrets-'))
  secretsFile = path.join(home, 'secrets.json')
})
afterEach(() => fs.rmSync(home, { recursive: true, force: true }))

function open(): EncryptedFileSecretStore {
  return new EncryptedFileSecretStore(secretsFile, createLocalKeyCipher(path.join(home, 'secrets.key')))
}

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    return entry.isDirectory() ? filesUnder(full) : [full]
  })
}

function failureOf(action: () => unknown): IpcFailure {
  try {
    action()
  } catch (error) {
    if (error instanceof IpcFailure) return error
    throw error
  }
  throw new Error('expected an IpcFailure')
}

describe('EncryptedFileSecretStore', () => {
  it('stores, lists, reads and deletes secrets across instances', () => {
    const store = open()
    expect(store.list()).toEqual([])
    store.set('openai', 'sk-one')
    store.set('Another.key_2', 'two')
    store.set('openai', 'sk-one-updated')
    const reopened = open()
    expect(reopened.list()).toEqual(['Another.key_2', 'openai'])
    expect(reopened.get('openai')).toBe('sk-one-updated')
    expect(reopened.get('missing')).toBeUndefined()
    expect(reopened.delete('openai')).toBe(true)
    expect(reopened.delete('openai')).toBe(false)
    expect(open().list()).toEqual(['Another.key_2'])
    expect(open().backend).toMatchObject({ kind: 'file', secure: false })
  })

  it('writes { version: 1, secrets: { name: { sealedBy, data } } } with mode 0600 and no temp files left behind', () => {
    open().set('token', 'value')
    const document = JSON.parse(fs.readFileSync(secretsFile, 'utf8'))
    expect(document.version).toBe(1)
    expect(Object.keys(document.secrets)).toEqual(['token'])
    expect(document.secrets.token.sealedBy).toBe('local-key')
    expect(document.secrets.token.data).toMatch(/^[A-Za-z0-9+/]+=*$/)
    if (process.platform !== 'win32') expect(fs.statSync(secretsFile).mode & 0o777).toBe(0o600)
    expect(fs.readdirSync(home).sort()).toEqual(['secrets.json', 'secrets.key'])
  })

  it('never leaves a value in clear (or base64) in any file under the home', () => {
    const plaintext = 'sk-proj-PLAINTEXT-canary-8f3a2c1d9e'
    const store = open()
    store.set('canary', plaintext)
    store.set('other', 'x')
    expect(open().get('canary')).toBe(plaintext)
    const needles = [
      Buffer.from(plaintext, 'utf8'),
      Buffer.from(plaintext, 'utf16le'),
      Buffer.from(Buffer.from(plaintext).toString('base64').slice(0, 24)),
      Buffer.from(Buffer.from(plaintext).toString('base64url').slice(0, 24)),
      Buffer.from(Buffer.from(plaintext).toString('hex')),
    ]
    const files = filesUnder(home)
    expect(files.length).toBeGreaterThanOrEqual(2)
    for (const file of files) {
      const bytes = fs.readFileSync(file)
      for (const needle of needles)
        expect(bytes.includes(needle), `${needle.toString()} in ${file}`).toBe(false)
    }
  })

  it('gives a clear error, not garbage, for a tampered entry, and keeps the other entries usable', () => {
    const store = open()
    store.set('victim', 'original value')
    store.set('bystander', 'fine')
    const document = JSON.parse(fs.readFileSync(secretsFile, 'utf8'))
    const sealed = Buffer.from(document.secrets.victim.data, 'base64')
    sealed[sealed.length - 1]! ^= 0xff
    document.secrets.victim.data = sealed.toString('base64')
    fs.writeFileSync(secretsFile, JSON.stringify(document))
    const failure = failureOf(() => open().get('victim'))
    expect(failure.code).toBe('unavailable')
    expect(failure.message).toContain('secret "victim"')
    expect(failure.message).toContain('cannot be decrypted')
    expect(open().get('bystander')).toBe('fine')
  })

  it('says which side sealed a secret it cannot read (desktop keychain vs local key), without touching it', () => {
    const desktopCipher: SecretCipher = {
      id: 'os-keychain',
      backend: { kind: 'safeStorage', secure: true },
      encrypt: (plain) => Buffer.from(`keychain:${plain}`).reverse(),
      decrypt: (sealed) => Buffer.from(sealed).reverse().toString('utf8').slice('keychain:'.length),
    }
    new EncryptedFileSecretStore(secretsFile, desktopCipher).set('from-desktop', 'desktop value')
    open().set('from-cli', 'cli value')
    const cli = open()
    expect(cli.list()).toEqual(['from-cli', 'from-desktop'])
    const failure = failureOf(() => cli.get('from-desktop'))
    expect(failure.code).toBe('unavailable')
    expect(failure.message).toContain('stored by the desktop app (OS keychain)')
    expect(failure.message).toContain('cannot be read by the CLI or web mode')
    const desktop = new EncryptedFileSecretStore(secretsFile, desktopCipher)
    expect(desktop.get('from-desktop')).toBe('desktop value')
    expect(failureOf(() => desktop.get('from-cli')).message).toContain('stored by the CLI or web mode')
  })

  it('moves a corrupt file aside with a clear error instead of overwriting it', () => {
    fs.writeFileSync(secretsFile, '{"version": 1, "secrets": {')
    const failure = failureOf(() => open().set('new', 'value'))
    expect(failure.code).toBe('unavailable')
    expect(failure.message).toContain('not valid JSON')
    const kept = fs.readdirSync(home).filter((name) => name.startsWith('secrets.json.invalid-'))
    expect(kept).toHaveLength(1)
    expect(failure.message).toContain(kept[0])
    expect(fs.readFileSync(path.join(home, kept[0]!), 'utf8')).toBe('{"version": 1, "secrets": {')
    // The store starts over with an empty file afterwards.
    const store = open()
    expect(store.list()).toEqual([])
    store.set('new', 'value')
    expect(store.get('new')).toBe('value')
  })

  it('treats a file of the wrong shape as corrupt', () => {
    fs.writeFileSync(secretsFile, JSON.stringify({ version: 2, secrets: {} }))
    expect(failureOf(() => open().list()).message).toMatch(/not a secrets file MCP Desk understands: version/)
    fs.writeFileSync(secretsFile, JSON.stringify({ version: 1, secrets: { 'bad name!': 'AAAA' } }))
    expect(failureOf(() => open().list()).message).toContain('not a secrets file')
  })

  it.each(['', 'has space', '../escape', '-leading-dash', 'x'.repeat(129), '__proto__'])(
    'rejects the invalid name %j',
    (name) => {
      const store = open()
      for (const action of [() => store.set(name, 'v'), () => store.get(name), () => store.delete(name)]) {
        expect(failureOf(action).code).toBe('validation_failed')
      }
      expect(fs.existsSync(secretsFile)).toBe(false)
    },
  )
})
