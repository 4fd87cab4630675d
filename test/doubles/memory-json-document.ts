import type { JsonDocument } from '../../src/main/core/config/json-document'

/** A JsonDocument held in memory, for tests of services above the settings port. */
export class MemoryJsonDocument implements JsonDocument {
  readonly path = '/memory/settings.json'
  writes = 0
  #value: unknown
  readonly #watchers = new Set<() => void>()
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
  update(change: (current: unknown) => Record<string, unknown> | undefined): void {
    const next = change(this.read())
    if (next !== undefined) this.write(next)
  }
  /** Another process (or the user's editor) changed the document: watchers hear of it. */
  changeOutside(value: unknown): void {
    this.#value = structuredClone(value)
    for (const watcher of this.#watchers) watcher()
  }
  watch(onChange: () => void): () => void {
    this.#watchers.add(onChange)
    return () => this.#watchers.delete(onChange)
  }
}
