import { SETTINGS_SCHEMA_VERSION } from '../../../shared/settings/settings-schema'
import { upgradeLegacyModels } from '../models/legacy-capabilities'

export type MigrationResult =
  | { ok: true; value: Record<string, unknown>; migrated: boolean }
  /** `fromNewerBuild`: the file is fine, just newer than this build; it must be left exactly as it is. */
  | { ok: false; reason: string; fromNewerBuild?: true }

type Migration = (doc: Record<string, unknown>) => Record<string, unknown>

/**
 * The migration hook: `migrations[n]` turns a version-n document into version n+1. A document with no
 * `schemaVersion` is treated as version 0 (a hand-written file); version 0 -> 1 only stamps the version.
 * Add a step here and bump SETTINGS_SCHEMA_VERSION when the schema changes shape.
 */
export const migrations: Record<number, Migration> = {
  0: (doc) => ({ ...doc, schemaVersion: 1 }),
  // Model capabilities became facts with sources; the made-up defaults of version 1 become unknown.
  1: (doc) => ({ ...upgradeLegacyModels(doc), schemaVersion: 2 }),
}

export function migrateSettings(
  raw: unknown,
  steps: Record<number, Migration> = migrations,
  target: number = SETTINGS_SCHEMA_VERSION,
): MigrationResult {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, reason: 'settings file must contain a JSON object' }
  }
  let doc = raw as Record<string, unknown>
  let version = doc.schemaVersion === undefined ? 0 : doc.schemaVersion
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0) {
    return { ok: false, reason: `schemaVersion must be a whole number, got ${JSON.stringify(version)}` }
  }
  if (version > target) {
    return {
      ok: false,
      reason: `settings were written by a newer MCP Desk (schemaVersion ${version}, this build knows ${target})`,
      fromNewerBuild: true,
    }
  }
  const start = version
  while (version < target) {
    const step = steps[version]
    if (!step) return { ok: false, reason: `no migration from schemaVersion ${version}` }
    doc = step(doc)
    version += 1
  }
  return { ok: true, value: doc, migrated: version !== start }
}
