import type { JsonDocument } from '../../src/main/core/config/json-document'

/** A JsonDocument held in memory, for tests of services above the settings port. */
export class MemoryJsonDocument implements JsonDocument {
  readonly path = '/memory/settings.json'
  writes = 0
  #value: unknown
  constructor(initial?: unknown) {
    this.#value = initial === undefined ? undefined : structuredClone(initial)
  }
  read(): unknown {
    return this.#value === undefined ? undefined : structuredClone(this.#value)
  }
  write(value: Record<string, unknown>): void {
    this.writes += 1
    this.#value = structuredClone(value)
  }
}
