import { isDeepStrictEqual } from 'node:util'
import { defaultSettings, settingsSchema, type Settings } from '../../../shared/settings/settings-schema'
import { describeZodIssues, IpcFailure } from '../../../shared/ipc/ipc-error'
import type { JsonDocument } from './json-document'
import { migrateSettings } from './settings-migrations'

export type SettingsListener = (settings: Settings) => void
/** Why the settings file cannot be used right now, or undefined once it can again. */
export type SettingsProblemListener = (problem: string | undefined) => void

export interface SettingsServiceOptions {
  /**
   * Called at start-up when the file cannot be used; it is moved aside (never deleted) before defaults load.
   * The profile opener passes none (see open-profile.ts): the file then stays where it is, reported.
   */
  quarantine?: (reason: string) => string | undefined
}

/** What the file on disk holds: usable settings, nothing at all, or a reason it cannot be used. */
type DiskSettings =
  { kind: 'settings'; settings: Settings } | { kind: 'absent' } | { kind: 'problem'; problem: string }

/**
 * Validated, migrated access to settings.json, which the desktop app, web mode, CLI commands and the user's
 * editor all change. Every update re-reads the file and applies its change to what is there now (under the
 * document's lock), so a write never puts back a copy this process read earlier. `refresh()` (called when
 * the file changes on disk) adopts outside changes and tells listeners.
 *
 * A file that does not parse or validate is never overwritten: it stays exactly as it is, the problem is
 * reported (start-up warnings, problem listeners), and updates are refused until the file is fixed, which
 * refresh() then picks up. Only when a quarantine is given is it moved aside at start-up instead.
 */
export class SettingsService {
  readonly #doc: JsonDocument
  readonly #listeners = new Set<SettingsListener>()
  readonly #problemListeners = new Set<SettingsProblemListener>()
  readonly #warnings: string[] = []
  /** The start-up warning about a file left in place, shown until that file is fixed. */
  #problemWarning: string | undefined
  #current: Settings
  /** A frozen copy of #current for snapshot(), made on first use after each change. */
  #frozen: Settings | undefined
  /** Why the file on disk cannot be used (and so must not be written); undefined while it is fine. */
  #problem: string | undefined
  /** True while a change function runs: an update from inside it would deadlock on the lock or lose work. */
  #changing = false

  constructor(doc: JsonDocument, options: SettingsServiceOptions = {}) {
    this.#doc = doc
    this.#current = this.#load(options)
  }

  get path(): string {
    return this.#doc.path
  }

  /**
   * What went wrong at start-up, for the window and the CLI; the warning about an unusable file that was left
   * in place goes once the file has been fixed.
   */
  get startupWarnings(): string[] {
    return this.#problemWarning === undefined
      ? [...this.#warnings]
      : [...this.#warnings, this.#problemWarning]
  }

  /** Why settings.json cannot be used right now (writes are refused meanwhile), or undefined. */
  get problem(): string | undefined {
    return this.#problem
  }

  get(): Settings {
    return structuredClone(this.#current)
  }

  /**
   * The current settings without a copy per call, frozen: changing them throws. For paths that only read,
   * many times per request (every sampling request reads the server, the limits, the providers): get()
   * copies the whole settings each time. Replaced, never changed, by update() and refresh().
   */
  snapshot(): Settings {
    this.#frozen ??= deepFreeze(structuredClone(this.#current))
    return this.#frozen
  }

  /**
   * Applies `change` to the settings as they are on disk now, validates the result, writes it, and notifies
   * listeners. `change` must compute from its draft only (it may run again if the file changed meanwhile);
   * `afterWrite` runs with the written settings while other processes still cannot change them (deleting
   * secrets no entry references any more is decided there). Invalid results throw validation_failed; an
   * unusable file on disk throws conflict and is left as it is.
   */
  update(change: (draft: Settings) => Settings | void, afterWrite?: (written: Settings) => void): Settings {
    if (this.#changing) throw new Error('settings.update() was called inside a settings change')
    let written: Settings | undefined
    let fromChange: unknown
    this.#locked(() => {
      try {
        this.#doc.update((raw) => {
          try {
            written = this.#apply(change, this.#usable(this.#interpret(raw)))
            return written
          } catch (error) {
            fromChange = error
            throw error
          }
        })
      } catch (error) {
        // The document could not even be read (not JSON): refused like any unusable file, and left alone.
        if (error === fromChange || error instanceof IpcFailure) throw error
        this.#refuse((error as Error).message)
      }
      if (written !== undefined) afterWrite?.(written)
    })
    this.#adopt(written!, true)
    return this.get()
  }

  #apply(change: (draft: Settings) => Settings | void, base: Settings): Settings {
    this.#changing = true
    let changed: Settings
    try {
      const draft = structuredClone(base)
      changed = change(draft) ?? draft
    } finally {
      this.#changing = false
    }
    const parsed = settingsSchema.safeParse(changed)
    if (!parsed.success) {
      throw new IpcFailure('validation_failed', `settings rejected: ${describeZodIssues(parsed.error)}`)
    }
    return parsed.data
  }

  /**
   * Runs `use` with the settings as they are on disk now, while no other process can change them: for
   * decisions that must hold until they are acted on (a secret is deleted only if nothing refers to it).
   */
  whileLocked<T>(use: (current: Settings) => T): T {
    return this.#locked(() => {
      const current = this.#usable(this.#interpret(this.#readRaw()))
      this.#adopt(current, false)
      return use(current)
    })
  }

  /** Re-reads the file and adopts what another process or an editor changed; reports a file that broke. */
  refresh(): void {
    const disk = this.#interpret(this.#readRaw())
    if (disk.kind === 'problem') return this.#setProblem(disk.problem)
    this.#setProblem(undefined)
    // A file removed while running (an editor's save in steps, or a rename aside) changes nothing here.
    if (disk.kind === 'settings') this.#adopt(disk.settings, false)
  }

  /** Follows outside changes to the file until the returned function is called. */
  watch(): () => void {
    return this.#doc.watch?.(() => this.refresh()) ?? (() => {})
  }

  subscribe(listener: SettingsListener): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  onProblem(listener: SettingsProblemListener): () => void {
    this.#problemListeners.add(listener)
    return () => this.#problemListeners.delete(listener)
  }

  #locked<T>(use: () => T): T {
    return this.#doc.locked ? this.#doc.locked(use) : use()
  }

  #readRaw(): unknown {
    try {
      return this.#doc.read()
    } catch (error) {
      return new UnreadableFile((error as Error).message)
    }
  }

  /** What raw content means; the reason never quotes the file (it can hold literal env values). */
  #interpret(raw: unknown): DiskSettings {
    if (raw instanceof UnreadableFile) return { kind: 'problem', problem: raw.reason }
    if (raw === undefined) return { kind: 'absent' }
    const migrated = migrateSettings(raw)
    if (!migrated.ok) return { kind: 'problem', problem: `${this.#doc.path}: ${migrated.reason}` }
    const parsed = settingsSchema.safeParse(migrated.value)
    if (!parsed.success) {
      return {
        kind: 'problem',
        problem: `${this.#doc.path}: settings are invalid: ${describeZodIssues(parsed.error)}`,
      }
    }
    return { kind: 'settings', settings: parsed.data }
  }

  /**
   * The base for a change. A missing file is rebuilt from what this process holds, so removing it never
   * takes the rest of the settings with the next change. A broken file refuses the change.
   */
  #usable(disk: DiskSettings): Settings {
    if (disk.kind === 'settings') {
      this.#setProblem(undefined)
      return disk.settings
    }
    if (disk.kind === 'absent') return this.#current
    return this.#refuse(disk.problem)
  }

  #refuse(problem: string): never {
    this.#setProblem(problem)
    throw new IpcFailure(
      'conflict',
      `settings cannot be changed until the file is fixed: ${problem}. The file was left as it is.`,
    )
  }

  #adopt(settings: Settings, always: boolean): void {
    const changed = !isDeepStrictEqual(settings, this.#current)
    if (changed) {
      this.#current = settings
      this.#frozen = undefined
    }
    if (changed || always) for (const listener of this.#listeners) listener(this.get())
  }

  #setProblem(problem: string | undefined): void {
    if (problem === this.#problem) return
    this.#problem = problem
    this.#problemWarning = undefined
    for (const listener of this.#problemListeners) listener(problem)
  }

  #load(options: SettingsServiceOptions): Settings {
    const raw = this.#readRaw()
    const disk = this.#interpret(raw)
    if (disk.kind === 'problem') return this.#startWithBrokenFile(disk.problem, raw, options)
    const settings = disk.kind === 'settings' ? disk.settings : defaultSettings()
    this.#current = settings
    // A fresh profile gets its file, a hand-written or older one its migration, through the same
    // read-modify-write as every change, so a file another process wrote meanwhile is kept.
    const migrated = disk.kind === 'settings' && isMigrated(raw)
    if (disk.kind === 'absent' || migrated) this.#writeBack()
    return this.#current
  }

  #writeBack(): void {
    try {
      this.update(() => {})
    } catch (error) {
      this.#warnings.push(`${this.#doc.path} could not be written: ${(error as Error).message}`)
    }
  }

  #startWithBrokenFile(problem: string, raw: unknown, options: SettingsServiceOptions): Settings {
    const newer = !(raw instanceof UnreadableFile) && migrateSettings(raw).ok === false && isNewer(raw)
    if (newer) {
      this.#problem = problem
      this.#problemWarning =
        `${problem}. The file was left untouched; defaults are in use and settings cannot be ` +
        'changed until MCP Desk is updated.'
      return defaultSettings()
    }
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
      this.#problem = reason
      this.#problemWarning = `${reason}. Defaults are in use and settings cannot be changed until the file is fixed.`
    } else {
      this.#warnings.push(
        movedTo
          ? `${reason}. The file was kept as ${movedTo}; defaults are in use.`
          : `${reason}. The file is gone; defaults are in use.`,
      )
    }
    return defaultSettings()
  }
}

/** A read that failed, kept as a value so it flows through #interpret like any content. */
class UnreadableFile {
  constructor(readonly reason: string) {}
}

function isMigrated(raw: unknown): boolean {
  const result = migrateSettings(raw)
  return result.ok && result.migrated
}

function isNewer(raw: unknown): boolean {
  const result = migrateSettings(raw)
  return !result.ok && result.fromNewerBuild === true
}

function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value
  for (const child of Object.values(value)) deepFreeze(child)
  return Object.freeze(value)
}
