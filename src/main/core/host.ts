import type { AppInfo } from '../../shared/ipc/contract'
import { IpcFailure } from '../../shared/ipc/ipc-error'
import { toSettingsView } from '../../shared/settings/settings-view'
import type { SettingsService } from './config/settings-service'
import { HostEvents } from './ipc/host-events'
import { createRequestDispatcher, type Dispatch, type RequestHandlers } from './ipc/request-dispatcher'
import type { SecretStore } from './secrets/secret-store'

export interface HostDeps {
  settings: SettingsService
  secrets: SecretStore
  info: Pick<AppInfo, 'name' | 'version' | 'mode' | 'platform' | 'home'>
  /** Where unexpected errors go (with stacks). Never the renderer. */
  log?: (message: string, error?: unknown) => void
}

export interface Host {
  readonly dispatch: Dispatch
  readonly events: HostEvents
  dispose(): void
}

/**
 * The host: every service the renderer can reach, wired by constructor injection and exposed only through
 * the contract. Electron, web mode and tests all build the same Host from different adapters.
 */
export function createHost(deps: HostDeps): Host {
  const { settings, secrets } = deps
  const events = new HostEvents()
  const unsubscribe = settings.subscribe((next) => events.emit('settings:changed', toSettingsView(next)))

  const handlers: RequestHandlers = {
    'app:info': () => ({
      ...deps.info,
      settingsPath: settings.path,
      secretBackend: secrets.backend,
      startupWarnings: [...settings.startupWarnings],
    }),
    'settings:get': () => toSettingsView(settings.get()),
    'settings:update': (request) =>
      toSettingsView(
        settings.update((draft) => {
          if (request.appearance) draft.appearance = { ...draft.appearance, ...request.appearance }
        }),
      ),
    'secrets:list': () => ({ names: secrets.list() }),
    'secrets:set': ({ name, value }) => {
      secrets.set(name, value)
      events.emit('secrets:changed', { names: secrets.list() })
      return { name }
    },
    'secrets:delete': ({ name }) => {
      const deleted = secrets.delete(name)
      if (!deleted) throw new IpcFailure('not_found', `no secret named "${name}"`)
      events.emit('secrets:changed', { names: secrets.list() })
      return { deleted }
    },
  }

  const dispatch = createRequestDispatcher(handlers, {
    onInternalError: (channel, error) => deps.log?.(`request ${channel} failed`, error),
  })
  return { dispatch, events, dispose: unsubscribe }
}
