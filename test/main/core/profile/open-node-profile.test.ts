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

  it('quarantines a broken settings file and reports it as a start-up warning', () => {
    const home = path.join(root, 'home')
    fs.mkdirSync(home)
    fs.writeFileSync(path.join(home, 'settings.json'), '{ not json')
    const profile = openNodeProfile(home)
    expect(profile.settings.startupWarnings).toHaveLength(1)
    expect(profile.settings.startupWarnings[0]).toContain('settings.json.invalid-')
    const kept = fs.readdirSync(home).find((name) => name.startsWith('settings.json.invalid-'))
    expect(fs.readFileSync(path.join(home, kept!), 'utf8')).toBe('{ not json')
  })
})
