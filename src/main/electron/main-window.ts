import { BrowserWindow, dialog, nativeTheme, shell, type Session, type WebContents } from 'electron'
import type { AppOrigin } from '../core/security/app-origin'
import { buildContentSecurityPolicy } from '../core/security/content-security-policy'
import { decideOpenExternal } from '../core/security/external-link-policy'
import { isAllowedNavigation, isAllowedViewFrameNavigation } from '../core/security/navigation-policy'
import { decidePermission, decidePermissionCheck } from '../core/security/permission-policy'
import { decideViewPermission, isViewFrameRequest } from '../core/security/view-permission-policy'
import { APP_PAGE_URL, handleAppScheme } from './app-protocol'
import { handleViewScheme, VIEW_SANDBOX, VIEW_SCHEME } from './view-protocol'

export interface MainWindowOptions {
  /**
   * What the window loads: the vite dev server URL, or the built renderer folder, served on the app's own
   * scheme (app://mcp-desk/index.html, app-protocol.ts).
   */
  page: { kind: 'url'; url: string } | { kind: 'app'; rendererDir: string }
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
  guardSession(window, options)

  const loading = window.loadURL(options.page.kind === 'url' ? options.page.url : APP_PAGE_URL)
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
  // Redirects and sub-frame navigations are never user intent: just refuse them. The only sub-frames are
  // MCP App views: the sandbox proxy page and the view's srcdoc document inside it, nothing else (a view
  // navigating its own frame to a site is refused here as well as by the proxy's frame-src).
  const mayNavigate = (event: { url: string; isMainFrame: boolean }) =>
    event.isMainFrame
      ? isAllowedNavigation(event.url, appOrigin)
      : isAllowedViewFrameNavigation(event.url, VIEW_SANDBOX.origin)
  contents.on('will-redirect', (event) => {
    if (!mayNavigate(event)) event.preventDefault()
  })
  contents.on('will-frame-navigate', (event) => {
    if (!mayNavigate(event)) event.preventDefault()
  })
  contents.on('will-attach-webview', (event) => event.preventDefault())
}

function guardSession(window: BrowserWindow, options: MainWindowOptions): void {
  const session: Session = window.webContents.session
  const policy = buildContentSecurityPolicy({
    mode: 'desktop',
    dev: options.dev,
    frameSrc: [`${VIEW_SCHEME}:`],
  })
  handleViewScheme(session, options.log)
  if (options.page.kind === 'app') {
    handleAppScheme(session, {
      rendererDir: options.page.rendererDir,
      contentSecurityPolicy: policy,
      log: options.log,
    })
  }
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    const request = { permission, ...details }
    if (isViewFrameRequest(request, VIEW_SANDBOX.origin)) {
      askForViewPermission(window, decideViewPermission(request, VIEW_SANDBOX.origin), callback, options.log)
      return
    }
    const decision = decidePermission(permission, details)
    options.log(decision.reason)
    callback(decision.allow)
  })
  // Checks are never granted, views included: a view's grant lives only as long as the request it answered.
  session.setPermissionCheckHandler(
    (_contents, permission, requestingOrigin, details) =>
      decidePermissionCheck(permission, requestingOrigin, details).allow,
  )

  session.webRequest.onHeadersReceived((details, callback) => {
    // The view sandbox sets its own, per-view policy (sandbox-proxy.ts): the app page's must not replace it.
    if (details.url.toLowerCase().startsWith(`${VIEW_SCHEME}:`)) {
      callback({})
      return
    }
    // Drop any policy the server sent (in any letter case) so exactly ours applies.
    const headers = Object.fromEntries(
      Object.entries(details.responseHeaders ?? {}).filter(
        ([name]) => name.toLowerCase() !== 'content-security-policy',
      ),
    )
    callback({ responseHeaders: { ...headers, 'Content-Security-Policy': [policy] } })
  })
}

/** A view's permission request: denied, or put to the user, who must say yes for it to be granted. */
function askForViewPermission(
  window: BrowserWindow,
  decision: ReturnType<typeof decideViewPermission>,
  callback: (granted: boolean) => void,
  log: (message: string) => void,
): void {
  if (decision.kind === 'deny' || window.isDestroyed()) {
    log(decision.kind === 'deny' ? decision.reason : 'a view asked for a permission after its window closed')
    callback(false)
    return
  }
  dialog
    .showMessageBox(window, {
      type: 'question',
      title: 'A tool asks for a permission',
      message: decision.question,
      detail:
        'The view is shown by one of your MCP servers. Allow it only if you trust that server and expected this.',
      buttons: ['Allow', 'Deny'],
      defaultId: 1,
      cancelId: 1,
      noLink: true,
    })
    .then(({ response }) => callback(response === 0))
    .catch((error: unknown) => {
      log(`a view's permission request could not be shown: ${(error as Error).message}`)
      callback(false)
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
