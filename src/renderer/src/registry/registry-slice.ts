import type { DeskApi } from '../../../shared/ipc/contract'
import { registryEventChannels } from '../../../shared/ipc/registry-channels'
import type {
  InstallPreview,
  RegistryEntryDetail,
  RegistryEntryRequest,
  RegistryInstallRequest,
  RegistrySearchRequest,
  RegistrySearchResult,
  RegistryState,
} from '../../../shared/registry/registry-view'
import type { Call } from '../ipc/client'

export interface RegistrySliceState {
  /** The saved registries with their sync state (issue 24); null until the host has said. */
  registries: RegistryState[] | null
  /** Why the host could not list them; the Browse view shows it in place of the status line. */
  registriesProblem: string | null
  /** Bumped when something asks the servers panel for its list (an install's "Show servers"), even from Browse. */
  serverListRequest: number
}

export interface RegistrySlice extends RegistrySliceState {
  /** Lists the registries and follows `registry:changed` until the returned function is called (Browse is shown). */
  followRegistries: () => () => void
  /** Opens the install preview for each link the desktop app is handed (`links:opened`); the app follows it always. */
  followInstallLinks: () => () => void
  /** Syncs one registry, or every one; resolves with the host's refusal in words, or null. */
  syncRegistries: (url?: string) => Promise<string | null>
  addRegistry: (url: string, name?: string) => Promise<string | null>
  removeRegistry: (url: string) => Promise<string | null>
  /** The local index's matches; throws the host's refusal (the caller shows it beside the results). */
  searchRegistry: (request: RegistrySearchRequest) => Promise<RegistrySearchResult>
  showRegistryEntry: (request: RegistryEntryRequest) => Promise<RegistryEntryDetail>
  /** The entry's icon as a `data:` URL fetched by the host, or null (none, or it could not be fetched). */
  registryIcon: (registryUrl: string, name: string) => Promise<string | null>
  /** Asks the servers panel to show its list of servers, leaving Browse if it is there. */
  showServerList: () => void
  /** Asks what installing would do and opens that preview; resolves with the refusal in words, or null. */
  installFromRegistry: (request: RegistryInstallRequest) => Promise<string | null>
}

export interface RegistrySliceDeps {
  api: Pick<DeskApi, 'on'>
  call: Call
  get: () => {
    serverListRequest: number
    previewLink: (link: string) => Promise<void>
    showInstallPreview: (preview: InstallPreview) => void
  }
  set: (partial: Partial<RegistrySliceState>) => void
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

export function createRegistrySlice({ api, call, get, set }: RegistrySliceDeps): RegistrySlice {
  // Bumped by each event and each answer that carries the list, so an older answer cannot replace a newer one.
  let revision = 0
  const apply = (registries: RegistryState[]) => {
    revision++
    set({ registries, registriesProblem: null })
  }

  /** Add, remove and sync answer with the whole list: the view follows it without waiting for the event. */
  const listing =
    <A extends unknown[]>(run: (...args: A) => Promise<{ registries: RegistryState[] }>) =>
    async (...args: A): Promise<string | null> => {
      try {
        apply((await run(...args)).registries)
        return null
      } catch (error) {
        return message(error)
      }
    }

  return {
    registries: null,
    registriesProblem: null,
    serverListRequest: 0,
    showServerList: () => set({ serverListRequest: get().serverListRequest + 1 }),

    followRegistries() {
      const unsubscribe = api.on('registry:changed', (payload) => {
        // Events are not checked on the way in: a malformed one is dropped rather than breaking the view.
        const parsed = registryEventChannels['registry:changed'].safeParse(payload)
        if (parsed.success) apply(parsed.data.registries)
      })
      const askedAt = revision
      call('registry:list', {}).then(
        ({ registries }) => {
          if (revision === askedAt) apply(registries)
        },
        (error: unknown) => {
          if (revision === askedAt) set({ registriesProblem: message(error) })
        },
      )
      return unsubscribe
    },

    followInstallLinks: () =>
      api.on('links:opened', (payload) => {
        // Only text until the host reads it: the host parses the link, this only opens its preview.
        const parsed = registryEventChannels['links:opened'].safeParse(payload)
        if (parsed.success && parsed.data.link.trim() !== '') void get().previewLink(parsed.data.link.trim())
      }),

    syncRegistries: listing((url?: string) => call('registry:sync', url === undefined ? {} : { url })),
    addRegistry: listing((url: string, name?: string) =>
      call('registry:add', { url, ...(name?.trim() ? { name: name.trim() } : {}) }),
    ),
    removeRegistry: listing((url: string) => call('registry:remove', { url })),

    searchRegistry: (request) => call('registry:search', request),
    showRegistryEntry: (request) => call('registry:show', request),

    async registryIcon(registryUrl, name) {
      try {
        return (await call('registry:icon', { registryUrl, name })).dataUrl
      } catch {
        // The placeholder letter stands in for an icon that could not be fetched; nothing else depends on it.
        return null
      }
    },

    async installFromRegistry(request) {
      try {
        get().showInstallPreview(await call('registry:preview-install', request))
        return null
      } catch (error) {
        return message(error)
      }
    },
  }
}
