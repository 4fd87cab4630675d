import { resolve } from 'node:path'
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
import { DESKTOP_APP, parseAppOrigin, type AppOrigin } from '../core/security/app-origin'
import { registerAppSchemes } from './app-protocol'
import { startApprovalNotifier, type ApprovalFocusTarget } from './approval-notifier'
import { resolveDesktopHome, type DesktopHome } from './desktop-home'
import { findInstallLink, isInstallLink } from '../../shared/registry/install-link'
import { registerIpcRouter } from './ipc-router'
import { LinkHandover } from './link-handover'
import { createMainWindow, type MainWindowOptions } from './main-window'
import { createSafeStorageCipher, SafeStorageUnavailableError } from './safe-storage-cipher'
import { createApprovalTray } from './tray'
import { VIEW_SANDBOX } from './view-protocol'

// The Electron entry, built to out/main/index.js; preload and renderer are siblings of out/main, and
// resources/ (the tray icon) sits at the app root beside out/.
const preloadPath = fileURLToPath(new URL('../preload/index.cjs', import.meta.url))
const rendererDir = fileURLToPath(new URL('../renderer/', import.meta.url))
const trayIconPath = fileURLToPath(new URL('../../resources/trayTemplate.png', import.meta.url))

const log = (message: string, error?: unknown) =>
  console.error(`[mcp-desk] ${message}`, ...(error === undefined ? [] : [error]))

const home = resolveHomeOrExit()
// A chosen profile keeps Chromium's own data (caches, the single-instance lock) with it, so two profiles
// can run side by side and never share state.
if (home.overridden) app.setPath('userData', home.dir)
app.enableSandbox()
// The app page (app://mcp-desk) and MCP App views (mcp-desk-view://sandbox) load from the app's own
// schemes; Chromium learns of them only before ready.
registerAppSchemes()

/** The scheme the OS opens MCP Desk with (`mcp-desk://…` install links); the installers register it too. */
const LINK_SCHEME = 'mcp-desk'
const links = new LinkHandover({ log })

// The link this launch was started with goes to the running app (the lock's additional data, which
// Chromium passes on as it is, unlike argv, whose flags it may reorder).
const launchLink = findInstallLink(process.argv)
if (!app.requestSingleInstanceLock(launchLink === undefined ? {} : { link: launchLink })) {
  // Another MCP Desk runs on this profile: it has been handed this launch's link and shows its window.
  app.quit()
} else {
  if (launchLink !== undefined) links.offer(launchLink)
  registerLinkScheme()
  app.on('second-instance', (_event, argv, _workingDirectory, additionalData) => {
    handOver(linkOfSecondLaunch(argv, additionalData))
  })
  // macOS opens links in the running app (and at launch, before ready) through this event, not argv.
  app.on('open-url', (event, url) => {
    event.preventDefault()
    handOver(isInstallLink(url) ? url : undefined)
  })
  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      log('MCP Desk failed to start', error)
      app.exit(1)
    })
}

function registerLinkScheme(): void {
  try {
    // Run from source (`electron .`), the OS must start electron with the app's folder as well.
    const [, appPath] = process.argv
    const registered =
      process.defaultApp && appPath !== undefined
        ? app.setAsDefaultProtocolClient(LINK_SCHEME, process.execPath, [resolve(appPath)])
        : app.setAsDefaultProtocolClient(LINK_SCHEME)
    if (!registered) log(`the ${LINK_SCHEME}: link scheme could not be registered with the system`)
  } catch (error) {
    log(`the ${LINK_SCHEME}: link scheme could not be registered with the system`, error)
  }
}

/** A second launch's link: from the lock's additional data, else its arguments; both parsed as unknown. */
function linkOfSecondLaunch(argv: unknown, additionalData: unknown): string | undefined {
  const handed =
    additionalData !== null && typeof additionalData === 'object'
      ? (additionalData as { link?: unknown }).link
      : undefined
  return isInstallLink(handed) ? handed : findInstallLink(argv)
}

/** Another launch, or a link opened while running: bring the window forward, then show the link's preview. */
function handOver(link: string | undefined): void {
  try {
    if (app.isReady()) showWindow()
    if (link !== undefined) links.offer(link)
  } catch (error) {
    log('handing over to the running window failed', error)
  }
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
  const page: MainWindowOptions['page'] = devUrl ? { kind: 'url', url: devUrl } : { kind: 'app', rendererDir }
  const appOrigin: AppOrigin = devUrl ? parseAppOrigin(devUrl) : DESKTOP_APP
  const window = createMainWindow({
    page,
    appOrigin,
    preloadPath,
    dev: devUrl !== undefined,
    title: APP_NAME,
    log: (message) => log(message),
  })
  const disposeRouter = registerIpcRouter({ host, appOrigin, webContents: window.webContents, log })
  const events = host.events
  // The renderer asks for the preview itself (links:preview): a link never installs by itself.
  const detachLinks = links.attach(window.webContents, (link) => events.emit('links:opened', { link }))
  window.on('closed', () => {
    detachLinks()
    disposeRouter()
  })
}

/** The window, opened again if it was closed (macOS keeps running without one), restored and focused. */
function showWindow(): BrowserWindow | undefined {
  if (BrowserWindow.getAllWindows().length === 0) openWindow()
  return focusWindow()
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
      show: showWindow,
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
