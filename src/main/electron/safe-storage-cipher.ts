import type { SecretBackend } from '../../shared/ipc/contract'
import type { SecretCipher } from '../core/secrets/secret-store'

/** The part of Electron's `safeStorage` this cipher uses; main.ts passes the real one, tests a fake. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean
  encryptString(plainText: string): Buffer
  decryptString(encrypted: Buffer): string
  getSelectedStorageBackend(): string
}

export class SafeStorageUnavailableError extends Error {
  constructor() {
    super('Electron safeStorage cannot encrypt on this system (no OS keychain is available)')
    this.name = 'SafeStorageUnavailableError'
  }
}

export const BASIC_TEXT_WARNING =
  'No OS keyring (GNOME Keyring, KWallet or another Secret Service provider) was found, so Electron fell ' +
  'back to its "basic_text" storage: secrets are only obfuscated with a key built into Electron, and anyone ' +
  'who can read the profile folder can recover them. Install and unlock a keyring, then restart MCP Desk and ' +
  'set your secrets again to protect them.'

export const UNKNOWN_BACKEND_WARNING =
  'Electron could not report which keyring protects secrets, so MCP Desk cannot promise they are encrypted by ' +
  'the OS; treat them as only obfuscated.'

/**
 * Secrets sealed by the OS keychain through Electron's safeStorage (Keychain on macOS, DPAPI on Windows,
 * libsecret/KWallet on Linux). Call after `app` is ready: before that Linux cannot say which backend it uses.
 * Throws SafeStorageUnavailableError when safeStorage cannot encrypt, so the caller can pick a fallback.
 */
export function createSafeStorageCipher(
  safeStorage: SafeStorageLike,
  platform: NodeJS.Platform,
): SecretCipher {
  if (!safeStorage.isEncryptionAvailable()) throw new SafeStorageUnavailableError()
  const backend = describeBackend(safeStorage, platform)
  return {
    id: 'os-keychain',
    backend,
    encrypt: (plain) => safeStorage.encryptString(plain),
    decrypt: (sealed) => safeStorage.decryptString(sealed),
  }
}

function describeBackend(safeStorage: SafeStorageLike, platform: NodeJS.Platform): SecretBackend {
  // Only Linux has a choice of backends; getSelectedStorageBackend exists only there.
  if (platform !== 'linux') return { kind: 'safeStorage', secure: true }
  const selected = safeStorage.getSelectedStorageBackend()
  if (selected === 'basic_text') return { kind: 'basic_text', secure: false, warning: BASIC_TEXT_WARNING }
  // 'unknown' means Electron could not say (it is asked before `ready`); claiming a keyring would be a lie.
  if (selected === 'unknown') return { kind: 'basic_text', secure: false, warning: UNKNOWN_BACKEND_WARNING }
  return { kind: 'safeStorage', secure: true }
}
