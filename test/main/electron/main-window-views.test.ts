import { beforeEach, describe, expect, it, vi } from 'vitest'
import { DESKTOP_APP, type AppOrigin } from '../../../src/main/core/security/app-origin'
import {
  electronFake,
  type FakeBrowserWindow,
  navigationEvent,
  webContentsListener as listener,
} from './fake-electron'

vi.mock('electron', async () => (await import('./fake-electron')).electronFake.module)

const { createMainWindow } = await import('../../../src/main/electron/main-window')

// MCP App views in the desktop window: served on the mcp-desk-view scheme, confined by the frame
// navigation guard, and granted a browser permission only when the user says yes.
const appOrigin: AppOrigin = DESKTOP_APP
const proxyUrl = 'mcp-desk-view://sandbox/proxy.html?csp=%7B%7D&permissions=%7B%7D'
let logLines: string[]

function open(): FakeBrowserWindow {
  createMainWindow({
    page: { kind: 'app', rendererDir: '/app/out/renderer' },
    appOrigin,
    preloadPath: '/app/out/preload/index.cjs',
    dev: false,
    title: 'MCP Desk',
    log: (line) => logLines.push(line),
  })
  const window = electronFake.BrowserWindow.instances.at(-1)
  if (!window) throw new Error('no window was created')
  return window
}

beforeEach(() => {
  logLines = []
  electronFake.reset()
})

describe('view frames in the desktop window', () => {
  it('serves the view scheme on the window’s session, and never gives sub-frames Node', () => {
    const window = open()
    expect(window.webContents.session.protocol.isProtocolHandled('mcp-desk-view')).toBe(true)
    const prefs = window.options.webPreferences as Record<string, unknown>
    expect(prefs.nodeIntegrationInSubFrames).toBe(false)
    expect(prefs.contextIsolation).toBe(true)
  })

  it('lets sub-frames load only the sandbox proxy, about:srcdoc and about:blank', () => {
    const window = open()
    const navigate = listener(window, 'will-frame-navigate')
    const outcome = (url: string, isMainFrame = false) => {
      const event = navigationEvent(url, isMainFrame)
      navigate(event)
      return event.defaultPrevented ? 'refused' : 'allowed'
    }
    expect(outcome(proxyUrl)).toBe('allowed')
    expect(outcome('about:srcdoc')).toBe('allowed')
    expect(outcome('about:blank')).toBe('allowed')
    for (const url of [
      'https://evil.example/',
      'http://127.0.0.1:8080/',
      'mcp-desk-view://sandbox/proxy.js',
      'mcp-desk-view://other/proxy.html',
      'mcp-desk-view://user@sandbox/proxy.html',
      'file:///app/out/renderer/index.html',
      'javascript:alert(1)',
      'data:text/html,hi',
    ]) {
      expect(outcome(url), url).toBe('refused')
    }
    // The main frame is never the view's: it stays on the app's own page.
    expect(outcome(proxyUrl, true)).toBe('refused')
    expect(outcome('app://mcp-desk/index.html', true)).toBe('allowed')
    expect(outcome('file:///app/out/renderer/index.html', true)).toBe('refused')
    const redirect = navigationEvent('https://evil.example/', false)
    listener(window, 'will-redirect')(redirect)
    expect(redirect.defaultPrevented).toBe(true)
    expect(electronFake.shell.openExternal).not.toHaveBeenCalled()
  })

  it('refuses popups from any frame, opening only allowed links in the browser', () => {
    const handler = open().webContents.windowOpenHandler
    expect(handler?.({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' })
    expect(handler?.({ url: proxyUrl })).toEqual({ action: 'deny' })
    expect(electronFake.shell.openExternal).not.toHaveBeenCalled()
  })

  it('leaves the view sandbox’s own policy in place of the app page’s', () => {
    const session = open().webContents.session
    const callback = vi.fn()
    session.headersReceivedListener?.(
      { url: proxyUrl, responseHeaders: { 'content-security-policy': ["default-src 'none'"] } },
      callback,
    )
    expect(callback).toHaveBeenCalledWith({})
  })

  async function request(
    permission: string,
    details: Record<string, unknown>,
  ): Promise<{ granted: boolean; asked: boolean }> {
    const window = open()
    const granted = await new Promise<boolean>((resolve) =>
      window.webContents.session.permissionRequestHandler?.({}, permission, resolve, details),
    )
    return { granted, asked: electronFake.dialog.showMessageBox.mock.calls.length > 0 }
  }

  const fromView = { isMainFrame: false, requestingUrl: 'about:srcdoc' }

  it('asks the user before a view may use the camera, and grants it only on Allow', async () => {
    electronFake.dialog.response = 0
    expect(await request('media', { ...fromView, mediaTypes: ['video'] })).toEqual({
      granted: true,
      asked: true,
    })
    const [, options] = electronFake.dialog.showMessageBox.mock.calls[0] ?? []
    expect(options).toMatchObject({ buttons: ['Allow', 'Deny'], defaultId: 1, cancelId: 1 })
    expect(String(options?.message)).toMatch(/tool's view wants to use your camera/)
  })

  it('denies when the user says no to the dialog', async () => {
    electronFake.dialog.response = 1
    expect(await request('geolocation', fromView)).toEqual({ granted: false, asked: true })
    electronFake.dialog.showMessageBox.mockClear()
    electronFake.dialog.response = 1
    expect(
      await request('clipboard-sanitized-write', { isMainFrame: false, requestingUrl: proxyUrl }),
    ).toEqual({ granted: false, asked: true })
  })

  it.each([
    ['notifications from a view', 'notifications', fromView],
    ['screen capture from a view', 'media', { ...fromView, mediaTypes: ['video', 'screen'] }],
    ['clipboard reading from a view', 'clipboard-read', fromView],
    [
      'the camera for the app page',
      'media',
      { isMainFrame: true, requestingUrl: 'app://mcp-desk/index.html', mediaTypes: ['video'] },
    ],
    [
      'the camera for a foreign frame',
      'media',
      { isMainFrame: false, requestingUrl: 'https://evil.example/', mediaTypes: ['video'] },
    ],
  ])('denies %s without asking', async (_name, permission, details) => {
    electronFake.dialog.response = 0
    expect(await request(permission, details)).toEqual({ granted: false, asked: false })
    expect(logLines.at(-1)).toContain('denied')
  })

  it('never grants a permission check, even to a view', () => {
    const session = open().webContents.session
    expect(session.permissionCheckHandler?.({}, 'media', 'null', fromView)).toBe(false)
  })
})
