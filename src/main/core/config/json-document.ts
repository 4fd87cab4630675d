/**
 * The settings port: one JSON document that other processes share. The file adapter
 * (`settings-file-document.ts`) is used by the desktop app, web mode and the CLI alike, on the same
 * `<home>/settings.json`. Validation and migration live above this port, in SettingsService.
 */
export interface JsonDocument {
  readonly path: string
  /** The document as it is now; `undefined` when it does not exist. Throws when it is not a JSON object. */
  read(): unknown
  /**
   * Replaces the document with what `change` makes of its current content (`undefined` when absent), with no
   * other writer in between; nothing is written when `change` returns undefined. Throws, before `change`
   * runs, when the current content is not a JSON object. `change` may run more than once.
   */
  update(change: (current: unknown) => Record<string, unknown> | undefined): void
  /** Runs `use` while no other process can change the document (re-entrant: `update` may run inside). */
  locked?<T>(use: () => T): T
  /** Calls `onChange` after the document may have changed outside this process; returns how to stop. */
  watch?(onChange: () => void): () => void
}
