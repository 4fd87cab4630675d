import { defaultSettings, settingsSchema, type Settings } from '../../../shared/settings/settings-schema'
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
 * A file this build must not write (written by a newer build, or one that could not be moved aside) is
 * left alone: defaults are used in memory and `update` refuses until the file is dealt with.
 */
export class SettingsService {
  readonly #doc: JsonDocument
  readonly #listeners = new Set<SettingsListener>()
  readonly startupWarnings: string[] = []
  #current: Settings
  /** A frozen copy of #current for snapshot(), made on first use after each change. */
  #frozen: Settings | undefined
  /** Why writing is refused; set when writing would destroy a file the user still needs. */
  #readOnlyReason: string | undefined

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

  /**
   * The current settings without a copy per call, frozen: changing them throws. For paths that only read,
   * many times per request (every sampling request reads the server, the limits, the providers): get()
   * copies the whole settings each time. Replaced, never changed, by update().
   */
  snapshot(): Settings {
    this.#frozen ??= deepFreeze(structuredClone(this.#current))
    return this.#frozen
  }

  /** Applies a change, validates the result, persists it, and notifies listeners. Invalid results throw. */
  update(change: (draft: Settings) => Settings | void): Settings {
    if (this.#readOnlyReason !== undefined) {
      throw new IpcFailure('conflict', `settings cannot be changed: ${this.#readOnlyReason}`)
    }
    const draft = structuredClone(this.#current)
    const changed = change(draft) ?? draft
    const parsed = settingsSchema.safeParse(changed)
    if (!parsed.success) {
      throw new IpcFailure('validation_failed', `settings rejected: ${describeZodIssues(parsed.error)}`)
    }
    this.#doc.write(parsed.data)
    this.#current = parsed.data
    this.#frozen = undefined
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
      return this.#fallBack(`settings file could not be read: ${(error as Error).message}`, options)
    }
    if (raw === undefined) {
      const fresh = defaultSettings()
      this.#doc.write(fresh)
      return fresh
    }
    const migrated = migrateSettings(raw)
    if (!migrated.ok && migrated.fromNewerBuild) return this.#refuseNewer(migrated.reason)
    if (!migrated.ok) return this.#fallBack(migrated.reason, options)
    const parsed = settingsSchema.safeParse(migrated.value)
    if (!parsed.success)
      return this.#fallBack(`settings are invalid: ${describeZodIssues(parsed.error)}`, options)
    if (migrated.migrated) this.#doc.write(parsed.data)
    return parsed.data
  }

  #refuseNewer(reason: string): Settings {
    this.#readOnlyReason = `${this.#doc.path}: ${reason}`
    this.startupWarnings.push(
      `${this.#doc.path}: ${reason}. The file was left untouched; defaults are in use and settings cannot be ` +
        'changed until MCP Desk is updated.',
    )
    return defaultSettings()
  }

  #fallBack(problem: string, options: SettingsServiceOptions): Settings {
    let reason = problem
    let movedTo: string | undefined
    let keptInPlace = options.quarantine === undefined
    try {
      movedTo = options.quarantine?.(reason)
    } catch (error) {
      reason = `${reason}; moving it aside failed (${(error as Error).message})`
      keptInPlace = true
    }
    if (keptInPlace) {
      // The bad file is still where the next write would go: refuse to write rather than destroy it.
      this.#readOnlyReason = `${this.#doc.path} is unusable (${reason}) and must be fixed or moved first`
      this.startupWarnings.push(
        `${this.#doc.path}: ${reason}. Defaults are in use and settings cannot be changed until the file is fixed.`,
      )
    } else {
      this.startupWarnings.push(
        movedTo
          ? `${this.#doc.path}: ${reason}. The file was kept as ${movedTo}; defaults are in use.`
          : `${this.#doc.path}: ${reason}. The file is gone; defaults are in use.`,
      )
    }
    return defaultSettings()
  }
}

function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value
  for (const child of Object.values(value)) deepFreeze(child)
  return Object.freeze(value)
}
