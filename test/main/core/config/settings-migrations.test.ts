import { describe, expect, it } from 'vitest'
import { migrateSettings } from '../../../../src/main/core/config/settings-migrations'
import { SETTINGS_SCHEMA_VERSION } from '../../../../src/shared/settings/settings-schema'

describe('migrateSettings', () => {
  it('brings a hand-written file (no schemaVersion) to the current version', () => {
    expect(migrateSettings({ servers: [] })).toEqual({
      ok: true,
      value: { servers: [], schemaVersion: 2 },
      migrated: true,
    })
  })

  it('leaves a current document alone', () => {
    const doc = { schemaVersion: SETTINGS_SCHEMA_VERSION, servers: [] }
    expect(migrateSettings(doc)).toEqual({ ok: true, value: doc, migrated: false })
  })

  it('runs every step in order up to the target', () => {
    const steps = {
      0: (d: Record<string, unknown>) => ({ ...d, schemaVersion: 1, log: ['0->1'] }),
      1: (d: Record<string, unknown>) => ({ ...d, schemaVersion: 2, log: [...(d.log as string[]), '1->2'] }),
    }
    const result = migrateSettings({}, steps, 2)
    expect(result).toEqual({ ok: true, value: { schemaVersion: 2, log: ['0->1', '1->2'] }, migrated: true })
  })

  it('reports a missing step', () => {
    expect(migrateSettings({ schemaVersion: 1 }, {}, 2)).toEqual({
      ok: false,
      reason: 'no migration from schemaVersion 1',
    })
  })

  it('refuses a newer schemaVersion and marks it so the file is left untouched', () => {
    const result = migrateSettings({ schemaVersion: SETTINGS_SCHEMA_VERSION + 1 })
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.fromNewerBuild).toBe(true)
    expect(result.reason).toContain('newer MCP Desk')
  })

  it.each([
    [[]],
    [null],
    ['text'],
    [{ schemaVersion: 'one' }],
    [{ schemaVersion: 1.5 }],
    [{ schemaVersion: -1 }],
  ])('rejects %j with a reason', (raw) => {
    const result = migrateSettings(raw)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.fromNewerBuild).toBeUndefined()
  })
})
