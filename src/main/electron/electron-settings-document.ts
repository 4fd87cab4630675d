import { existsSync } from 'node:fs'
import { join } from 'node:path'
import ElectronStore from 'electron-store'
import type { JsonDocument } from '../core/config/json-document'

/**
 * `<home>/settings.json` through electron-store, the same file (and the same `conf` engine underneath) that
 * web mode and the CLI use via ConfSettingsDocument. electron-store reads and parses the file in its
 * constructor and throws on invalid JSON, so the store is built on first use: a broken file then surfaces as
 * a `read()` error SettingsService can quarantine, instead of a crash before the window exists.
 */
export class ElectronSettingsDocument implements JsonDocument {
  readonly path: string
  readonly #home: string
  #store: ElectronStore | undefined

  constructor(home: string) {
    this.#home = home
    this.path = join(home, 'settings.json')
  }

  read(): unknown {
    if (!existsSync(this.path)) return undefined
    // The store hands out null-prototype objects; a JSON round trip gives the plain data the schema expects.
    return JSON.parse(JSON.stringify(this.#open().store)) as unknown
  }

  write(value: Record<string, unknown>): void {
    this.#open().store = value
  }

  #open(): ElectronStore {
    this.#store ??= new ElectronStore({
      cwd: this.#home,
      name: 'settings',
      // Never let the library replace a file the user may have hand-edited; SettingsService decides.
      clearInvalidConfig: false,
      // Literal env and header values live in this file and are treated as secrets: owner-only.
      configFileMode: 0o600,
      deserialize: (text) => parseSettingsText(text, this.path),
    })
    return this.#store
  }
}

/**
 * Stricter than the library's parser, which reads `[1, 2]` or `null` as an empty store (so a broken file
 * would be replaced by defaults). The JSON parser's own message is not passed on: it quotes the file around
 * the error, and the file can hold literal env values.
 */
export function parseSettingsText(text: string, path: string): Record<string, unknown> {
  let value: unknown
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''))
  } catch {
    throw new SyntaxError(`${path} is not valid JSON`)
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const kind = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`
    throw new SyntaxError(`${path} must hold a JSON object, but its top level is ${kind}`)
  }
  return value as Record<string, unknown>
}
