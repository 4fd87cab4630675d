import type { SecretBackend } from '../../src/shared/ipc/contract'
import type { SecretStore } from '../../src/main/core/secrets/secret-store'

/** A SecretStore held in memory, for tests of services above the secret port. */
export class MemorySecretStore implements SecretStore {
  readonly backend: SecretBackend = { kind: 'file', secure: false, warning: 'memory store for tests' }
  readonly #values = new Map<string, string>()
  list(): string[] {
    return [...this.#values.keys()].sort()
  }
  get(name: string): string | undefined {
    return this.#values.get(name)
  }
  set(name: string, value: string): void {
    this.#values.set(name, value)
  }
  delete(name: string): boolean {
    return this.#values.delete(name)
  }
}
