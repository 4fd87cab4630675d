import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { JsonDocument } from './json-document'

/** What both `conf` and electron-store (built on conf) offer: the whole document as one property. */
export interface WholeStore {
  store: Record<string, unknown>
}

/** Options both libraries take; the adapter adds its own naming option (`configName` vs `name`). */
export interface StoreOpenOptions {
  cwd: string
  clearInvalidConfig: false
  configFileMode: number
  deserialize: (text: string) => Record<string, unknown>
}

/**
 * `<home>/settings.json` through a conf-style store: `conf` in web mode and the CLI, electron-store in the
 * desktop app, so all three write the file the same way. Validation and migration are SettingsService's job.
 *
 * Both libraries parse the file in their constructor and throw on invalid JSON (they would even clear the
 * file if `clearInvalidConfig` were set, which it never is here), so the store is opened on first use: a
 * broken file then surfaces as a `read()` error SettingsService can quarantine, not a crash at start-up.
 */
export class StoreSettingsDocument implements JsonDocument {
  readonly path: string
  readonly #home: string
  readonly #openStore: (options: StoreOpenOptions) => WholeStore
  #store: WholeStore | undefined

  constructor(home: string, openStore: (options: StoreOpenOptions) => WholeStore) {
    this.#home = home
    this.#openStore = openStore
    this.path = join(home, 'settings.json')
  }

  read(): unknown {
    if (!existsSync(this.path)) return undefined
    // The stores hand out null-prototype objects; a JSON round trip gives the plain data the schema expects.
    return JSON.parse(JSON.stringify(this.#open().store)) as unknown
  }

  write(value: Record<string, unknown>): void {
    const store = this.#open()
    // Both libraries write a temp file and rename it over settings.json, so a crash mid-write leaves the old
    // file or the new one, never half of one; except when SNAP is set (their workaround for apps packaged as
    // snaps), where they write in place. MCP Desk is no snap, but inherits SNAP when started from one (a
    // terminal in VS Code's snap), so the variable is hidden for the synchronous write.
    const snap = process.env.SNAP
    if (snap === undefined) {
      store.store = value
      return
    }
    delete process.env.SNAP
    try {
      store.store = value
    } finally {
      process.env.SNAP = snap
    }
  }

  #open(): WholeStore {
    this.#store ??= this.#openStore({
      cwd: this.#home,
      clearInvalidConfig: false,
      // Literal env and header values live in this file and are treated as secrets: owner-only.
      configFileMode: 0o600,
      deserialize: (text) => parseSettingsText(text, this.path),
    })
    return this.#store
  }
}

/**
 * Stricter than the libraries' parser, which reads `[1, 2]` or `null` as an empty store (so a broken file
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
