import { describe, expect, it } from 'vitest'
import {
  BASIC_TEXT_WARNING,
  createSafeStorageCipher,
  SafeStorageUnavailableError,
  UNKNOWN_BACKEND_WARNING,
  type SafeStorageLike,
} from '../../../src/main/electron/safe-storage-cipher'

function fakeSafeStorage(overrides: Partial<SafeStorageLike> = {}): SafeStorageLike {
  return {
    isEncryptionAvailable: () => true,
    encryptString: (plain) => Buffer.from([...Buffer.from(plain, 'utf8')].map((b) => b ^ 0x5a)),
    decryptString: (sealed) => Buffer.from([...sealed].map((b) => b ^ 0x5a)).toString('utf8'),
    getSelectedStorageBackend: () => 'gnome_libsecret',
    ...overrides,
  }
}

describe('createSafeStorageCipher', () => {
  it('throws SafeStorageUnavailableError when safeStorage cannot encrypt', () => {
    const storage = fakeSafeStorage({ isEncryptionAvailable: () => false })
    expect(() => createSafeStorageCipher(storage, 'linux')).toThrow(SafeStorageUnavailableError)
    expect(() => createSafeStorageCipher(storage, 'darwin')).toThrow(/no OS keychain/)
  })

  it('seals and opens values through safeStorage', () => {
    const cipher = createSafeStorageCipher(fakeSafeStorage(), 'linux')
    const sealed = cipher.encrypt('sk-live-ünïcode')
    expect(sealed.toString('utf8')).not.toContain('sk-live')
    expect(cipher.decrypt(sealed)).toBe('sk-live-ünïcode')
  })

  it.each(['gnome_libsecret', 'kwallet', 'kwallet5', 'kwallet6'])(
    'reports a Linux %s keyring as secure',
    (backend) => {
      const cipher = createSafeStorageCipher(
        fakeSafeStorage({ getSelectedStorageBackend: () => backend }),
        'linux',
      )
      expect(cipher.backend).toEqual({ kind: 'safeStorage', secure: true })
    },
  )

  it('reports Linux basic_text as insecure with an explanation', () => {
    const cipher = createSafeStorageCipher(
      fakeSafeStorage({ getSelectedStorageBackend: () => 'basic_text' }),
      'linux',
    )
    expect(cipher.backend).toEqual({ kind: 'basic_text', secure: false, warning: BASIC_TEXT_WARNING })
    expect(BASIC_TEXT_WARNING).toMatch(/No OS keyring/)
    expect(BASIC_TEXT_WARNING).toMatch(/only obfuscated/)
  })

  it('does not claim a keyring when Linux reports an unknown backend', () => {
    const cipher = createSafeStorageCipher(
      fakeSafeStorage({ getSelectedStorageBackend: () => 'unknown' }),
      'linux',
    )
    expect(cipher.backend).toEqual({ kind: 'basic_text', secure: false, warning: UNKNOWN_BACKEND_WARNING })
  })

  it.each(['darwin', 'win32'] as const)(
    'treats %s as the OS keychain without asking for a Linux backend',
    (platform) => {
      const storage = fakeSafeStorage({
        getSelectedStorageBackend: () => {
          throw new Error('getSelectedStorageBackend is Linux-only')
        },
      })
      expect(createSafeStorageCipher(storage, platform).backend).toEqual({
        kind: 'safeStorage',
        secure: true,
      })
    },
  )
})
