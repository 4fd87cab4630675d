import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { electronEventChannel } from '../../../src/shared/ipc/contract'
import { electronFake, type FakeBrowserWindow } from './fake-electron'

vi.mock('electron', async () => (await import('./fake-electron')).electronFake.module)

// Install links handed to the desktop app by the OS: on the first launch's command line, by a second
// launch (second-instance), or by macOS (open-url). Each reaches the page as `links:opened`, once loaded.
const vscodeLink = 'vscode:mcp/install?%7B%22name%22%3A%22notes%22%2C%22command%22%3A%22npx%22%7D'
const deskLink = 'mcp-desk://install?url=https%3A%2F%2Fregistry.example%2Fserver.json'
const linksOpened = electronEventChannel('links:opened')

let home: string
let consoleErrors: MockInstance<typeof console.error>
const savedArgv = process.argv

async function launch(argv: string[]): Promise<void> {
  process.argv = ['/opt/MCP Desk/mcp-desk', ...argv]
  vi.resetModules()
  await import('../../../src/main/electron/main')
}

async function mainWindow(): Promise<FakeBrowserWindow> {
  await vi.waitFor(() => expect(electronFake.BrowserWindow.instances.length).toBeGreaterThan(0))
  return electronFake.BrowserWindow.instances[0]!
}

/** The links the page was sent, in order. */
function openedLinks(window: FakeBrowserWindow): unknown[] {
  return window.webContents.sent
    .filter((message) => message.channel === linksOpened)
    .map((message) => message.args[0])
}

/** What Electron passes to an `open-url` listener: the event, then the URL. */
function openUrl(url: string): { defaultPrevented: boolean } {
  const event = {
    defaultPrevented: false,
    preventDefault() {
      this.defaultPrevented = true
    },
  }
  electronFake.app.emit('open-url', event, url)
  return event
}

beforeEach(() => {
  electronFake.reset()
  consoleErrors = vi.spyOn(console, 'error').mockImplementation(() => {})
  home = mkdtempSync(join(tmpdir(), 'mcp-desk-links-'))
})

afterEach(async () => {
  electronFake.app.emit('before-quit', { preventDefault: () => {} })
  await vi.waitFor(() => expect(electronFake.app.quitCalled).toBe(true))
  consoleErrors.mockRestore()
  process.argv = savedArgv
  rmSync(home, { recursive: true, force: true })
})

describe('install links handed to the desktop app', () => {
  it('quits a second launch without a window, passing its link to the running app', async () => {
    electronFake.app.singleInstanceLock = false
    await launch(['--home', home, vscodeLink])
    expect(electronFake.app.quitCalled).toBe(true)
    expect(electronFake.app.lockData).toEqual({ link: vscodeLink })
    expect(electronFake.app.listenerCount('second-instance')).toBe(0)
    expect(electronFake.app.listenerCount('open-url')).toBe(0)
    expect(electronFake.app.protocolClients).toEqual([])
    await Promise.resolve()
    expect(electronFake.BrowserWindow.instances).toHaveLength(0)
  })

  it('registers mcp-desk: with the system, naming the app folder when run from source', async () => {
    await launch(['--home', home])
    await mainWindow()
    expect(electronFake.app.protocolClients).toEqual([{ scheme: 'mcp-desk' }])
    electronFake.app.emit('before-quit', { preventDefault: () => {} })
    await vi.waitFor(() => expect(electronFake.app.quitCalled).toBe(true))

    electronFake.reset()
    const process_ = process as { defaultApp?: boolean }
    process_.defaultApp = true
    try {
      await launch(['.', '--home', home])
      await mainWindow()
      expect(electronFake.app.protocolClients).toEqual([
        { scheme: 'mcp-desk', path: process.execPath, args: [resolve('.')] },
      ])
    } finally {
      delete process_.defaultApp
    }
  })

  it('keeps the first launch’s own link until the page has loaded', async () => {
    await launch(['--home', home, deskLink])
    const window = await mainWindow()
    expect(electronFake.app.lockData).toEqual({ link: deskLink })
    expect(openedLinks(window)).toEqual([])
    window.webContents.emit('did-finish-load')
    expect(openedLinks(window)).toEqual([{ link: deskLink }])
  })

  it('restores and focuses the window for a second launch, and shows its link after the page loads', async () => {
    await launch(['--home', home])
    const window = await mainWindow()
    window.minimized = true
    electronFake.app.emit('second-instance', {}, ['/opt/MCP Desk/mcp-desk', '--flag', vscodeLink], '/', {})
    expect(window.minimized).toBe(false)
    expect(window.focused).toBe(true)
    expect(openedLinks(window)).toEqual([])

    window.webContents.emit('did-finish-load')
    expect(openedLinks(window)).toEqual([{ link: vscodeLink }])
    // Once loaded, a later launch's link (here from the lock's data, not argv) goes at once, in order.
    electronFake.app.emit('second-instance', {}, ['/opt/MCP Desk/mcp-desk'], '/', { link: deskLink })
    expect(openedLinks(window)).toEqual([{ link: vscodeLink }, { link: deskLink }])
  })

  it('focuses the window for a second launch without a link, and ignores what is not a link', async () => {
    await launch(['--home', home])
    const window = await mainWindow()
    window.webContents.emit('did-finish-load')
    electronFake.app.emit('second-instance', {}, ['x', 'vscode://file/etc/passwd'], '/', { link: 42 })
    electronFake.app.emit('second-instance', {}, 'not an array', '/', null)
    expect(window.focused).toBe(true)
    expect(openedLinks(window)).toEqual([])
  })

  it('takes macOS open-url links, before ready as well as while running, and opens a closed window', async () => {
    await launch(['--home', home])
    // Registered before ready: macOS sends the link that started the app before the window exists.
    expect(openUrl(deskLink).defaultPrevented).toBe(true)
    const window = await mainWindow()
    window.webContents.emit('did-finish-load')
    expect(openedLinks(window)).toEqual([{ link: deskLink }])

    window.close()
    expect(openUrl('https://example.com/').defaultPrevented).toBe(true)
    expect(openUrl(vscodeLink).defaultPrevented).toBe(true)
    expect(electronFake.BrowserWindow.getAllWindows()).toHaveLength(1)
    const reopened = electronFake.BrowserWindow.getAllWindows()[0]!
    expect(reopened.focused).toBe(true)
    expect(openedLinks(reopened)).toEqual([])
    reopened.webContents.emit('did-finish-load')
    expect(openedLinks(reopened)).toEqual([{ link: vscodeLink }])
    expect(openedLinks(window)).toEqual([{ link: deskLink }])
  })
})
