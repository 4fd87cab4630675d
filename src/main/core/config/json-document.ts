/**
 * The settings port: one JSON document on disk. Electron's adapter wraps electron-store, the plain-Node
 * adapter wraps `conf`; both point at the same `<home>/settings.json`, so the desktop app, web mode and
 * the CLI share one profile. Validation and migration live above this port, in SettingsService.
 */
export interface JsonDocument {
  readonly path: string
  /** The raw parsed document; `undefined` when the file does not exist yet. Throws on unreadable JSON. */
  read(): unknown
  write(value: Record<string, unknown>): void
}
