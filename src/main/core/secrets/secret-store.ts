import type { SecretBackend } from '../../../shared/ipc/contract'

/**
 * The secret store port. Values go in and come out only inside the main process; the renderer sees names.
 * Desktop: Electron safeStorage (OS keychain). Outside Electron: an AES-GCM file with its key beside it.
 */
export interface SecretStore {
  readonly backend: SecretBackend
  list(): string[]
  get(name: string): string | undefined
  set(name: string, value: string): void
  delete(name: string): boolean
}

/** How bytes are protected at rest; safeStorage in Electron, AES-256-GCM with a local key outside it. */
export interface SecretCipher {
  readonly backend: SecretBackend
  encrypt(plain: string): Buffer
  decrypt(sealed: Buffer): string
}
