import { fileURLToPath } from 'node:url'
import { app, BrowserWindow, safeStorage } from 'electron'
import { PendingApprovals } from '../core/approvals/pending-approvals'
import { APP_NAME, APP_VERSION } from '../core/app-identity'
import type { ProfilePaths } from '../core/config/home-paths'
import { composeHost, type ComposedHost } from '../core/compose-host'
import type { Host } from '../core/host'
import { openProfile } from '../core/profile/open-profile'
import { createLocalKeyCipher } from '../core/secrets/local-key-cipher'
import type { SecretCipher } from '../core/secrets/secret-store'
import { parseAppOrigin, type AppOrigin } from '../core/security/app-origin'
import { startApprovalNotifier, type ApprovalFocusTarget } from './approval-notifier'
import { resolveDesktopHome, type DesktopHome } from './desktop-home'
import { registerIpcRouter } from './ipc-router'
import { createMainWindow, type MainWindowOptions } from './main-window'
import { createSafeStorageCipher, SafeStorageUnavailableError } from './safe-storage-cipher'
import { createApprovalTray } from './tray'
import { registerViewScheme, VIEW_SANDBOX } from './view-protocol'

// The Electron entry, built to out/main/index.js; preload and renderer are siblings of out/main, and
// resources/ (the tray icon) sits at the app root beside out/.
const preloadPath = fileURLToPath(new URL('../preload/index.cjs', import.meta.url))
const rendererDir = fileURLToPath(new URL('../renderer/', import.meta.url))
const rendererPage = fileURLToPath(new URL('../renderer/index.html', import.meta.url))
const trayIconPath = fileURLToPath(new URL('../../resources/trayTemplate.png', import.meta.url))

const log = (message: string, error?: unknown) =>
  console.error(`[mcp-desk] ${message}`, ...(error === undefined ? [] : [error]))

const home = resolveHomeOrExit()
// A chosen profile keeps Chromium's own data (caches, the single-instance lock) with it, so two profiles
// can run side by side and never share state.
if (home.overridden) app.setPath('userData', home.dir)
app.enableSandbox()
// MCP App views load from their own scheme (view-protocol.ts); Chromium learns of it only before ready.
registerViewScheme()

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  app.on('second-instance', () => focusWindow())
  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      log('MCP Desk failed to start', error)
      app.exit(1)
    })
}

function resolveHomeOrExit(): DesktopHome {
  try {
    return resolveDesktopHome(process.argv, process.env, () => app.getPath('userData'))
  } catch (error) {
    // A usage mistake (e.g. `--home` with no folder): say what is wrong, without a stack trace.
    console.error(`mcp-desk: ${(error as Error).message}`)
    app.exit(2)
    throw error
  }
}

let host: Host | undefined
let composed: ComposedHost | undefined
let disposeApprovalNotices: (() => void) | undefined

function start(): void {
  const { paths, settings, secrets } = openProfile(home.dir, {
    openCipher: openSecretCipher,
  })
  composed = composeHost({
    settings,
    secrets,
    info: {
      name: APP_NAME,
      version: APP_VERSION,
      mode: 'desktop',
      platform: process.platform,
      home: paths.home,
    },
    viewSandbox: VIEW_SANDBOX,
    // Tool search by meaning: the bundled model runs in a worker thread of this process.
    semanticSearch: {},
    log,
  })
  host = composed.host
  for (const warning of settings.startupWarnings) log(`warning: ${warning}`)

  openWindow()
  disposeApprovalNotices = startApprovalNotices(composed)
  // Servers connect after the window is up: a slow server never delays the app, and the servers panel
  // shows each one connecting.
  void composed.servers.start()
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openWindow()
  })
}

function openSecretCipher(paths: ProfilePaths): SecretCipher {
  try {
    return createSafeStorageCipher(safeStorage, process.platform)
  } catch (error) {
    if (!(error instanceof SafeStorageUnavailableError)) throw error
    log(`${error.message}; secrets fall back to a local key file (${paths.secretsKeyFile})`)
    return createLocalKeyCipher(paths.secretsKeyFile)
  }
}

function openWindow(): void {
  if (!host) return
  const devUrl = app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL
  const page: MainWindowOptions['page'] = devUrl
    ? { kind: 'url', url: devUrl }
    : { kind: 'file', path: rendererPage }
  const appOrigin: AppOrigin = devUrl ? parseAppOrigin(devUrl) : { kind: 'file', rendererDir }
  const window = createMainWindow({
    page,
    appOrigin,
    preloadPath,
    dev: devUrl !== undefined,
    title: APP_NAME,
    log: (message) => log(message),
  })
  const disposeRouter = registerIpcRouter({ host, appOrigin, webContents: window.webContents, log })
  window.on('closed', disposeRouter)
}

function focusWindow(): BrowserWindow | undefined {
  const [window] = BrowserWindow.getAllWindows()
  if (!window) return undefined
  if (window.isMinimized()) window.restore()
  window.focus()
  return window
}

/** The tray and native notifications for pending approvals; either one failing leaves the app usable. */
function startApprovalNotices(services: ComposedHost): () => void {
  const target: ApprovalFocusTarget = {
    events: services.host.events,
    windows: {
      current: () => BrowserWindow.getAllWindows()[0],
      show: () => {
        if (BrowserWindow.getAllWindows().length === 0) openWindow()
        return focusWindow()
      },
    },
  }
  // The bell counts sampling cards, tool-call cards and servers' questions alike; the tray and the
  // notifications follow all three.
  const approvals = new PendingApprovals(
    services.sampling.queue,
    services.chat.toolCalls,
    services.elicitation,
  )
  const disposers = [startApprovalNotifier({ ...target, approvals, log })]
  try {
    const quit = () => app.quit()
    disposers.push(
      createApprovalTray({
        ...target,
        approvals,
        iconPath: trayIconPath,
        platform: process.platform,
        quit,
        log,
      }),
    )
  } catch (error) {
    log('the tray icon could not be created', error)
  }
  return () => {
    for (const dispose of disposers) dispose()
  }
}

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit()
})
// Quitting waits for every server to be shut down (stdin closed, then SIGTERM/SIGKILL to its process
// group), so no server process outlives the app.
let shutdownDone = false
app.on('before-quit', (event) => {
  disposeApprovalNotices?.()
  disposeApprovalNotices = undefined
  if (shutdownDone || !composed) return
  event.preventDefault()
  const closing = composed
  composed = undefined
  void closing
    .shutdown()
    .catch((error: unknown) => log('shutting down servers failed', error))
    .finally(() => {
      shutdownDone = true
      app.quit()
    })
})
