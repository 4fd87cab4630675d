// Issue 19: settings.json is shared state. A service never writes back a copy it read earlier, follows
// changes other processes and the user's editor make, and never overwrites a hand edit that does not parse.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SettingsFileDocument } from '../../../../src/main/core/config/settings-file-document'
import { quarantineFile } from '../../../../src/main/core/config/quarantine-file'
import { SettingsService } from '../../../../src/main/core/config/settings-service'
import { IpcFailure } from '../../../../src/shared/ipc/ipc-error'
import type { ServerConfig, Settings } from '../../../../src/shared/settings/settings-schema'

let home: string
let settingsFile: string
const stops: Array<() => void> = []
beforeEach(() => {
  home = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-desk-shared-settings-'))
  settingsFile = path.join(home, 'settings.json')
})
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  fs.rmSync(home, { recursive: true, force: true })
})

function open(): SettingsService {
  return new SettingsService(new SettingsFileDocument(home), {
    quarantine: () => quarantineFile(settingsFile),
  })
}

function server(id: string): ServerConfig {
  return {
    id,
    name: id,
    enabled: false,
    sampling: 'ask',
    transport: 'stdio',
    command: 'node',
    args: [],
    env: {},
  }
}

const ids = (settings: Settings) => settings.servers.map((s) => s.id)
const onDiskIds = () =>
  (JSON.parse(fs.readFileSync(settingsFile, 'utf8')) as Settings).servers.map((s) => s.id)

/** Resolves with the next settings a service announces that pass `accept`. */
function nextSettings(service: SettingsService, accept: (s: Settings) => boolean): Promise<Settings> {
  return new Promise((resolve) => {
    const stop = service.subscribe((settings) => {
      if (!accept(settings)) return
      stop()
      resolve(settings)
    })
  })
}

/** Resolves with the next problem report (a string, or undefined once the file is usable again). */
function nextProblem(service: SettingsService): Promise<string | undefined> {
  return new Promise((resolve) => {
    const stop = service.onProblem((problem) => {
      stop()
      resolve(problem)
    })
  })
}

describe('settings shared with other processes', () => {
  it('keeps what another process added when it changes something else (the lost-servers report)', () => {
    const app = open()
    const cli = open()
    for (const id of ['one', 'two', 'three']) cli.update((draft) => void draft.servers.push(server(id)))
    app.update((draft) => {
      draft.appearance.theme = 'dark'
    })
    expect(onDiskIds()).toEqual(['one', 'two', 'three'])
    expect(ids(app.get())).toEqual(['one', 'two', 'three'])
    expect(app.get().appearance.theme).toBe('dark')
  })

  it('follows changes made on disk while it runs and tells its listeners', async () => {
    const app = open()
    stops.push(app.watch())
    const seen = nextSettings(app, (s) => ids(s).includes('added-elsewhere'))
    open().update((draft) => void draft.servers.push(server('added-elsewhere')))
    expect(ids(await seen)).toEqual(['added-elsewhere'])
    expect(ids(app.snapshot())).toEqual(['added-elsewhere'])
    // And a removal from outside.
    const removed = nextSettings(app, (s) => s.servers.length === 0)
    open().update((draft) => void (draft.servers = []))
    expect(ids(await removed)).toEqual([])
  })

  it('keeps a hand edit that does not parse byte for byte, reports it, refuses to write, then picks up the fix', async () => {
    const app = open()
    app.update((draft) => void draft.servers.push(server('kept')))
    stops.push(app.watch())

    const reported = nextProblem(app)
    const broken = fs.readFileSync(settingsFile, 'utf8').replace('"kept"', '"kept",,')
    fs.writeFileSync(settingsFile, broken)
    const problem = await reported
    expect(problem).toContain(settingsFile)
    expect(problem).toContain('not valid JSON')
    expect(app.problem).toBe(problem)

    let refusal: unknown
    try {
      app.update((draft) => {
        draft.appearance.theme = 'dark'
      })
    } catch (error) {
      refusal = error
    }
    expect(refusal).toBeInstanceOf(IpcFailure)
    expect((refusal as IpcFailure).code).toBe('conflict')
    expect((refusal as IpcFailure).message).toContain('until the file is fixed')
    expect(fs.readFileSync(settingsFile, 'utf8')).toBe(broken)
    // Nothing was moved aside either: the user is still editing it.
    expect(fs.readdirSync(home).filter((name) => name.startsWith('settings.json'))).toEqual(['settings.json'])
    // What the app holds is still the last good settings.
    expect(ids(app.get())).toEqual(['kept'])

    const fixedProblem = nextProblem(app)
    const fixed = nextSettings(app, (s) => ids(s).includes('fixed-by-hand'))
    const edited = JSON.parse(broken.replace('"kept",,', '"kept"')) as Settings
    edited.servers.push(server('fixed-by-hand'))
    fs.writeFileSync(settingsFile, JSON.stringify(edited, null, 2))
    expect(await fixedProblem).toBeUndefined()
    expect(ids(await fixed)).toEqual(['kept', 'fixed-by-hand'])
    app.update((draft) => {
      draft.appearance.theme = 'dark'
    })
    expect(onDiskIds()).toEqual(['kept', 'fixed-by-hand'])
  })

  it('refuses to write over a hand edit that parses but does not validate, even before the watch notices', () => {
    const app = open()
    const bytes = JSON.stringify({ schemaVersion: 1, appearance: { theme: 'purple' }, servers: [] })
    fs.writeFileSync(settingsFile, bytes)
    expect(() => app.update((draft) => void draft.servers.push(server('x')))).toThrow(/appearance\.theme/)
    expect(app.problem).toContain('appearance.theme')
    expect(fs.readFileSync(settingsFile, 'utf8')).toBe(bytes)
  })

  it('keeps its settings when the file is removed while it runs, and writes them back with the next change', () => {
    const app = open()
    app.update((draft) => void draft.servers.push(server('kept')))
    fs.rmSync(settingsFile)
    app.refresh()
    expect(ids(app.get())).toEqual(['kept'])
    app.update((draft) => {
      draft.appearance.theme = 'light'
    })
    expect(onDiskIds()).toEqual(['kept'])
  })

  it('refuses an update from inside a change instead of deadlocking on its own lock', () => {
    const app = open()
    expect(() => app.update(() => void app.update(() => {}))).toThrow(/inside a settings change/)
  })
})
