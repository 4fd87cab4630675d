import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  electronInvokeChannel,
  type RequestChannel,
  type RequestOf,
  type ResponseOf,
} from '../../../src/shared/ipc/contract'
import type { IpcResult } from '../../../src/shared/ipc/ipc-error'
import { startMockOpenAI } from '../../fixtures/mock-openai'
import { spawnCommandFor } from '../../support/spawn-command'
import { electronFake, type InvokeHandler } from './fake-electron'

vi.mock('electron', async () => (await import('./fake-electron')).electronFake.module)

// main.ts resolves its siblings from its own location, as it does from out/main/index.js.
const mainDir = fileURLToPath(new URL('../../../src/main/electron/', import.meta.url))
// The built page loads from the app's own scheme, which serves out/renderer.
const appPage = 'app://mcp-desk/index.html'
const prodSender = { senderFrame: { url: appPage } }
const stdioServer = fileURLToPath(new URL('../../fixtures/mcp-servers/stdio-server.ts', import.meta.url))

let home: string
let consoleErrors: MockInstance<typeof console.error>
const savedArgv = process.argv
const savedRendererUrl = process.env.ELECTRON_RENDERER_URL
const savedHome = process.env.MCP_DESK_HOME

async function launch(argv: string[]): Promise<void> {
  process.argv = ['electron', '.', ...argv]
  vi.resetModules()
  await import('../../../src/main/electron/main')
}

async function started(): Promise<void> {
  await vi.waitFor(() => expect(electronFake.BrowserWindow.instances.length).toBeGreaterThan(0))
}

/** Calls a channel as the built renderer does, and unwraps the answer. */
async function invoke<C extends RequestChannel>(channel: C, request: RequestOf<C>): Promise<ResponseOf<C>> {
  const result = (await handler(channel)(prodSender, request)) as IpcResult<ResponseOf<C>>
  if (!result.ok) throw new Error(`${channel} failed: ${result.error.message}`)
  return result.value
}

/** A profile with the mock provider's model and the stdio fixture server (tools echo, add, …) as Notes. */
function toolCallProfile(mockUrl: string) {
  return {
    schemaVersion: 1,
    models: {
      providers: [
        { id: 'mock', name: 'Mock', preset: 'custom', baseUrl: mockUrl, models: [{ id: 'mock-large' }] },
      ],
      defaultModel: 'mock/mock-large',
    },
    servers: [
      { id: 'notes', name: 'Notes', transport: 'stdio', command: process.execPath, args: [stdioServer] },
    ],
  }
}

function handler(channel: Parameters<typeof electronInvokeChannel>[0]): InvokeHandler {
  const found = electronFake.ipcMain.handlers.get(electronInvokeChannel(channel))
  if (!found) throw new Error(`no handler for ${channel}`)
  return found
}

beforeEach(() => {
  electronFake.reset()
  // main.ts logs to stderr; keep the test output clean and let tests read what it said.
  consoleErrors = vi.spyOn(console, 'error').mockImplementation(() => {})
  home = mkdtempSync(join(tmpdir(), 'mcp-desk-main-'))
  delete process.env.ELECTRON_RENDERER_URL
  delete process.env.MCP_DESK_HOME
})

afterEach(() => {
  electronFake.app.emit('will-quit')
  consoleErrors.mockRestore()
  process.argv = savedArgv
  if (savedRendererUrl === undefined) delete process.env.ELECTRON_RENDERER_URL
  else process.env.ELECTRON_RENDERER_URL = savedRendererUrl
  if (savedHome === undefined) delete process.env.MCP_DESK_HOME
  else process.env.MCP_DESK_HOME = savedHome
  rmSync(home, { recursive: true, force: true })
})

describe('the Electron entry', () => {
  it('opens the profile given by --home, with safeStorage secrets and a hardened window on the built page', async () => {
    await launch(['--home', home])
    await started()
    expect(electronFake.app.getPath('userData')).toBe(home)
    expect(electronFake.app.sandboxEnabled).toBe(true)

    const [window] = electronFake.BrowserWindow.instances
    expect(window?.options.webPreferences).toMatchObject({
      preload: join(mainDir, '..', 'preload', 'index.cjs'),
      sandbox: true,
      contextIsolation: true,
    })
    expect(window?.loaded).toEqual([{ kind: 'url', target: appPage }])
    expect(window?.webContents.session.protocol.isProtocolHandled('app')).toBe(true)
    expect(existsSync(join(home, 'settings.json'))).toBe(true)

    const info = await handler('app:info')(prodSender, {})
    expect(info).toMatchObject({
      ok: true,
      value: {
        mode: 'desktop',
        home,
        settingsPath: join(home, 'settings.json'),
        secretBackend: { kind: 'safeStorage' },
        // MCP App views load from the app's own scheme, registered before ready and served on the session.
        viewSandbox: { origin: 'mcp-desk-view://sandbox' },
      },
    })
    expect(electronFake.protocol.privileged.map((entry) => entry.scheme)).toEqual(['app', 'mcp-desk-view'])
    expect(electronFake.protocol.calls).toBe(1)
    expect(electronFake.protocol.afterReady).toBe(false)
    expect(window?.webContents.session.protocol.isProtocolHandled('mcp-desk-view')).toBe(true)

    await expect(
      handler('secrets:set')(prodSender, { name: 'OPENAI_KEY', value: 'sk-live-123' }),
    ).resolves.toEqual({
      ok: true,
      value: { name: 'OPENAI_KEY' },
    })
    const stored = readFileSync(join(home, 'secrets.json'), 'utf8')
    expect(stored).not.toContain('sk-live-123')
    const entry = (JSON.parse(stored) as { secrets: Record<string, { sealedBy: string; data: string }> })
      .secrets.OPENAI_KEY
    expect(entry?.sealedBy).toBe('os-keychain')
    const sealed = entry?.data ?? ''
    expect(Buffer.from(sealed, 'base64').toString('utf8')).toMatch(/^sealed:/)
  })

  it('refuses IPC from a page that is not the built renderer', async () => {
    await launch(['--home', home])
    await started()
    const result = await handler('secrets:list')({ senderFrame: { url: 'file:///tmp/evil.html' } }, {})
    expect(result).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } })
    expect(consoleErrors).toHaveBeenCalledWith(
      '[mcp-desk] refused secrets:list from an untrusted frame (a file: page)',
    )
  })

  it('falls back to the local key cipher when safeStorage cannot encrypt', async () => {
    electronFake.safeStorage.available = false
    await launch([`--home=${home}`])
    await started()
    const info = await handler('app:info')(prodSender, {})
    expect(info).toMatchObject({ ok: true, value: { secretBackend: { kind: 'file', secure: false } } })
    await handler('secrets:set')(prodSender, { name: 'K', value: 'v' })
    expect(existsSync(join(home, 'secrets.key'))).toBe(true)
  })

  it('loads the dev server and trusts only it when electron-vite sets ELECTRON_RENDERER_URL', async () => {
    process.env.ELECTRON_RENDERER_URL = 'http://localhost:5173'
    process.env.MCP_DESK_HOME = home
    await launch([])
    await started()
    expect(electronFake.BrowserWindow.instances[0]?.loaded).toEqual([
      { kind: 'url', target: 'http://localhost:5173' },
    ])
    await expect(
      handler('settings:get')({ senderFrame: { url: 'http://localhost:5173/' } }, {}),
    ).resolves.toMatchObject({
      ok: true,
    })
    await expect(handler('settings:get')(prodSender, {})).resolves.toMatchObject({
      ok: false,
      error: { code: 'forbidden_sender' },
    })
  })

  it('ignores ELECTRON_RENDERER_URL in a packaged app', async () => {
    process.env.ELECTRON_RENDERER_URL = 'http://localhost:5173'
    electronFake.app.isPackaged = true
    await launch(['--home', home])
    await started()
    expect(electronFake.BrowserWindow.instances[0]?.loaded).toEqual([{ kind: 'url', target: appPage }])
  })

  it('removes the IPC handlers when the window closes and re-registers them for a re-opened window', async () => {
    await launch(['--home', home])
    await started()
    electronFake.BrowserWindow.instances[0]?.close()
    expect(electronFake.ipcMain.handlers.size).toBe(0)
    electronFake.app.emit('activate')
    expect(electronFake.BrowserWindow.instances).toHaveLength(2)
    await expect(handler('settings:get')(prodSender, {})).resolves.toMatchObject({ ok: true })
  })

  it('shows the approvals tray with the icon from resources/ and removes it on quit', async () => {
    await launch(['--home', home])
    await started()
    const [tray] = electronFake.Tray.instances
    // From out/main/index.js, ../../resources is the app root's resources folder.
    expect(tray?.image.path).toBe(join(mainDir, '..', '..', 'resources', 'trayTemplate.png'))
    expect(tray?.tooltip).toBe('MCP Desk — no pending approvals')

    electronFake.app.emit('before-quit', { preventDefault: () => {} })
    expect(tray?.isDestroyed()).toBe(true)
    await vi.waitFor(() => expect(electronFake.app.quitCalled).toBe(true))
  })

  it('counts a chat tool call waiting for approval in the tray, and notifies about it', async () => {
    const mock = await startMockOpenAI({ models: ['mock-large'] })
    try {
      writeFileSync(join(home, 'settings.json'), JSON.stringify(toolCallProfile(mock.url)))
      await launch(['--home', home])
      await started()
      const [tray] = electronFake.Tray.instances
      // A real child process: starting node with type stripping can take seconds on a busy machine.
      await vi.waitFor(
        async () => {
          expect(await invoke('servers:list', {})).toMatchObject({
            servers: [{ id: 'notes', status: 'connected' }],
          })
        },
        { timeout: 20_000, interval: 20 },
      )
      mock.enqueue(
        {
          kind: 'tool_calls',
          calls: [{ id: 'c1', name: 'mcp_notes_echo', arguments: '{"text":"hunter2"}' }],
        },
        { kind: 'text', chunks: ['Denied, fine.'] },
      )
      const { id } = await invoke('chat:create', {})
      await invoke('chat:send', { id, text: 'Echo my password' })

      await vi.waitFor(() => expect(tray?.tooltip).toBe('MCP Desk — 1 pending approval'), { timeout: 10_000 })
      expect(tray?.menu?.items.map((item) => item.label)).toContain('Notes wants to call echo · just now')
      const [notice] = electronFake.Notification.instances
      expect(notice?.options.title).toBe('Notes wants to call echo')
      expect(notice?.options.body).toMatch(/^Tool: echo\nDestination: /)
      expect(notice?.options.body).not.toContain('hunter2')

      const [card] = (await invoke('chat:tool-calls', {})).cards
      await invoke('chat:decide-tool-call', { id: card?.id ?? '', decision: 'deny' })
      expect(tray?.tooltip).toBe('MCP Desk — no pending approvals')
      expect(notice?.closed).toBe(true)
    } finally {
      electronFake.app.emit('before-quit', { preventDefault: () => {} })
      await vi.waitFor(() => expect(electronFake.app.quitCalled).toBe(true))
      await mock.close()
    }
  }, 45_000)

  it('counts a server’s question in the tray while it waits, and notifies about it', async () => {
    const mock = await startMockOpenAI({ models: ['mock-large'] })
    try {
      const profile = toolCallProfile(mock.url)
      const everything = spawnCommandFor('server-everything')
      profile.servers = [{ id: 'everything', name: 'Everything', transport: 'stdio', ...everything }]
      writeFileSync(join(home, 'settings.json'), JSON.stringify({ ...profile, tools: { search: 'off' } }))
      await launch(['--home', home])
      await started()
      const [tray] = electronFake.Tray.instances
      await vi.waitFor(
        async () => {
          expect(await invoke('servers:list', {})).toMatchObject({
            servers: [{ id: 'everything', status: 'connected' }],
          })
        },
        { timeout: 20_000, interval: 20 },
      )
      mock.enqueue(
        {
          kind: 'tool_calls',
          calls: [{ id: 'c1', name: 'mcp_everything_trigger-elicitation-request', arguments: '{}' }],
        },
        { kind: 'text', chunks: ['You declined.'] },
      )
      const { id } = await invoke('chat:create', {})
      await invoke('chat:send', { id, text: 'Ask me something' })
      await vi.waitFor(() => expect(tray?.tooltip).toBe('MCP Desk — 1 pending approval'), { timeout: 10_000 })
      const [call] = (await invoke('chat:tool-calls', {})).cards
      await invoke('chat:decide-tool-call', { id: call?.id ?? '', decision: 'approve' })

      await vi.waitFor(
        () =>
          expect(tray?.menu?.items.map((item) => item.label)).toContain(
            'Everything asks for information · just now',
          ),
        { timeout: 10_000 },
      )
      expect(tray?.tooltip).toBe('MCP Desk — 1 pending approval')
      // The notifier holds a card that follows another notice by less than its quiet period (5 s).
      await vi.waitFor(
        () =>
          expect(electronFake.Notification.instances.at(-1)?.options).toEqual({
            title: 'Everything asks for information',
            body: 'Please provide inputs for the following fields:',
          }),
        { timeout: 10_000, interval: 100 },
      )
      const notice = electronFake.Notification.instances.at(-1)
      const [question] = (await invoke('elicitation:list', {})).elicitations
      // The question belongs to the conversation whose tool call made the server ask.
      expect(question).toMatchObject({ conversationId: id, mode: 'form' })
      await invoke('elicitation:answer', { id: question?.id ?? '', action: 'decline' })
      expect(tray?.tooltip).toBe('MCP Desk — no pending approvals')
      expect(notice?.closed).toBe(true)
    } finally {
      electronFake.app.emit('before-quit', { preventDefault: () => {} })
      await vi.waitFor(() => expect(electronFake.app.quitCalled).toBe(true), { timeout: 10_000 })
      await mock.close()
    }
  }, 45_000)

  it('quits instead of starting a second copy on the same profile', async () => {
    electronFake.app.singleInstanceLock = false
    await launch(['--home', home])
    expect(electronFake.app.quitCalled).toBe(true)
    expect(electronFake.app.listenerCount('second-instance')).toBe(0)
    expect(electronFake.BrowserWindow.instances).toHaveLength(0)
  })

  it('exits with a usage error, not a crash, for --home without a folder', async () => {
    await expect(launch(['--home'])).rejects.toThrow('--home needs a folder')
    expect(electronFake.app.exitCode).toBe(2)
    expect(consoleErrors).toHaveBeenCalledWith(expect.stringContaining('mcp-desk: --home needs a folder'))
  })
})
