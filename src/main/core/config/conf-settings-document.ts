import { existsSync } from 'node:fs'
import { join } from 'node:path'
import Conf from 'conf'
import type { JsonDocument } from './json-document'

function describeTopLevel(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  return `a ${typeof value}`
}

/**
 * `<home>/settings.json` through `conf`, the library electron-store is built on, so web mode and the CLI
 * write the file exactly as the desktop app does. Validation and migration are SettingsService's job.
 *
 * conf reads the file when it is constructed and throws on invalid JSON (it would even clear the file if
 * `clearInvalidConfig` were set, which it never is here), so the store is built on first use, after the
 * caller has had the chance to read the error and move the file aside.
 */
export class ConfSettingsDocument implements JsonDocument {
  readonly path: string
  readonly #home: string
  #conf: Conf | undefined

  constructor(home: string) {
    this.#home = home
    this.path = join(home, 'settings.json')
  }

  read(): unknown {
    if (!existsSync(this.path)) return undefined
    // conf hands out null-prototype objects; a JSON round trip gives plain data the schema code expects.
    return JSON.parse(JSON.stringify(this.#store().store)) as unknown
  }

  write(value: Record<string, unknown>): void {
    this.#store().store = value
  }

  #store(): Conf {
    this.#conf ??= new Conf({
      cwd: this.#home,
      configName: 'settings',
      projectName: 'mcp-desk',
      clearInvalidConfig: false,
      // Literal env and header values live in this file and are treated as secrets: owner-only.
      configFileMode: 0o600,
      deserialize: (text) => this.#parse(text),
    })
    return this.#conf
  }

  /**
   * conf's own parser reads `[1, 2]` or `null` as an empty store, which would let a broken file be replaced by
   * defaults; here anything but a JSON object is an error. The parser's message is not passed on because it
   * quotes the file around the failure, and the file can hold literal env values.
   */
  #parse(text: string): Record<string, unknown> {
    let value: unknown
    try {
      value = JSON.parse(text.replace(/^\uFEFF/, ''))
    } catch {
      throw new SyntaxError(`${this.path} is not valid JSON`)
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new SyntaxError(
        `${this.path} must hold a JSON object, but its top level is ${describeTopLevel(value)}`,
      )
    }
    return value as Record<string, unknown>
  }
}
