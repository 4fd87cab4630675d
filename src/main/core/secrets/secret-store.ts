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
  /**
   * Follows changes other processes make to the store (the CLI beside a running app): `onChange` gets the
   * names whose values were added, replaced or removed. Returns how to stop. Absent where nothing is shared.
   */
  watch?(onChange: (changed: string[]) => void): () => void
}

export type SecretCipherId = 'os-keychain' | 'local-key'

/** How bytes are protected at rest; safeStorage in Electron, AES-256-GCM with a local key outside it. */
export interface SecretCipher {
  /**
   * Which sealing produced a value. One profile can be opened by the desktop app (OS keychain) and by the
   * CLI or web mode (local key); each entry records its sealer so the other side says why it cannot read it.
   */
  readonly id: SecretCipherId
  readonly backend: SecretBackend
  encrypt(plain: string): Buffer
  decrypt(sealed: Buffer): string
}
