import type {
  AppInfo,
  DeskApi,
  EventChannel,
  EventOf,
  RequestChannel,
  RequestOf,
  ResponseOf,
} from '../../../src/shared/ipc/contract'
import type { IpcError, IpcResult } from '../../../src/shared/ipc/ipc-error'
import {
  mcpLimitsSchema,
  samplingSettingsSchema,
  toolSettingsSchema,
} from '../../../src/shared/settings/settings-schema'
import type { SettingsView } from '../../../src/shared/settings/settings-view'
import { FakeApprovals } from './fake-approvals'
import { FakeCatalog } from './fake-catalog'
import { FakeChat } from './fake-chat'
import { FakeImports } from './fake-imports'
import { FakeRoots } from './fake-roots'
import { FakeElicitations } from './fake-elicitations'
import { FakeProviders } from './fake-providers'
import { FakeRegistry } from './fake-registry'
import { FakeServers, type FakeServer } from './fake-servers'
import { FakeSignIn } from './fake-sign-in'
import { CardDeltas } from './card-deltas'
import { FakeViews } from './fake-views'

export function appInfoFixture(overrides: Partial<AppInfo> = {}): AppInfo {
  return {
    name: 'MCP Desk',
    version: '0.1.0',
    mode: 'desktop',
    platform: 'linux',
    home: '/home/ada/.mcp-desk',
    settingsPath: '/home/ada/.mcp-desk/settings.json',
    secretBackend: { kind: 'safeStorage', secure: true },
    startupWarnings: [],
    ...overrides,
  }
}

export function settingsFixture(overrides: Partial<SettingsView> = {}): SettingsView {
  return {
    schemaVersion: 1,
    appearance: { theme: 'system' },
    mcp: { limits: mcpLimitsSchema.parse({}) },
    models: { providers: [], recentModels: [] },
    permissions: { mcp_sampling: {} },
    sampling: samplingSettingsSchema.parse({}),
    tools: toolSettingsSchema.parse({}),
    roots: { default: [], servers: {} },
    servers: [],
    ...overrides,
  }
}

type Handler<C extends RequestChannel> = (request: RequestOf<C>) => Promise<IpcResult<ResponseOf<C>>>

/**
 * An in-memory host behind the `DeskApi` interface: it answers like the real host (including the events it
 * emits), records every call, and can be told to fail or to hold a channel's answer until the test releases it.
 */
export class FakeDeskApi implements DeskApi {
  info: AppInfo
  settings: SettingsView
  secrets = new Map<string, string>()
  /** Configured servers and their live states; `servers.holdConnections()` keeps attempts connecting. */
  readonly servers: FakeServers
  /** OAuth sign-in of remote servers: `complete(id)` / `failSignIn(id, reason)` play the browser's part. */
  readonly signIn: FakeSignIn
  /** Providers and models (`settings.models`), presets, and what discovery finds. */
  readonly providers: FakeProviders
  /** Approval cards, streamed completions, the audit log and the sampling settings. */
  readonly approvals: FakeApprovals
  /** Conversations, running turns and tool-call cards. */
  readonly chat: FakeChat
  /** Config files and bundles the host recognises, previews held for apply, installs. */
  readonly imports: FakeImports
  /** Saved registries, the local index, entries' details and icons, and what installs and links preview. */
  readonly registry: FakeRegistry
  /** Folders granted to servers (`settings.roots`), with the host's default-vs-own-list rules. */
  readonly roots: FakeRoots
  /** What servers offer as prompts and resources; emit prompts:changed / resources:* to announce changes. */
  readonly catalog = new FakeCatalog()
  /** Questions servers ask (elicitation), and the answers given. */
  readonly elicitations: FakeElicitations
  /** Tool views: the documents views:open answers, what a view's calls answer, and what was closed. */
  readonly views = new FakeViews()
  readonly calls: Array<{ channel: RequestChannel; request: unknown }> = []
  readonly #failures = new Map<RequestChannel, IpcError>()
  readonly #held = new Map<RequestChannel, Array<() => void>>()
  readonly #holding = new Set<RequestChannel>()
  readonly #listeners = new Map<EventChannel, Set<(payload: unknown) => void>>()

  constructor(
    init: {
      info?: Partial<AppInfo>
      settings?: Partial<SettingsView>
      secretNames?: string[]
      /** Sets `settings.servers` (the configs) and the `servers:list` states together. */
      servers?: FakeServer[]
    } = {},
  ) {
    this.info = appInfoFixture(init.info)
    const servers = init.servers ?? []
    this.settings = settingsFixture({
      ...init.settings,
      ...(init.servers ? { servers: servers.map((server) => server.config) } : {}),
    })
    this.servers = new FakeServers(servers, {
      configsChanged: (configs) => {
        this.settings = { ...this.settings, servers: configs }
        this.emit('settings:changed', this.settings)
      },
      statesChanged: (states) => this.emit('servers:changed', { servers: states }),
    })
    this.signIn = new FakeSignIn(this.servers)
    this.providers = new FakeProviders(this.settings.models, (models) => {
      this.settings = { ...this.settings, models }
      this.emit('settings:changed', this.settings)
    })
    this.approvals = new FakeApprovals({
      emit: (event, payload) => this.emit(event, payload),
      sampling: () => this.settings.sampling,
      setSampling: (sampling) => {
        this.settings = { ...this.settings, sampling }
        this.emit('settings:changed', this.settings)
      },
    })
    this.chat = new FakeChat({
      emit: (event, payload) => this.emit(event, payload),
      defaultModel: () => this.settings.models.defaultModel,
    })
    this.imports = new FakeImports(this.servers)
    this.registry = new FakeRegistry(this.imports, (registries) =>
      this.emit('registry:changed', { registries }),
    )
    const elicitationDeltas = new CardDeltas<FakeElicitations['cards'][number]>()
    this.elicitations = new FakeElicitations((elicitations) => {
      const changes = elicitationDeltas.next(elicitations)
      if (!changes) return
      this.elicitations.seq = changes.seq
      this.emit('elicitation:changed', changes)
    })
    this.elicitations.listed = (cards) => void elicitationDeltas.listed(cards)
    this.roots = new FakeRoots(
      () => this.settings.roots,
      (roots) => {
        this.settings = { ...this.settings, roots }
        this.emit('settings:changed', this.settings)
      },
    )
    for (const name of init.secretNames ?? []) this.secrets.set(name, `value-of-${name}`)
  }

  fail(channel: RequestChannel, error: IpcError): void {
    this.#failures.set(channel, error)
  }

  /** `channel` answers normally again. */
  succeed(channel: RequestChannel): void {
    this.#failures.delete(channel)
  }

  /** Answers to `channel` wait until `release(channel)`, to test what happens while a request is in flight. */
  hold(channel: RequestChannel): void {
    this.#holding.add(channel)
  }

  release(channel: RequestChannel): void {
    this.#holding.delete(channel)
    for (const resume of this.#held.get(channel)?.splice(0) ?? []) resume()
  }

  callsTo(channel: RequestChannel): unknown[] {
    return this.calls.filter((call) => call.channel === channel).map((call) => call.request)
  }

  listenerCount(event: EventChannel): number {
    return this.#listeners.get(event)?.size ?? 0
  }

  emit<E extends EventChannel>(event: E, payload: EventOf<E>): void {
    for (const listener of [...(this.#listeners.get(event) ?? [])]) listener(payload)
  }

  on<E extends EventChannel>(event: E, listener: (payload: EventOf<E>) => void): () => void {
    const set = this.#listeners.get(event) ?? new Set()
    this.#listeners.set(event, set)
    const untyped = listener as (payload: unknown) => void
    set.add(untyped)
    return () => set.delete(untyped)
  }

  async invoke<C extends RequestChannel>(
    channel: C,
    request: RequestOf<C>,
  ): Promise<IpcResult<ResponseOf<C>>> {
    this.calls.push({ channel, request })
    if (this.#holding.has(channel)) {
      await new Promise<void>((resume) => {
        const waiting = this.#held.get(channel) ?? []
        waiting.push(resume)
        this.#held.set(channel, waiting)
      })
    }
    const failure = this.#failures.get(channel)
    if (failure) return { ok: false, error: failure }
    const handler = this.#handlers[channel] as Handler<C>
    return handler(request)
  }

  #secretNames(): string[] {
    return [...this.secrets.keys()].sort()
  }

  readonly #handlers: { [C in RequestChannel]: Handler<C> } = {
    'app:info': () => ok(this.info),
    'settings:get': () => ok(this.settings),
    'settings:update': (request) => {
      if (request.appearance) this.settings = { ...this.settings, appearance: { ...request.appearance } }
      this.emit('settings:changed', this.settings)
      return ok(this.settings)
    },
    'secrets:list': () => ok({ names: this.#secretNames() }),
    'secrets:set': ({ name, value }) => {
      this.secrets.set(name, value)
      this.emit('secrets:changed', { names: this.#secretNames() })
      return ok({ name })
    },
    'secrets:delete': ({ name }) => {
      if (!this.secrets.delete(name)) {
        return Promise.resolve({
          ok: false,
          error: { code: 'not_found', message: `no secret named "${name}"` },
        })
      }
      this.emit('secrets:changed', { names: this.#secretNames() })
      return ok({ deleted: true })
    },
    'servers:list': () => this.servers.list(),
    'servers:add': (request) => this.servers.add(request),
    'servers:update': (request) => this.servers.update(request),
    'servers:remove': (request) => this.servers.remove(request),
    'servers:restart': (request) => this.servers.restart(request),
    'servers:set-enabled': (request) => this.servers.setEnabled(request),
    'servers:accept-tool-changes': (request) => this.servers.acceptToolChanges(request),
    'servers:sign-in': (request) => this.signIn.signIn(request),
    'servers:cancel-sign-in': (request) => this.signIn.cancel(request),
    'servers:sign-out': (request) => this.signIn.signOut(request),
    'providers:presets': () => this.providers.list(),
    'providers:add': (request) => this.providers.add(request),
    'providers:update': (request) => this.providers.update(request),
    'providers:remove': (request) => this.providers.remove(request),
    'models:discover': (request) => this.providers.discover(request),
    'models:save': (request) => this.providers.save(request),
    'models:remove': (request) => this.providers.removeModel(request),
    'models:set-default': (request) => this.providers.setDefault(request),
    'approvals:list': () => this.approvals.list(),
    'approvals:decide': (request) => this.approvals.decide(request),
    'sampling:stop': (request) => this.approvals.stop(request),
    'sampling:activity': (request) => this.approvals.activity(request),
    'sampling:update-settings': (request) => this.approvals.updateSettings(request),
    'tools:update-settings': (request) => {
      this.settings = {
        ...this.settings,
        tools: toolSettingsSchema.parse({ ...this.settings.tools, ...request }),
      }
      this.emit('settings:changed', this.settings)
      return ok(this.settings.tools)
    },
    'tools:semantic-status': () =>
      ok({
        state: 'ready',
        requested: this.settings.tools.semantic.source,
        sourceLabel: 'Built-in model (Universal Sentence Encoder lite, runs offline)',
        ready: 0,
        total: 0,
      }),
    'import:preview': (request) => this.imports.preview(request),
    'import:apply': (request) => this.imports.apply(request),
    'import:inspect-bundle': (request) => this.imports.inspectBundle(request),
    'import:install-bundle': (request) => this.imports.installBundle(request),
    'registry:list': () => this.registry.list(),
    'registry:add': (request) => this.registry.add(request),
    'registry:remove': (request) => this.registry.remove(request),
    'registry:sync': (request) => this.registry.sync(request),
    'registry:search': (request) => this.registry.search(request),
    'registry:show': (request) => this.registry.show(request),
    'registry:icon': (request) => this.registry.icon(request),
    'registry:preview-install': (request) => this.registry.previewInstall(request),
    'links:preview': (request) => this.registry.previewLink(request),
    'roots:list': ({ target }) => this.roots.list(target),
    'roots:grant': ({ target, folder }) => this.roots.grant(target, folder),
    'roots:revoke': ({ target, folder }) => this.roots.revoke(target, folder),
    'roots:set': ({ target, folders }) => this.roots.set(target, folders),
    'roots:use-default': ({ serverId }) => this.roots.useDefault(serverId),
    'elicitation:list': () => this.elicitations.list(),
    'elicitation:answer': (request) => this.elicitations.answer(request),
    'elicitation:dismiss': ({ id }) => this.elicitations.dismiss(id),
    'prompts:list': ({ serverId }) => this.catalog.list(serverId),
    'prompts:get': ({ serverId, name, arguments: args }) => this.catalog.get(serverId, name, args ?? {}),
    'prompts:complete': ({ serverId, prompt, argument, value }) =>
      this.catalog.complete(serverId, prompt, argument, value),
    'resources:list': ({ serverId }) => this.catalog.listResources(serverId),
    'resources:read': ({ serverId, uri, template }) =>
      template ? this.catalog.readTemplate(serverId, template) : this.catalog.read(serverId, uri ?? ''),
    'resources:complete': ({ serverId, uriTemplate, variable, value }) =>
      this.catalog.completeTemplate(serverId, uriTemplate, variable, value),
    'resources:subscribe': ({ serverId, uri }) => this.catalog.subscribe(serverId, uri),
    'resources:unsubscribe': ({ serverId, uri }) => this.catalog.unsubscribe(serverId, uri),
    'chat:list': () => this.chat.list(),
    'chat:create': (request) => this.chat.create(request),
    'chat:rename': (request) => this.chat.rename(request),
    'chat:set-model': (request) => this.chat.setModel(request),
    'chat:delete': (request) => this.chat.delete(request),
    'chat:open': (request) => this.chat.open(request),
    'chat:records': (request) => this.chat.records(request),
    'chat:send': (request) => this.chat.send(request),
    'chat:stop': (request) => this.chat.stop(request),
    'chat:tool-calls': () => this.chat.toolCalls(),
    'chat:decide-tool-call': (request) => this.chat.decide(request),
    'views:open': (request) => this.views.answer('views:open', request) as never,
    'views:call-tool': (request) => this.views.answer('views:call-tool', request) as never,
    'views:read-resource': (request) => this.views.answer('views:read-resource', request) as never,
    'views:update-model-context': (request) =>
      this.views.answer('views:update-model-context', request) as never,
    'views:try': (request) => this.views.answer('views:try', request) as never,
    'views:closed': (request) => this.views.answer('views:closed', request) as never,
  }
}

function ok<T>(value: T): Promise<IpcResult<T>> {
  return Promise.resolve({ ok: true, value })
}
