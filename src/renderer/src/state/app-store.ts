import { createStore, type StoreApi } from 'zustand/vanilla'
import type { AppInfo, DeskApi } from '../../../shared/ipc/contract'
import type { Theme } from '../../../shared/settings/settings-schema'
import type { SettingsView } from '../../../shared/settings/settings-view'
import { createCall, IpcCallError } from '../ipc/client'
import { createConnectionMonitor, type ConnectionMonitor, type ConnectionStatus } from '../ipc/connection'

export type DrawerPanel = 'servers' | 'settings' | 'approvals'

/** A failure the user must see; `context` says what was being attempted, `message` is the host's reason. */
export interface VisibleError {
  id: number
  context: string
  message: string
}

export interface AppState {
  /** False until the first `app:info` / `settings:get` / `secrets:list` round has finished (ok or not). */
  loaded: boolean
  info: AppInfo | null
  settings: SettingsView | null
  secretNames: string[]
  connection: ConnectionStatus
  drawer: DrawerPanel | null
  /** Nothing can ask for approval yet (no servers connect), so this is truthfully zero until that arrives. */
  pendingApprovals: number
  errors: VisibleError[]

  // Arrow-typed so components can select and call them without a `this`.
  start: () => Promise<void>
  stop: () => void
  setTheme: (theme: Theme) => Promise<boolean>
  addSecret: (name: string, value: string) => Promise<boolean>
  deleteSecret: (name: string) => Promise<boolean>
  openDrawer: (panel: DrawerPanel) => void
  toggleDrawer: (panel: DrawerPanel) => void
  closeDrawer: () => void
  dismissError: (id: number) => void
}

export type AppStore = StoreApi<AppState>

export interface AppStoreDeps {
  api: DeskApi
  /** Defaults to an always-open connection (desktop IPC). */
  connection?: ConnectionMonitor
}

function describe(error: unknown): string {
  if (error instanceof IpcCallError) return error.message
  if (error instanceof Error) return error.message
  return String(error)
}

/**
 * The window's state: what the host told us (info, settings, secret names) plus UI state (drawer, errors).
 * Every failed call becomes a `VisibleError`; nothing is swallowed.
 */
export function createAppStore({
  api,
  connection = createConnectionMonitor({ state: 'open' }),
}: AppStoreDeps): AppStore {
  const call = createCall(api)
  const unsubscribers: Array<() => void> = []
  let nextErrorId = 1
  // Bumped by each event so a slow initial `get` cannot overwrite the newer state an event already delivered.
  let settingsRevision = 0
  let secretsRevision = 0

  return createStore<AppState>()((set, get) => {
    const report = (context: string, error: unknown): void => {
      set((state) => ({
        errors: [...state.errors, { id: nextErrorId++, context, message: describe(error) }],
      }))
    }

    return {
      loaded: false,
      info: null,
      settings: null,
      secretNames: [],
      connection: connection.current(),
      drawer: null,
      pendingApprovals: 0,
      errors: [],

      async start() {
        get().stop()
        unsubscribers.push(
          connection.subscribe((status) => set({ connection: status })),
          api.on('settings:changed', (settings) => {
            settingsRevision++
            set({ settings })
          }),
          api.on('secrets:changed', ({ names }) => {
            secretsRevision++
            set({ secretNames: names })
          }),
        )
        set({ connection: connection.current() })
        const settingsAt = settingsRevision
        const secretsAt = secretsRevision
        await Promise.all([
          call('app:info', {}).then(
            (info) => set({ info }),
            (error) => report('Could not load app information', error),
          ),
          call('settings:get', {}).then(
            (settings) => {
              if (settingsRevision === settingsAt) set({ settings })
            },
            (error) => report('Could not load settings', error),
          ),
          call('secrets:list', {}).then(
            ({ names }) => {
              if (secretsRevision === secretsAt) set({ secretNames: names })
            },
            (error) => report('Could not list secrets', error),
          ),
        ])
        set({ loaded: true })
      },

      stop() {
        for (const unsubscribe of unsubscribers.splice(0)) unsubscribe()
      },

      async setTheme(theme) {
        try {
          const settings = await call('settings:update', { appearance: { theme } })
          settingsRevision++
          set({ settings })
          return true
        } catch (error) {
          report(`Could not change the theme to ${theme}`, error)
          return false
        }
      },

      async addSecret(name, value) {
        try {
          await call('secrets:set', { name, value })
          // The host also sends secrets:changed; merging here keeps the list right if that event is late.
          set((state) => ({
            secretNames: state.secretNames.includes(name)
              ? state.secretNames
              : [...state.secretNames, name].sort(),
          }))
          return true
        } catch (error) {
          report(`Could not save secret "${name}"`, error)
          return false
        }
      },

      async deleteSecret(name) {
        try {
          await call('secrets:delete', { name })
          set((state) => ({ secretNames: state.secretNames.filter((existing) => existing !== name) }))
          return true
        } catch (error) {
          report(`Could not delete secret "${name}"`, error)
          return false
        }
      },

      openDrawer: (panel) => set({ drawer: panel }),
      toggleDrawer: (panel) => set((state) => ({ drawer: state.drawer === panel ? null : panel })),
      closeDrawer: () => set({ drawer: null }),
      dismissError: (id) => set((state) => ({ errors: state.errors.filter((error) => error.id !== id) })),
    }
  })
}
