import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openNodeProfile } from '../../../../src/main/core/profile/open-node-profile'
import { defaultSettings } from '../../../../src/shared/settings/settings-schema'

let root: string
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-desk-profile-'))
})
afterEach(() => fs.rmSync(root, { recursive: true, force: true }))

describe('openNodeProfile', () => {
  it('creates an owner-only home with default settings, and puts everything at the profile paths', () => {
    const home = path.join(root, 'new-home')
    const profile = openNodeProfile(home)
    expect(profile.paths.settingsFile).toBe(path.join(home, 'settings.json'))
    if (process.platform !== 'win32') expect(fs.statSync(home).mode & 0o777).toBe(0o700)
    expect(profile.settings.path).toBe(profile.paths.settingsFile)
    expect(JSON.parse(fs.readFileSync(profile.paths.settingsFile, 'utf8'))).toEqual(defaultSettings())
    expect(profile.secrets.backend).toMatchObject({ kind: 'file', secure: false })

    profile.secrets.set('api-key', 'sk-secret')
    expect(fs.existsSync(profile.paths.secretsFile)).toBe(true)
    expect(fs.readFileSync(profile.paths.secretsKeyFile)).toHaveLength(32)
  })

  it('sees what an earlier open wrote', () => {
    const home = path.join(root, 'home')
    const first = openNodeProfile(home)
    first.settings.update((draft) => {
      draft.appearance.theme = 'dark'
    })
    first.secrets.set('api-key', 'sk-secret')
    const second = openNodeProfile(home)
    expect(second.settings.get().appearance.theme).toBe('dark')
    expect(second.secrets.get('api-key')).toBe('sk-secret')
  })

  it('leaves a broken settings file where it is, reports it, and refuses changes until it is fixed', () => {
    // The user may be in the middle of editing it, with the app open: a CLI command or a start must not
    // move it aside (the running app would then see its servers vanish) nor write over it.
    const home = path.join(root, 'home')
    fs.mkdirSync(home)
    const file = path.join(home, 'settings.json')
    fs.writeFileSync(file, '{ not json')
    const profile = openNodeProfile(home)
    expect(profile.settings.startupWarnings).toHaveLength(1)
    expect(profile.settings.startupWarnings[0]).toContain(`${file} is not valid JSON`)
    expect(profile.settings.problem).toContain('not valid JSON')
    expect(() => profile.settings.update((draft) => void (draft.appearance.theme = 'dark'))).toThrow(
      /until the file is fixed/,
    )
    expect(fs.readdirSync(home).filter((name) => name.startsWith('settings.json'))).toEqual(['settings.json'])
    expect(fs.readFileSync(file, 'utf8')).toBe('{ not json')
    fs.writeFileSync(file, '{ "appearance": { "theme": "light" } }')
    profile.settings.refresh()
    expect(profile.settings.problem).toBeUndefined()
    expect(profile.settings.get().appearance.theme).toBe('light')
    // The start-up warning was about that file; it goes with the fix.
    expect(profile.settings.startupWarnings).toEqual([])
  })
})
