import { EventEmitter } from 'node:events'
import { existsSync } from 'node:fs'
import { vi } from 'vitest'

/**
 * A recording stand-in for the `electron` module (the binary is not installed, and unit tests should not
 * need it). Test files install it with
 *   vi.mock('electron', async () => (await import('./fake-electron')).electronFake.module)
 * and then inspect `electronFake` to see what the glue registered, constructed and sent.
 */

export type Listener = (...args: unknown[]) => unknown

export interface FakeNavigationEvent {
  url: string
  isMainFrame: boolean
  defaultPrevented: boolean
  preventDefault(): void
}

/** The one listener the code under test registered for `event` on the window's webContents. */
export function webContentsListener(window: FakeBrowserWindow, event: string): Listener {
  const [found] = window.webContents.listeners(event) as Listener[]
  if (!found) throw new Error(`no ${event} listener`)
  return found
}

export function navigationEvent(url: string, isMainFrame = true): FakeNavigationEvent {
  return {
    url,
    isMainFrame,
    defaultPrevented: false,
    preventDefault() {
      this.defaultPrevented = true
    },
  }
}

/** A session's custom protocol handlers (`session.protocol.handle`), answered like Electron's: a Response. */
export class FakeSessionProtocol {
  readonly handlers = new Map<
    string,
    (request: { method: string; url: string }) => Response | Promise<Response>
  >()
  handle(
    scheme: string,
    handler: (request: { method: string; url: string }) => Response | Promise<Response>,
  ): void {
    // Electron throws on a second handler for one scheme; the fake must too, to catch double registration.
    if (this.handlers.has(scheme)) throw new Error(`The scheme has been handled: ${scheme}`)
    this.handlers.set(scheme, handler)
  }
  isProtocolHandled(scheme: string): boolean {
    return this.handlers.has(scheme)
  }
  unhandle(scheme: string): void {
    this.handlers.delete(scheme)
  }
}

export class FakeSession {
  readonly protocol = new FakeSessionProtocol()
  permissionRequestHandler: Listener | null = null
  permissionCheckHandler: Listener | null = null
  headersReceivedListener: Listener | null = null
  readonly webRequest = {
    onHeadersReceived: (listener: Listener | null) => {
      this.headersReceivedListener = listener
    },
  }
  setPermissionRequestHandler(handler: Listener | null): void {
    this.permissionRequestHandler = handler
  }
  setPermissionCheckHandler(handler: Listener | null): void {
    this.permissionCheckHandler = handler
  }
}

export class FakeWebContents extends EventEmitter {
  readonly sent: { channel: string; args: unknown[] }[] = []
  readonly session = new FakeSession()
  windowOpenHandler: ((details: { url: string }) => { action: string }) | undefined
  destroyed = false
  /** True until the test says the page finished loading (then emit 'did-finish-load' too). */
  loading = false

  send(channel: string, ...args: unknown[]): void {
    if (this.destroyed) throw new Error('Object has been destroyed')
    this.sent.push({ channel, args })
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler
  }
  isDestroyed(): boolean {
    return this.destroyed
  }
  isLoading(): boolean {
    return this.loading
  }
}

export class FakeBrowserWindow extends EventEmitter {
  static readonly instances: FakeBrowserWindow[] = []
  static getAllWindows(): FakeBrowserWindow[] {
    return FakeBrowserWindow.instances.filter((w) => !w.destroyed)
  }

  readonly options: Record<string, unknown>
  readonly webContents = new FakeWebContents()
  readonly loaded: { kind: 'url' | 'file'; target: string }[] = []
  backgroundColor: string | undefined
  shown = false
  destroyed = false
  focused = false
  minimized = false

  constructor(options: Record<string, unknown>) {
    super()
    this.options = options
    this.backgroundColor = options.backgroundColor as string | undefined
    FakeBrowserWindow.instances.push(this)
  }
  loadURL(url: string): Promise<void> {
    this.loaded.push({ kind: 'url', target: url })
    return Promise.resolve()
  }
  loadFile(path: string): Promise<void> {
    this.loaded.push({ kind: 'file', target: path })
    return Promise.resolve()
  }
  setBackgroundColor(color: string): void {
    this.backgroundColor = color
  }
  show(): void {
    this.shown = true
  }
  focus(): void {
    this.focused = true
  }
  isFocused(): boolean {
    return this.focused
  }
  restore(): void {
    this.minimized = false
  }
  isMinimized(): boolean {
    return this.minimized
  }
  isDestroyed(): boolean {
    return this.destroyed
  }
  /** What closing the window does in Electron: destroy it and its contents, then emit 'closed'. */
  close(): void {
    this.destroyed = true
    this.webContents.destroyed = true
    this.emit('closed')
  }
}

/** Like Electron's: an image from a file that does not exist is empty rather than an error. */
export class FakeNativeImage {
  template = false
  constructor(
    readonly path: string,
    readonly empty: boolean,
  ) {}
  static createFromPath(path: string): FakeNativeImage {
    return new FakeNativeImage(path, !existsSync(path))
  }
  isEmpty(): boolean {
    return this.empty
  }
  setTemplateImage(template: boolean): void {
    this.template = template
  }
}

export interface FakeMenuItem {
  label?: string
  type?: string
  enabled?: boolean
  click?: () => void
}

export class FakeMenu {
  constructor(readonly items: FakeMenuItem[]) {}
  static buildFromTemplate(template: FakeMenuItem[]): FakeMenu {
    return new FakeMenu(template)
  }
}

export class FakeTray extends EventEmitter {
  static readonly instances: FakeTray[] = []
  tooltip = ''
  title: string | undefined
  menu: FakeMenu | null = null
  destroyed = false

  constructor(readonly image: FakeNativeImage) {
    super()
    FakeTray.instances.push(this)
  }
  setToolTip(tooltip: string): void {
    this.tooltip = tooltip
  }
  setTitle(title: string): void {
    this.title = title
  }
  setContextMenu(menu: FakeMenu | null): void {
    this.menu = menu
  }
  destroy(): void {
    this.destroyed = true
  }
  isDestroyed(): boolean {
    return this.destroyed
  }
}

export class FakeNotification extends EventEmitter {
  static supported = true
  static readonly instances: FakeNotification[] = []
  static isSupported(): boolean {
    return FakeNotification.supported
  }
  shown = false
  closed = false

  constructor(readonly options: { title?: string; body?: string }) {
    super()
    FakeNotification.instances.push(this)
  }
  show(): void {
    this.shown = true
  }
  /** Withdrawn by the app; Electron emits 'close' only when the user dismisses it (see dismiss()). */
  close(): void {
    this.closed = true
  }
  dismiss(): void {
    this.closed = true
    this.emit('close')
  }
}

export type InvokeHandler = (event: { senderFrame: { url: string } | null }, ...args: unknown[]) => unknown

class FakeIpcMain {
  readonly handlers = new Map<string, InvokeHandler>()
  handle(channel: string, handler: InvokeHandler): void {
    // Electron refuses a second handler for the same channel; the fake must too, to catch leaks.
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`)
    this.handlers.set(channel, handler)
  }
  removeHandler(channel: string): void {
    this.handlers.delete(channel)
  }
  on(): this {
    return this
  }
}

class FakeNativeTheme extends EventEmitter {
  shouldUseDarkColors = false
  themeSource: 'system' | 'light' | 'dark' = 'light'
}

class FakeApp extends EventEmitter {
  readonly paths = new Map<string, string>([['userData', '/nonexistent/userData']])
  isPackaged = false
  sandboxEnabled = false
  singleInstanceLock = true
  /** What the last requestSingleInstanceLock passed on to the running instance. */
  lockData: unknown
  /** setAsDefaultProtocolClient calls: the scheme, and the executable and arguments when given. */
  readonly protocolClients: { scheme: string; path?: string; args?: string[] }[] = []
  exitCode: number | undefined
  quitCalled = false
  whenReadyCalled = false
  readyDone = false
  readonly ready = Promise.resolve()

  getPath(name: string): string {
    const path = this.paths.get(name)
    if (path === undefined) throw new Error(`no fake path for ${name}`)
    return path
  }
  setPath(name: string, value: string): void {
    this.paths.set(name, value)
  }
  getVersion(): string {
    return '0.1.0'
  }
  enableSandbox(): void {
    this.sandboxEnabled = true
  }
  requestSingleInstanceLock(additionalData?: unknown): boolean {
    this.lockData = additionalData
    return this.singleInstanceLock
  }
  setAsDefaultProtocolClient(scheme: string, path?: string, args?: string[]): boolean {
    this.protocolClients.push({ scheme, ...(path === undefined ? {} : { path }), ...(args ? { args } : {}) })
    return true
  }
  isReady(): boolean {
    return this.readyDone
  }
  whenReady(): Promise<void> {
    this.whenReadyCalled = true
    return this.ready.then(() => {
      this.readyDone = true
    })
  }
  quit(): void {
    this.quitCalled = true
  }
  exit(code = 0): void {
    this.exitCode = code
  }
}

class FakeSafeStorage {
  available = true
  backend = 'gnome_libsecret'
  isEncryptionAvailable(): boolean {
    return this.available
  }
  encryptString(plain: string): Buffer {
    return Buffer.from(`sealed:${Buffer.from(plain, 'utf8').toString('base64')}`)
  }
  decryptString(sealed: Buffer): string {
    const text = sealed.toString('utf8')
    if (!text.startsWith('sealed:'))
      throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.')
    return Buffer.from(text.slice('sealed:'.length), 'base64').toString('utf8')
  }
  getSelectedStorageBackend(): string {
    return this.backend
  }
}

/** `protocol` before ready: the schemes registered as privileged, and whether that came too late. */
class FakeProtocol {
  readonly privileged: { scheme: string; privileges?: Record<string, boolean> }[] = []
  /** Electron allows one call: more than one would silently lose the later schemes' privileges. */
  calls = 0
  /** Whether app.whenReady() had been asked for when schemes were registered (Electron needs them before). */
  afterReady = false
  constructor(private readonly app: FakeApp) {}
  registerSchemesAsPrivileged(schemes: { scheme: string; privileges?: Record<string, boolean> }[]): void {
    if (this.app.whenReadyCalled) this.afterReady = true
    this.calls += 1
    this.privileged.push(...schemes)
  }
}

class FakeDialog {
  /** The button the user presses in the next message boxes (0 is the first). */
  response = 1
  readonly showMessageBox = vi.fn((_window: unknown, _options: Record<string, unknown>) =>
    Promise.resolve({ response: this.response, checkboxChecked: false }),
  )
}

class FakeIpcRenderer extends EventEmitter {
  invoke = vi.fn((_channel: string, ..._args: unknown[]) => Promise.resolve({ ok: true, value: {} }))
}

function createElectronFake() {
  const app = new FakeApp()
  const state = {
    ipcMain: new FakeIpcMain(),
    shell: { openExternal: vi.fn((_url: string) => Promise.resolve()) },
    nativeTheme: new FakeNativeTheme(),
    app,
    safeStorage: new FakeSafeStorage(),
    ipcRenderer: new FakeIpcRenderer(),
    contextBridge: { exposeInMainWorld: vi.fn((_key: string, _api: unknown) => {}) },
    BrowserWindow: FakeBrowserWindow,
    Tray: FakeTray,
    Menu: FakeMenu,
    Notification: FakeNotification,
    nativeImage: { createFromPath: (path: string) => FakeNativeImage.createFromPath(path) },
    protocol: new FakeProtocol(app),
    dialog: new FakeDialog(),
  }
  const module = { ...state, default: state }
  /** Back to a fresh state between tests that load the glue more than once. */
  function reset(): void {
    state.ipcMain.handlers.clear()
    state.shell.openExternal.mockClear()
    state.nativeTheme.removeAllListeners()
    state.nativeTheme.shouldUseDarkColors = false
    state.app.removeAllListeners()
    state.app.paths.clear()
    state.app.paths.set('userData', '/nonexistent/userData')
    state.app.isPackaged = false
    state.app.sandboxEnabled = false
    state.app.singleInstanceLock = true
    state.app.lockData = undefined
    state.app.protocolClients.length = 0
    state.app.readyDone = false
    state.app.exitCode = undefined
    state.app.quitCalled = false
    state.safeStorage.available = true
    state.safeStorage.backend = 'gnome_libsecret'
    state.contextBridge.exposeInMainWorld.mockClear()
    state.protocol.privileged.length = 0
    state.protocol.afterReady = false
    state.protocol.calls = 0
    state.app.whenReadyCalled = false
    state.dialog.response = 1
    state.dialog.showMessageBox.mockClear()
    FakeBrowserWindow.instances.length = 0
    FakeTray.instances.length = 0
    FakeNotification.instances.length = 0
    FakeNotification.supported = true
  }
  return { ...state, module, reset }
}

type ElectronFake = ReturnType<typeof createElectronFake>
const globalSlot = globalThis as { __mcpDeskElectronFake?: ElectronFake }

/** One per worker, kept on globalThis so it survives vi.resetModules() between imports of main.ts. */
export const electronFake: ElectronFake = (globalSlot.__mcpDeskElectronFake ??= createElectronFake())
