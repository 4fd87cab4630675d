import type { AppInfo } from '../../shared/ipc/contract'
import { IpcFailure } from '../../shared/ipc/ipc-error'
import { maskProvider, toSettingsView } from '../../shared/settings/settings-view'
import type { SettingsService } from './config/settings-service'
import { HostEvents } from './ipc/host-events'
import { createRequestDispatcher, type Dispatch, type RequestHandlers } from './ipc/request-dispatcher'
import type { ServerSignIn } from './mcp/oauth/server-sign-in'
import type { ConnectionManager } from './mcp/connection-manager'
import type { ProviderService } from './models/provider-service'
import type { SamplingEngine } from './sampling/create-sampling-engine'
import type { SecretStore } from './secrets/secret-store'
import { secretUser } from './secrets/settings-secrets'
import type { ChatEngine } from './chat/create-chat-engine'
import type { ImportService } from './config/import/import-service'
import type { BundleImportService } from './config/import/bundle-import-service'
import type { RootsService } from './roots/roots-service'
import type { PromptService } from './mcp/prompts/prompt-service'
import type { ResourceService } from './mcp/resources/resource-service'
import type { ElicitationService } from './elicitation/elicitation-service'
import type { ViewService } from './apps/view-service'
import type { ViewSandbox } from '../../shared/apps/view-schema'
import type { InstallPreviewer, RegistryCatalog } from './registry/registry-ports'
import { registryHandlers } from './registry/registry-handlers'

export interface HostDeps {
  settings: SettingsService
  secrets: SecretStore
  servers: ConnectionManager
  signIn: ServerSignIn
  providers: ProviderService
  sampling: SamplingEngine
  chat: ChatEngine
  imports: ImportService
  bundles: BundleImportService
  roots: RootsService
  prompts: PromptService
  resources: ResourceService
  elicitation: ElicitationService
  /** MCP Apps: tool views and what they may ask of the host. */
  views: ViewService
  /** The MCP registries (Browse) and the installer behind registry entries and install links. */
  registry: RegistryCatalog
  installs: InstallPreviewer
  /** Where the window sandboxes views (web mode's second origin, the desktop's own scheme); none: no views. */
  viewSandbox?: ViewSandbox
  /** Passed in when services built before the host emit events too (sampling streams). */
  events?: HostEvents
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
  const {
    settings,
    secrets,
    servers,
    providers,
    sampling,
    chat,
    imports,
    bundles,
    roots,
    prompts,
    resources,
    elicitation,
    views,
  } = deps
  const events = deps.events ?? new HostEvents()
  const unsubscribers = [
    settings.subscribe((next) => events.emit('settings:changed', toSettingsView(next))),
    settings.onProblem((problem) => events.emit('settings:problem', { problem: problem ?? null })),
    servers.subscribe((list) => events.emit('servers:changed', { servers: list })),
    sampling.queue.subscribeChanges((changes) => events.emit('approvals:changed', changes)),
    sampling.audit.subscribe((entry) => events.emit('sampling:activity', { entry })),
    prompts.onListChanged((event) => events.emit('prompts:changed', event)),
    resources.onListChanged((event) => events.emit('resources:changed', event)),
    resources.onUpdated((event) => events.emit('resources:updated', event)),
    elicitation.subscribeChanges((changes) => events.emit('elicitation:changed', changes)),
    chat.toolIndex.semantic?.subscribe((status) => events.emit('tools:semantic-status', status)) ??
      (() => {}),
    deps.registry.subscribe((registries) => events.emit('registry:changed', { registries })),
  ]

  const handlers: RequestHandlers = {
    ...registryHandlers(deps.registry, deps.installs),
    'app:info': () => ({
      ...deps.info,
      settingsPath: settings.path,
      secretBackend: secrets.backend,
      // A file that still cannot be used is shown by its own banner (settingsProblem), not twice.
      startupWarnings: settings.startupWarnings.filter(
        (warning) => settings.problem === undefined || !warning.startsWith(settings.problem),
      ),
      ...(settings.problem === undefined ? {} : { settingsProblem: settings.problem }),
      ...(deps.viewSandbox ? { viewSandbox: deps.viewSandbox } : {}),
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
      // Decided against settings.json as it is now, and deleted before any process can add a reference.
      const deleted = settings.whileLocked((current) => {
        const user = secretUser(current, name)
        if (user) {
          throw new IpcFailure(
            'conflict',
            `secret "${name}" is used by ${user}; edit or remove it there instead`,
          )
        }
        return secrets.delete(name)
      })
      if (!deleted) throw new IpcFailure('not_found', `no secret named "${name}"`)
      events.emit('secrets:changed', { names: secrets.list() })
      return { deleted }
    },
    'servers:list': () => ({ servers: servers.list() }),
    'servers:add': ({ server }) => withSecretsEvent(() => servers.add(server)),
    'servers:update': ({ id, server }) => withSecretsEvent(() => servers.update(id, server)),
    'servers:remove': async ({ id }) => {
      await withSecretsEvent(() => servers.remove(id))
      return { removed: true as const }
    },
    'servers:restart': ({ id }) => servers.restart(id),
    'servers:set-enabled': ({ id, enabled }) => servers.setEnabled(id, enabled),
    'servers:accept-tool-changes': ({ id, changes }) => servers.acceptToolChanges(id, changes),
    'servers:sign-in': ({ id }) => deps.signIn.start(id),
    'servers:cancel-sign-in': ({ id }) => deps.signIn.cancel(id),
    'servers:sign-out': ({ id }) => deps.signIn.signOut(id),
    'providers:presets': () => ({ presets: providers.presets() }),
    'providers:add': ({ provider }) => withSecretsEvent(() => maskProvider(providers.add(provider))),
    'providers:update': ({ id, provider }) =>
      withSecretsEvent(() => maskProvider(providers.update(id, provider))),
    'providers:remove': async ({ id }) => {
      await withSecretsEvent(() => providers.remove(id))
      return { removed: true as const }
    },
    'models:discover': async ({ providerId }) => ({ models: await providers.discover(providerId) }),
    'models:save': ({ providerId, model }) => {
      const saved = providers.saveModel(providerId, model)
      return { ...maskProvider(saved.provider), becameDefault: saved.becameDefault }
    },
    'models:remove': ({ providerId, modelId }) => maskProvider(providers.removeModel(providerId, modelId)),
    'models:set-default': ({ ref }) => ({ defaultModel: providers.setDefault(ref) }),
    'approvals:list': () => {
      const { cards, seq } = sampling.queue.snapshot()
      return { approvals: cards, seq }
    },
    'approvals:decide': ({ id, decision }) => {
      sampling.queue.decide(id, decision)
      return { accepted: true as const }
    },
    'sampling:stop': ({ id }) => ({ stopped: sampling.service.stop(id) }),
    'sampling:activity': ({ limit }) => ({ entries: sampling.audit.recent(limit) }),
    'sampling:update-settings': (patch) =>
      settings.update((draft) => {
        draft.sampling = { ...draft.sampling, ...patch }
      }).sampling,
    'tools:update-settings': (patch) =>
      settings.update((draft) => {
        const source = patch.semantic?.source
        if (source?.kind === 'provider' && !draft.models.providers.some((p) => p.id === source.providerId))
          throw new IpcFailure('validation_failed', `there is no provider "${source.providerId}"`)
        draft.tools = { ...draft.tools, ...patch }
      }).tools,
    'tools:semantic-status': () =>
      chat.toolIndex.semantic?.status() ?? {
        state: 'off' as const,
        requested: settings.get().tools.semantic.source,
        sourceLabel: 'none',
        ready: 0,
        total: 0,
        note: 'Search by meaning is not part of this host.',
      },
    'import:preview': ({ text, fileName }) => imports.preview(text, fileName),
    'import:apply': (request) => imports.apply(request),
    'import:inspect-bundle': ({ data }) => bundles.inspect(Buffer.from(data, 'base64')),
    'import:install-bundle': (request) => bundles.install(request),
    'roots:list': ({ target }) => roots.list(target),
    'roots:grant': ({ target, folder }) => roots.grant(target, folder),
    'roots:revoke': ({ target, folder }) => roots.revoke(target, folder),
    'roots:set': ({ target, folders }) => roots.set(target, folders),
    'roots:use-default': ({ serverId }) => roots.useDefault(serverId),
    'elicitation:list': () => {
      const { cards, seq } = elicitation.snapshot()
      return { elicitations: cards, seq }
    },
    'elicitation:answer': (answer) => {
      elicitation.answer(answer)
      return { sent: true as const }
    },
    'elicitation:dismiss': ({ id }) => {
      elicitation.dismiss(id)
      return { dismissed: true as const }
    },
    'prompts:list': ({ serverId }) => prompts.list(serverId),
    'prompts:get': ({ serverId, name, arguments: args }) => prompts.get(serverId, name, args),
    'prompts:complete': ({ serverId, prompt, argument, value, context }) =>
      prompts.complete(serverId, prompt, argument, value, context),
    'resources:list': ({ serverId }) => resources.list(serverId),
    'resources:read': ({ serverId, uri, template }) =>
      template ? resources.readTemplate(serverId, template) : resources.read(serverId, uri ?? ''),
    'resources:complete': ({ serverId, uriTemplate, variable, value, context }) =>
      resources.completeTemplate(serverId, uriTemplate, variable, value, context),
    'resources:subscribe': async ({ serverId, uri }) => {
      await resources.subscribe(serverId, uri)
      return { subscribed: true as const }
    },
    'resources:unsubscribe': async ({ serverId, uri }) => {
      await resources.unsubscribe(serverId, uri)
      return { unsubscribed: true as const }
    },
    'chat:list': () => ({ conversations: chat.runner.list() }),
    'chat:create': (request) => chat.runner.create(request),
    'chat:rename': ({ id, title }) => chat.runner.rename(id, title),
    'chat:set-model': ({ id, model }) => chat.runner.setModel(id, model),
    'chat:delete': async ({ id }) => {
      await chat.runner.delete(id)
      views.forgetConversation(id)
      return { deleted: true as const }
    },
    'chat:open': ({ id, tail }) => chat.runner.open(id, tail),
    'chat:records': ({ id, before, limit }) => chat.runner.records(id, before, limit),
    'chat:send': ({ id, confirmUnknown, ...message }) =>
      chat.runner.send(id, message, confirmUnknown === true),
    'chat:stop': ({ id }) => ({ stopped: chat.runner.stop(id) }),
    'chat:tool-calls': () => ({ cards: chat.toolCalls.list() }),
    'chat:decide-tool-call': ({ id, decision }) => {
      chat.toolCalls.decide(id, decision)
      return { accepted: true as const }
    },
    'views:open': ({ serverId, toolName }) => views.open(serverId, toolName),
    'views:call-tool': (request) => views.callTool(request),
    'views:read-resource': (request) => views.readResource(request),
    'views:update-model-context': (request) => views.updateModelContext(request),
    'views:try': (request) => views.tryTool(request),
    'views:closed': ({ instanceId }) => views.closed(instanceId),
  }

  /** Server edits store and delete the secrets they own; the secrets list in the UI follows. */
  async function withSecretsEvent<T>(edit: () => T | Promise<T>): Promise<T> {
    try {
      return await edit()
    } finally {
      events.emit('secrets:changed', { names: secrets.list() })
    }
  }

  const dispatch = createRequestDispatcher(handlers, {
    onInternalError: (channel, error) => deps.log?.(`request ${channel} failed`, error),
  })
  return { dispatch, events, dispose: () => unsubscribers.forEach((unsubscribe) => unsubscribe()) }
}
