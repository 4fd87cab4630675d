import {
  defaultSettings,
  settingsSchema,
  type Settings,
} from '../../../shared/settings/settings-schema'
import { describeZodIssues, IpcFailure } from '../../../shared/ipc/ipc-error'
import type { JsonDocument } from './json-document'
import { migrateSettings } from './settings-migrations'

export type SettingsListener = (settings: Settings) => void

export interface SettingsServiceOptions {
  /** Called when the file on disk cannot be used; it is moved aside (never deleted) before defaults load. */
  quarantine?: (reason: string) => string | undefined
}

/**
 * Validated, migrated access to the settings document. A settings file that fails to parse or validate is
 * not overwritten: it is quarantined (renamed beside itself) and the reason becomes a start-up warning.
 */
export class SettingsService {
  readonly #doc: JsonDocument
  readonly #listeners = new Set<SettingsListener>()
  readonly startupWarnings: string[] = []
  #current: Settings

  constructor(doc: JsonDocument, options: SettingsServiceOptions = {}) {
    this.#doc = doc
    this.#current = this.#load(options)
  }

  get path(): string {
    return this.#doc.path
  }

  get(): Settings {
    return structuredClone(this.#current)
  }

  /** Applies a change, validates the result, persists it, and notifies listeners. Invalid results throw. */
  update(change: (draft: Settings) => Settings | void): Settings {
    const draft = structuredClone(this.#current)
    const changed = change(draft) ?? draft
    const parsed = settingsSchema.safeParse(changed)
    if (!parsed.success) {
      throw new IpcFailure('validation_failed', `settings rejected: ${describeZodIssues(parsed.error)}`)
    }
    this.#doc.write(parsed.data as Record<string, unknown>)
    this.#current = parsed.data
    for (const listener of this.#listeners) listener(this.get())
    return this.get()
  }

  subscribe(listener: SettingsListener): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  #load(options: SettingsServiceOptions): Settings {
    let raw: unknown
    try {
      raw = this.#doc.read()
    } catch (error) {
      return this.#fallBack(`settings file is not valid JSON (${(error as Error).message})`, options)
    }
    if (raw === undefined) {
      const fresh = defaultSettings()
      this.#doc.write(fresh as Record<string, unknown>)
      return fresh
    }
    const migrated = migrateSettings(raw)
    if (!migrated.ok) return this.#fallBack(migrated.reason, options)
    const parsed = settingsSchema.safeParse(migrated.value)
    if (!parsed.success) return this.#fallBack(`settings are invalid: ${describeZodIssues(parsed.error)}`, options)
    if (migrated.migrated) this.#doc.write(parsed.data as Record<string, unknown>)
    return parsed.data
  }

  #fallBack(reason: string, options: SettingsServiceOptions): Settings {
    const movedTo = options.quarantine?.(reason)
    this.startupWarnings.push(
      movedTo
        ? `${this.#doc.path}: ${reason}. The file was kept as ${movedTo}; defaults are in use.`
        : `${this.#doc.path}: ${reason}. Defaults are in use until the file is fixed.`,
    )
    return defaultSettings()
  }
}
