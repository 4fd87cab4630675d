import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createLocalKeyCipher } from '../../../../src/main/core/secrets/local-key-cipher'

let dir: string
let keyFile: string
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-desk-cipher-'))
  keyFile = path.join(dir, 'profile', 'secrets.key')
})
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

describe('createLocalKeyCipher', () => {
  it('says honestly that it is not secure storage', () => {
    const { backend } = createLocalKeyCipher(keyFile)
    expect(backend.kind).toBe('file')
    expect(backend.secure).toBe(false)
    expect(backend.warning).toMatch(/key .*beside them/)
    expect(backend.warning).toMatch(/keychain/)
  })

  it('creates a 32-byte, owner-only key on first encryption and round-trips text', () => {
    const cipher = createLocalKeyCipher(keyFile)
    expect(fs.existsSync(keyFile)).toBe(false)
    const sealed = cipher.encrypt('héllo wörld 🔑')
    expect(fs.readFileSync(keyFile)).toHaveLength(32)
    if (process.platform !== 'win32') expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600)
    expect(cipher.decrypt(sealed)).toBe('héllo wörld 🔑')
    // A new instance reads the same key.
    expect(createLocalKeyCipher(keyFile).decrypt(sealed)).toBe('héllo wörld 🔑')
  })

  it('uses a fresh IV each time, so equal plaintexts give different ciphertexts', () => {
    const cipher = createLocalKeyCipher(keyFile)
    const a = cipher.encrypt('same')
    const b = cipher.encrypt('same')
    expect(a.equals(b)).toBe(false)
    expect(a.toString('latin1')).not.toContain('same')
  })

  it('detects tampering instead of returning garbage', () => {
    const cipher = createLocalKeyCipher(keyFile)
    const sealed = cipher.encrypt('the real value')
    const flipped = Buffer.from(sealed)
    flipped[flipped.length - 1]! ^= 0x01
    expect(() => cipher.decrypt(flipped)).toThrow(/failed authentication/)
    expect(() => cipher.decrypt(sealed.subarray(0, 10))).toThrow(/malformed/)
  })

  it('refuses a ciphertext made with another key', () => {
    const sealed = createLocalKeyCipher(keyFile).encrypt('value')
    const other = createLocalKeyCipher(path.join(dir, 'other.key'))
    other.encrypt('make the other key')
    expect(() => other.decrypt(sealed)).toThrow(/not the key it was encrypted with/)
  })

  it('reports a missing key on decryption rather than inventing a new one', () => {
    const sealed = createLocalKeyCipher(keyFile).encrypt('value')
    fs.rmSync(keyFile)
    expect(() => createLocalKeyCipher(keyFile).decrypt(sealed)).toThrow(/is missing/)
    expect(fs.existsSync(keyFile)).toBe(false)
  })

  it('fails clearly on a key file of the wrong length, and does not replace it', () => {
    fs.mkdirSync(path.dirname(keyFile), { recursive: true })
    fs.writeFileSync(keyFile, 'too short')
    expect(() => createLocalKeyCipher(keyFile).encrypt('x')).toThrow(`${keyFile} holds 9 bytes, not 32`)
    expect(fs.readFileSync(keyFile, 'utf8')).toBe('too short')
  })

  it('fails clearly when the key file is unreadable', () => {
    fs.mkdirSync(keyFile, { recursive: true }) // a directory where the key should be
    expect(() => createLocalKeyCipher(keyFile).encrypt('x')).toThrow(
      `cannot read the secret key file ${keyFile}`,
    )
  })

  it.skipIf(process.platform === 'win32')('tightens a key file someone made world-readable', () => {
    createLocalKeyCipher(keyFile).encrypt('x')
    fs.chmodSync(keyFile, 0o644)
    createLocalKeyCipher(keyFile).encrypt('y')
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600)
  })
})
