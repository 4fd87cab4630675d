import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  electronEventChannel,
  electronInvokeChannel,
  requestChannelNames,
} from '../../../src/shared/ipc/contract'
import type { SecretBackend } from '../../../src/shared/ipc/contract'
import { MemoryJsonDocument } from '../../doubles/memory-json-document'
import { SettingsService } from '../../../src/main/core/config/settings-service'
import { composeHost } from '../../../src/main/core/compose-host'
import type { Host } from '../../../src/main/core/host'
import type { SecretStore } from '../../../src/main/core/secrets/secret-store'
import type { AppOrigin } from '../../../src/main/core/security/app-origin'
import { electronFake, FakeWebContents, type InvokeHandler } from './fake-electron'

vi.mock('electron', async () => (await import('./fake-electron')).electronFake.module)

const { registerIpcRouter } = await import('../../../src/main/electron/ipc-router')

class MemorySecretStore implements SecretStore {
  readonly backend: SecretBackend = { kind: 'safeStorage', secure: true }
  readonly values = new Map<string, string>()
  list(): string[] {
    return [...this.values.keys()].sort()
  }
  get(name: string): string | undefined {
    return this.values.get(name)
  }
  set(name: string, value: string): void {
    this.values.set(name, value)
  }
  delete(name: string): boolean {
    return this.values.delete(name)
  }
}

const appOrigin: AppOrigin = { kind: 'http', origin: 'http://localhost:5173' }
const trusted = { senderFrame: { url: 'http://localhost:5173/' } }

let host: Host
let secrets: MemorySecretStore
let document: MemoryJsonDocument
let contents: FakeWebContents
let logLines: string[]
let dispose: () => void

function handler(channel: (typeof requestChannelNames)[number]): InvokeHandler {
  const found = electronFake.ipcMain.handlers.get(electronInvokeChannel(channel))
  if (!found) throw new Error(`no handler for ${channel}`)
  return found
}

beforeEach(() => {
  document = new MemoryJsonDocument()
  secrets = new MemorySecretStore()
  host = composeHost({
    settings: new SettingsService(document),
    secrets,
    info: { name: 'MCP Desk', version: '0.1.0', mode: 'desktop', platform: 'linux', home: '/memory' },
    log: () => undefined,
  }).host
  contents = new FakeWebContents()
  logLines = []
  dispose = registerIpcRouter({
    host,
    appOrigin,
    webContents: contents as never,
    log: (line) => logLines.push(line),
  })
})

afterEach(() => {
  dispose()
  host.dispose()
})

describe('registerIpcRouter', () => {
  it('registers exactly one namespaced handler per contract channel', () => {
    expect([...electronFake.ipcMain.handlers.keys()].sort()).toEqual(
      requestChannelNames.map(electronInvokeChannel).sort(),
    )
  })

  it('answers a trusted sender through the real host', async () => {
    const result = await handler('app:info')(trusted, {})
    expect(result).toMatchObject({
      ok: true,
      value: { mode: 'desktop', settingsPath: '/memory/settings.json' },
    })
  })

  it.each([
    ['a foreign page', { senderFrame: { url: 'https://evil.example/' } }],
    ['a look-alike host', { senderFrame: { url: 'http://localhost:5173.evil.com/' } }],
    ['about:blank', { senderFrame: { url: 'about:blank' } }],
    ['a destroyed frame', { senderFrame: null }],
  ])('returns forbidden_sender for %s without reaching the host', async (_label, event) => {
    const result = await handler('secrets:set')(event, { name: 'OPENAI_KEY', value: 'sk-live' })
    expect(result).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } })
    expect(secrets.values.size).toBe(0)
    expect(contents.sent).toEqual([])
    expect(logLines.at(-1)).toContain('refused secrets:set')
  })

  it('logs only the origin of a refused frame', async () => {
    await handler('app:info')({ senderFrame: { url: 'https://evil.example/p?token=SECRET' } }, {})
    expect(logLines.join('\n')).toContain('https://evil.example')
    expect(logLines.join('\n')).not.toContain('SECRET')
  })

  it('returns validation_failed for a bad payload instead of throwing', async () => {
    const result = await handler('secrets:set')(trusted, { name: '../etc', value: 42 })
    expect(result).toMatchObject({ ok: false, error: { code: 'validation_failed' } })
    const other = await handler('settings:update')(trusted, 'not an object')
    expect(other).toMatchObject({ ok: false, error: { code: 'validation_failed' } })
  })

  it('treats a missing payload as an empty request', async () => {
    await expect(handler('settings:get')(trusted)).resolves.toMatchObject({ ok: true })
  })

  it('forwards host events to the window, names only for secrets', async () => {
    await handler('secrets:set')(trusted, { name: 'OPENAI_KEY', value: 'sk-live' })
    await handler('settings:update')(trusted, { appearance: { theme: 'dark' } })
    expect(contents.sent.filter((sent) => sent.channel !== electronEventChannel('servers:changed'))).toEqual([
      { channel: electronEventChannel('secrets:changed'), args: [{ names: ['OPENAI_KEY'] }] },
      {
        channel: electronEventChannel('settings:changed'),
        args: [expect.objectContaining({ appearance: { theme: 'dark' } })],
      },
    ])
    expect(JSON.stringify(contents.sent)).not.toContain('sk-live')
    expect(document.read()).toMatchObject({ appearance: { theme: 'dark' } })
  })

  it('does not send to a destroyed window', async () => {
    contents.destroyed = true
    await expect(handler('secrets:set')(trusted, { name: 'A', value: 'v' })).resolves.toMatchObject({
      ok: true,
    })
    expect(contents.sent).toEqual([])
  })

  it('dispose removes every handler and stops forwarding, and can be called twice', () => {
    dispose()
    dispose()
    expect(electronFake.ipcMain.handlers.size).toBe(0)
    host.events.emit('secrets:changed', { names: [] })
    expect(contents.sent).toEqual([])
    // A new window (macOS re-activation) can register again without "second handler" errors.
    dispose = registerIpcRouter({ host, appOrigin, webContents: contents as never })
    expect(electronFake.ipcMain.handlers.size).toBe(requestChannelNames.length)
  })
})
