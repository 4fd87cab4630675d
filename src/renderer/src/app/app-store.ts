import { createStore, type StoreApi } from 'zustand/vanilla'
import type { AppInfo, DeskApi } from '../../../shared/ipc/contract'
import type { ServerState } from '../../../shared/mcp/server-state'
import type { Theme } from '../../../shared/settings/settings-schema'
import type { SettingsView } from '../../../shared/settings/settings-view'
import { createCall, IpcCallError } from '../ipc/client'
import { createConnectionMonitor, type ConnectionMonitor, type ConnectionStatus } from '../ipc/connection'
import { createChatActions, initialChatState, type ChatActions, type ChatState } from '../chat/chat-actions'
import {
  createElicitationActions,
  initialElicitationState,
  type ElicitationActions,
  type ElicitationState,
} from '../elicitation/elicitation-actions'
import {
  createImportActions,
  initialImportState,
  type ImportActions,
  type ImportState,
} from '../import/import-actions'
import { createModelActions, type ModelActions } from '../models/model-actions'
import { createRegistrySlice, type RegistrySlice } from '../registry/registry-slice'
import {
  createPromptPickerActions,
  initialPromptPickerState,
  type PromptPickerActions,
  type PromptPickerState,
} from '../prompts/prompt-picker-actions'
import {
  createResourceAttachmentsActions,
  initialResourceAttachmentsState,
  type ResourceAttachmentsActions,
  type ResourceAttachmentsState,
} from '../resources/resource-attachments-actions'
import { createRootsActions, type RootsActions } from '../roots/roots-actions'
import {
  createSamplingActions,
  initialSamplingState,
  type SamplingActions,
  type SamplingState,
} from '../sampling/sampling-actions'
import { createServerActions, type ServerActions } from '../servers/server-actions'
import {
  createSignInActions,
  initialSignInState,
  type SignInActions,
  type SignInState,
} from '../servers/sign-in-actions'
import { createToolsSlice, type ToolsSlice } from '../tools/tools-slice'
import { inOpenConversation } from '../approvals/approvals-model'
import { createViewActions, initialViewState, type ViewActions, type ViewState } from '../apps/view-actions'

export type DrawerPanel = 'servers' | 'models' | 'settings' | 'approvals' | 'activity'

/** A failure the user must see; `context` says what was being attempted, `message` is the host's reason. */
export interface VisibleError {
  id: number
  context: string
  message: string
}

export interface AppState
  extends
    ServerActions,
    SignInState,
    SignInActions,
    ModelActions,
    SamplingState,
    SamplingActions,
    ToolsSlice,
    ChatState,
    ChatActions,
    ImportState,
    ImportActions,
    PromptPickerState,
    PromptPickerActions,
    ResourceAttachmentsState,
    ResourceAttachmentsActions,
    RootsActions,
    ElicitationState,
    ElicitationActions,
    ViewState,
    ViewActions,
    RegistrySlice {
  /** False until the first `app:info` / `settings:get` / `secrets:list` / `servers:list` round has finished. */
  loaded: boolean
  /** Why settings.json cannot be used now (changes are refused until it is fixed), or null. */
  settingsProblem: string | null
  info: AppInfo | null
  settings: SettingsView | null
  secretNames: string[]
  /** Every configured server as the connection layer sees it (status, failure, tools, pending changes). */
  servers: ServerState[]
  connection: ConnectionStatus
  drawer: DrawerPanel | null
  /** Another part of the window (the first-run screen) asked a drawer panel to open on its add form. */
  addRequest: { panel: 'servers' | 'models'; seq: number } | null
  /** Narrow windows only: the sidebar is shown over the conversation (it is always shown when wide). */
  sidebarOpen: boolean
  errors: VisibleError[]
  // Arrow-typed so components can select and call them without a `this`.
  start: () => Promise<void>
  stop: () => void
  setTheme: (theme: Theme) => Promise<boolean>
  addSecret: (name: string, value: string) => Promise<boolean>
  deleteSecret: (name: string) => Promise<boolean>
  openDrawer: (panel: DrawerPanel) => void
  openDrawerToAdd: (panel: 'servers' | 'models') => void
  toggleDrawer: (panel: DrawerPanel) => void
  closeDrawer: () => void
  setSidebarOpen: (open: boolean) => void
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
 * The window's state: what the host told us (info, settings, secret names, server states) plus UI state
 * (drawer, errors). Every failed call becomes a `VisibleError`; nothing is swallowed.
 */
export function createAppStore({
  api,
  connection = createConnectionMonitor({ state: 'open' }),
}: AppStoreDeps): AppStore {
  // Increasing across requests, so a panel that stays open still sees a second request as new.
  let addRequests = 0
  const call = createCall(api)
  const unsubscribers: Array<() => void> = []
  let nextErrorId = 1
  // Bumped by each event so a slow initial `get` cannot overwrite the newer state an event already delivered.
  let settingsRevision = 0
  let problemRevision = 0
  let secretsRevision = 0
  let serversRevision = 0

  return createStore<AppState>()((set, get, store) => {
    const report = (context: string, error: unknown): { id: number; message: string } => {
      const shown = { id: nextErrorId++, context, message: describe(error) }
      set((state) => ({ errors: [...state.errors, shown] }))
      return shown
    }

    /** A host answer that carries part of the settings; bumps the revision like an event would. */
    const setSettings = (update: (settings: SettingsView) => SettingsView) => {
      const current = get().settings
      if (!current) return
      settingsRevision++
      set({ settings: update(current) })
    }

    /** A host answer that carries server states; bumps the revision like an event would. */
    const setServers = (update: (servers: ServerState[]) => ServerState[]) => {
      serversRevision++
      set((state) => ({ servers: update(state.servers) }))
    }

    const serverActions = createServerActions({
      call,
      servers: () => get().servers,
      setServers,
      watchServers: (listener) =>
        store.subscribe((state, previous) => {
          if (state.servers !== previous.servers) listener(state.servers)
        }),
      report,
    })

    const signInActions = createSignInActions({ call, get, set, setServers })

    const modelActions = createModelActions({
      call,
      settings: () => get().settings,
      setSettings,
      presets: () => get().providerPresets,
      setPresets: (providerPresets) => set({ providerPresets }),
      report,
    })

    const {
      follow: followSampling,
      load: loadApprovals,
      ...samplingActions
    } = createSamplingActions({
      api,
      call,
      get,
      set,
      setSettings,
      showApprovals: (id) => {
        // A card of the open conversation (a tool call, a server's question, a completion asked for inside
        // one of its calls) is shown in its transcript, which brings it into view; any other in the drawer.
        const openId = get().conversation?.id
        const inTranscript = (cards: ReadonlyArray<{ id: string; conversationId?: string | undefined }>) =>
          cards.some((card) => card.id === id && inOpenConversation(card, openId))
        const { toolCalls, elicitations, approvals } = get()
        if (inTranscript(toolCalls) || inTranscript(elicitations) || inTranscript(approvals)) return
        set({ drawer: 'approvals' })
      },
      report,
    })

    const toolSettingsActions = createToolsSlice({ api, call, set, setSettings, report })

    const {
      follow: followChat,
      load: loadChat,
      ...chatActions
    } = createChatActions({ api, call, get, set, report })

    const importActions = createImportActions({ call, get, set })

    const { follow: followPrompts, ...promptPickerActions } = createPromptPickerActions({
      api,
      call,
      get,
      set,
    })

    const { follow: followResources, ...resourceAttachmentsActions } = createResourceAttachmentsActions({
      api,
      call,
      get,
      set,
      report,
    })

    const rootsActions = createRootsActions({ call, setSettings })
    const viewActions = createViewActions({ call, get, set })

    const {
      follow: followElicitations,
      load: loadElicitations,
      ...elicitationActions
    } = createElicitationActions({ api, call, get, set, report })

    return {
      ...initialSamplingState(),
      ...initialSignInState(),
      ...initialImportState(),
      ...initialPromptPickerState(),
      ...initialResourceAttachmentsState(),
      ...initialChatState(),
      ...initialElicitationState(),
      ...initialViewState(),
      loaded: false,
      info: null,
      settingsProblem: null,
      settings: null,
      secretNames: [],
      servers: [],
      providerPresets: null,
      connection: connection.current(),
      drawer: null,
      addRequest: null,
      sidebarOpen: false,
      errors: [],

      async start() {
        get().stop()
        unsubscribers.push(
          connection.subscribe((status) => set({ connection: status })),
          api.on('settings:changed', (settings) => {
            settingsRevision++
            set({ settings })
          }),
          api.on('settings:problem', ({ problem }) => {
            problemRevision++
            set({ settingsProblem: problem })
          }),
          api.on('secrets:changed', ({ names }) => {
            secretsRevision++
            set({ secretNames: names })
          }),
          api.on('servers:changed', ({ servers }) => {
            serversRevision++
            set({ servers })
          }),
          ...followSampling(),
          ...followChat(),
          ...followPrompts(),
          ...followResources(),
          ...followElicitations(),
        )
        set({ connection: connection.current() })
        const settingsAt = settingsRevision
        const problemAt = problemRevision
        const secretsAt = secretsRevision
        const serversAt = serversRevision
        await Promise.all([
          call('app:info', {}).then(
            (info) =>
              set({
                info,
                ...(problemRevision === problemAt ? { settingsProblem: info.settingsProblem ?? null } : {}),
              }),
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
          call('servers:list', {}).then(
            ({ servers }) => {
              if (serversRevision === serversAt) set({ servers })
            },
            (error) => report('Could not list servers', error),
          ),
          loadApprovals(),
          loadChat(),
          loadElicitations(),
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

      ...serverActions,
      ...signInActions,
      ...modelActions,
      ...samplingActions,
      ...toolSettingsActions,
      ...chatActions,
      ...importActions,
      ...promptPickerActions,
      ...resourceAttachmentsActions,
      ...rootsActions,
      ...elicitationActions,
      ...viewActions,
      ...createRegistrySlice({ api, call, get, set }),
      openDrawer: (panel) => set({ drawer: panel, addRequest: null }),
      openDrawerToAdd: (panel) => set({ drawer: panel, addRequest: { panel, seq: ++addRequests } }),
      toggleDrawer: (panel) =>
        set((state) => ({ drawer: state.drawer === panel ? null : panel, addRequest: null })),
      closeDrawer: () => set({ drawer: null, addRequest: null }),
      setSidebarOpen: (open) => set({ sidebarOpen: open }),
      dismissError: (id) => set((state) => ({ errors: state.errors.filter((error) => error.id !== id) })),
    }
  })
}
