import { BrowserWindow, nativeTheme, shell, type Session, type WebContents } from 'electron'
import type { AppOrigin } from '../core/security/app-origin'
import { buildContentSecurityPolicy } from '../core/security/content-security-policy'
import { decideOpenExternal } from '../core/security/external-link-policy'
import { isAllowedNavigation } from '../core/security/navigation-policy'
import { decidePermission, decidePermissionCheck } from '../core/security/permission-policy'

export interface MainWindowOptions {
  /** What the window loads: the vite dev server URL, or the built index.html on disk. */
  page: { kind: 'url'; url: string } | { kind: 'file'; path: string }
  appOrigin: AppOrigin
  preloadPath: string
  /** True only while the vite dev server serves the renderer (loosens the CSP for HMR). */
  dev: boolean
  title: string
  log: (message: string) => void
}

const DARK_BACKGROUND = '#1e1e1e'
const LIGHT_BACKGROUND = '#ffffff'

/**
 * The one app window, hardened: isolated, sandboxed preload, no Node in the page, no new windows, no
 * navigation away from the app, no browser permissions, and a strict CSP on every response.
 */
export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  nativeTheme.themeSource = 'system'
  const window = new BrowserWindow({
    width: 1200,
    height: 800,
    minWidth: 720,
    minHeight: 480,
    title: options.title,
    show: false,
    // Painted before the page loads, so the first frame matches the system theme instead of flashing.
    backgroundColor: backgroundForTheme(),
    webPreferences: {
      preload: options.preloadPath,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      sandbox: true,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
    },
  })
  const onThemeUpdated = () => {
    if (!window.isDestroyed()) window.setBackgroundColor(backgroundForTheme())
  }
  nativeTheme.on('updated', onThemeUpdated)
  window.on('closed', () => nativeTheme.removeListener('updated', onThemeUpdated))
  window.once('ready-to-show', () => window.show())

  guardWebContents(window.webContents, options)
  guardSession(window.webContents.session, options)

  const loading =
    options.page.kind === 'url' ? window.loadURL(options.page.url) : window.loadFile(options.page.path)
  loading.catch((error: unknown) => options.log(`the app page failed to load: ${(error as Error).message}`))
  return window
}

function backgroundForTheme(): string {
  return nativeTheme.shouldUseDarkColors ? DARK_BACKGROUND : LIGHT_BACKGROUND
}

function guardWebContents(contents: WebContents, options: MainWindowOptions): void {
  const { appOrigin, log } = options

  contents.setWindowOpenHandler(({ url }) => {
    openExternally(url, log)
    return { action: 'deny' }
  })

  contents.on('will-navigate', (event) => {
    if (isAllowedNavigation(event.url, appOrigin)) return
    event.preventDefault()
    // A plain link click lands here; the user meant to visit it, so it goes to their browser if it may.
    if (event.isMainFrame) openExternally(event.url, log)
  })
  // Redirects and sub-frame navigations are never user intent: just refuse them.
  contents.on('will-redirect', (event) => {
    if (!isAllowedNavigation(event.url, appOrigin)) event.preventDefault()
  })
  contents.on('will-frame-navigate', (event) => {
    if (!isAllowedNavigation(event.url, appOrigin)) event.preventDefault()
  })
  contents.on('will-attach-webview', (event) => event.preventDefault())
}

function guardSession(session: Session, options: MainWindowOptions): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    const decision = decidePermission(permission, details)
    options.log(decision.reason)
    callback(decision.allow)
  })
  session.setPermissionCheckHandler(
    (_contents, permission, requestingOrigin, details) =>
      decidePermissionCheck(permission, requestingOrigin, details).allow,
  )

  const policy = buildContentSecurityPolicy({ mode: 'desktop', dev: options.dev })
  session.webRequest.onHeadersReceived((details, callback) => {
    // Drop any policy the server sent (in any letter case) so exactly ours applies.
    const headers = Object.fromEntries(
      Object.entries(details.responseHeaders ?? {}).filter(
        ([name]) => name.toLowerCase() !== 'content-security-policy',
      ),
    )
    callback({ responseHeaders: { ...headers, 'Content-Security-Policy': [policy] } })
  })
}

function openExternally(url: string, log: (message: string) => void): void {
  const decision = decideOpenExternal(url)
  if (!decision.allow) {
    log(`did not open a link: ${decision.reason}`)
    return
  }
  shell.openExternal(decision.url).catch((error: unknown) => {
    log(`could not open a link in the browser: ${(error as Error).message}`)
  })
}
