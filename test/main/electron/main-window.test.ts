import { beforeEach, describe, expect, it, vi } from 'vitest'
import { buildContentSecurityPolicy } from '../../../src/main/core/security/content-security-policy'
import { DESKTOP_APP, type AppOrigin } from '../../../src/main/core/security/app-origin'
import type { MainWindowOptions } from '../../../src/main/electron/main-window'
import {
  electronFake,
  type FakeBrowserWindow,
  navigationEvent,
  webContentsListener as listener,
} from './fake-electron'

vi.mock('electron', async () => (await import('./fake-electron')).electronFake.module)

const { createMainWindow } = await import('../../../src/main/electron/main-window')

const devOrigin: AppOrigin = { kind: 'http', origin: 'http://localhost:5173' }
let logLines: string[]

function open(overrides: Partial<MainWindowOptions> = {}): FakeBrowserWindow {
  createMainWindow({
    page: { kind: 'url', url: 'http://localhost:5173/' },
    appOrigin: devOrigin,
    preloadPath: '/app/out/preload/index.cjs',
    dev: false,
    title: 'MCP Desk',
    log: (line) => logLines.push(line),
    ...overrides,
  })
  const window = electronFake.BrowserWindow.instances.at(-1)
  if (!window) throw new Error('no window was created')
  return window
}

beforeEach(() => {
  logLines = []
  electronFake.reset()
})

describe('createMainWindow options', () => {
  it('creates a hardened window with the sandboxed preload', () => {
    const window = open()
    const prefs = window.options.webPreferences as Record<string, unknown>
    expect(prefs).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      sandbox: true,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    })
    expect(window.options.show).toBe(false)
    window.emit('ready-to-show')
    expect(window.shown).toBe(true)
  })

  it('follows the system theme for the background, before and after the page loads', () => {
    electronFake.nativeTheme.shouldUseDarkColors = true
    const window = open()
    expect(electronFake.nativeTheme.themeSource).toBe('system')
    expect(window.options.backgroundColor).toBe('#1e1e1e')
    electronFake.nativeTheme.shouldUseDarkColors = false
    electronFake.nativeTheme.emit('updated')
    expect(window.backgroundColor).toBe('#ffffff')
    const before = electronFake.nativeTheme.listenerCount('updated')
    window.close()
    expect(electronFake.nativeTheme.listenerCount('updated')).toBe(before - 1)
  })

  it('loads the dev server URL in dev and the built page on the app scheme otherwise', () => {
    const dev = open()
    expect(dev.loaded).toEqual([{ kind: 'url', target: 'http://localhost:5173/' }])
    // The dev server serves the page itself: the app scheme is not handled for it.
    expect(dev.webContents.session.protocol.isProtocolHandled('app')).toBe(false)
    const prod = open({ page: { kind: 'app', rendererDir: '/app/out/renderer' }, appOrigin: DESKTOP_APP })
    expect(prod.loaded).toEqual([{ kind: 'url', target: 'app://mcp-desk/index.html' }])
    expect(prod.webContents.session.protocol.isProtocolHandled('app')).toBe(true)
  })
})

describe('createMainWindow window.open', () => {
  it('denies every new window and sends https links to the system browser', () => {
    const window = open()
    const handler = window.webContents.windowOpenHandler
    expect(handler?.({ url: 'https://modelcontextprotocol.io/' })).toEqual({ action: 'deny' })
    expect(electronFake.shell.openExternal).toHaveBeenCalledWith('https://modelcontextprotocol.io/')
  })

  it.each(['javascript:alert(1)', 'file:///etc/passwd', 'http://example.com/', 'smb://host/share'])(
    'denies %s without opening it anywhere',
    (url) => {
      const window = open()
      expect(window.webContents.windowOpenHandler?.({ url })).toEqual({ action: 'deny' })
      expect(electronFake.shell.openExternal).not.toHaveBeenCalled()
      expect(logLines.at(-1)).toContain('did not open a link')
    },
  )
})

describe('createMainWindow navigation', () => {
  it('lets the app navigate within its own origin', () => {
    const event = navigationEvent('http://localhost:5173/#/settings')
    listener(open(), 'will-navigate')(event)
    expect(event.defaultPrevented).toBe(false)
  })

  it.each([
    'http://localhost:5173.evil.com/',
    'http://localhost:5173@evil.com/',
    'http://127.0.0.1.nip.io:5173/',
  ])('prevents will-navigate to the look-alike %s', (url) => {
    const event = navigationEvent(url)
    listener(open(), 'will-navigate')(event)
    expect(event.defaultPrevented).toBe(true)
    expect(electronFake.shell.openExternal).not.toHaveBeenCalled()
  })

  it('keeps another local port out of the window, handing it to the browser as a loopback link', () => {
    const event = navigationEvent('http://localhost:5174/')
    listener(open(), 'will-navigate')(event)
    expect(event.defaultPrevented).toBe(true)
    expect(electronFake.shell.openExternal).toHaveBeenCalledWith('http://localhost:5174/')
  })

  it('prevents a main-frame link click to https but opens it in the browser', () => {
    const event = navigationEvent('https://github.com/modelcontextprotocol')
    listener(open(), 'will-navigate')(event)
    expect(event.defaultPrevented).toBe(true)
    expect(electronFake.shell.openExternal).toHaveBeenCalledWith('https://github.com/modelcontextprotocol')
  })

  it('prevents javascript: and file: navigations without opening them', () => {
    const window = open()
    for (const url of ['javascript:alert(1)', 'file:///etc/passwd', 'data:text/html,hi']) {
      const event = navigationEvent(url)
      listener(window, 'will-navigate')(event)
      expect(event.defaultPrevented).toBe(true)
    }
    expect(electronFake.shell.openExternal).not.toHaveBeenCalled()
  })

  it('prevents redirects and sub-frame navigations away from the app, and never opens them', () => {
    const window = open()
    const redirect = navigationEvent('https://evil.example/')
    listener(window, 'will-redirect')(redirect)
    const frame = navigationEvent('https://evil.example/', false)
    listener(window, 'will-frame-navigate')(frame)
    const sameOrigin = navigationEvent('http://localhost:5173/index.html')
    listener(window, 'will-redirect')(sameOrigin)
    expect([redirect.defaultPrevented, frame.defaultPrevented, sameOrigin.defaultPrevented]).toEqual([
      true,
      true,
      false,
    ])
    expect(electronFake.shell.openExternal).not.toHaveBeenCalled()
  })

  it('refuses to attach webviews', () => {
    const event = navigationEvent('about:blank')
    listener(open(), 'will-attach-webview')(event)
    expect(event.defaultPrevented).toBe(true)
  })
})

describe('createMainWindow session', () => {
  it.each([
    'media',
    'geolocation',
    'notifications',
    'clipboard-read',
    'openExternal',
    'fullscreen',
    'new-thing',
  ])('denies the %s permission request and check', (permission) => {
    const session = open().webContents.session
    const callback = vi.fn()
    session.permissionRequestHandler?.({}, permission, callback, {
      requestingUrl: 'http://localhost:5173/',
      isMainFrame: true,
    })
    expect(callback).toHaveBeenCalledWith(false)
    expect(logLines.at(-1)).toContain(permission)
    expect(
      session.permissionCheckHandler?.({}, permission, 'http://localhost:5173', { isMainFrame: true }),
    ).toBe(false)
  })

  it('replaces any server policy with the strict CSP on every response', () => {
    const session = open().webContents.session
    const callback = vi.fn()
    session.headersReceivedListener?.(
      {
        url: 'http://localhost:5173/',
        responseHeaders: {
          'content-security-policy': ["script-src 'unsafe-inline'"],
          'Content-Type': ['text/html'],
        },
      },
      callback,
    )
    expect(callback).toHaveBeenCalledWith({
      responseHeaders: {
        'Content-Type': ['text/html'],
        'Content-Security-Policy': [
          buildContentSecurityPolicy({ mode: 'desktop', frameSrc: ['mcp-desk-view:'] }),
        ],
      },
    })
  })

  it('uses the dev policy only when dev is set, and copes with responses without headers', () => {
    const session = open({ dev: true }).webContents.session
    const callback = vi.fn()
    session.headersReceivedListener?.({ url: 'http://localhost:5173/' }, callback)
    expect(callback).toHaveBeenCalledWith({
      responseHeaders: {
        'Content-Security-Policy': [
          buildContentSecurityPolicy({ mode: 'desktop', dev: true, frameSrc: ['mcp-desk-view:'] }),
        ],
      },
    })
  })
})
