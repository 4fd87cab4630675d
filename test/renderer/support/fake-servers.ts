import { serverInputSchema, type ConfigValueInput } from '../../../src/shared/mcp/server-input'
import { looksSecretName } from '../../../src/shared/settings/secret-names'
import type { ServerState } from '../../../src/shared/mcp/server-state'
import type { IpcError, IpcResult } from '../../../src/shared/ipc/ipc-error'
import type { RequestOf, ResponseOf } from '../../../src/shared/ipc/contract'
import type {
  ConfigValueView,
  ServerConfigView,
  ServerOAuthView,
} from '../../../src/shared/settings/settings-view'
import { serverStateFixture } from './server-fixtures'

/** A server as the fake host holds it: the masked config the settings view shows and its live state. */
export interface FakeServer {
  config: ServerConfigView
  state?: Partial<ServerState>
}

export interface FakeServersHooks {
  configsChanged: (configs: ServerConfigView[]) => void
  statesChanged: (states: ServerState[]) => void
}

type Result<
  C extends
    | 'servers:add'
    | 'servers:update'
    | 'servers:restart'
    | 'servers:set-enabled'
    | 'servers:accept-tool-changes',
> = Promise<IpcResult<ResponseOf<C>>>

function failure(code: IpcError['code'], message: string): Promise<IpcResult<never>> {
  return Promise.resolve({ ok: false, error: { code, message } })
}

function slug(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'server'
  )
}

/**
 * The servers half of the fake host, behaving like ConnectionManager + ServerConfigService: it validates
 * input with the shared schema, stores typed values as owned secrets, emits `settings:changed` and
 * `servers:changed` in the host's order (config first, then `connecting`, then the outcome), and answers
 * only when the connection attempt is over. `holdConnections()` keeps attempts in `connecting`.
 */
export class FakeServers {
  configs: ServerConfigView[]
  states: ServerState[]
  /** The status (and failure, tools…) a connection attempt ends with. */
  connectOutcome: (config: ServerConfigView) => Partial<ServerState> = () => ({ status: 'connected' })
  readonly #hooks: FakeServersHooks
  #clock = 0
  #holding = false
  readonly #waiting: Array<() => void> = []

  constructor(servers: FakeServer[], hooks: FakeServersHooks) {
    this.configs = servers.map((server) => server.config)
    this.states = servers.map((server) => serverStateFixture(server.config, server.state))
    this.#hooks = hooks
  }

  holdConnections(): void {
    this.#holding = true
  }

  releaseConnections(): void {
    this.#holding = false
    for (const resume of this.#waiting.splice(0)) resume()
  }

  state(id: string): ServerState | undefined {
    return this.states.find((state) => state.id === id)
  }

  /** Replaces one server's state and emits `servers:changed`, as a status change or re-list would. */
  setState(id: string, patch: Partial<ServerState>): void {
    this.states = this.states.map((state) => (state.id === id ? { ...state, ...patch } : state))
    this.#hooks.statesChanged(this.states)
  }

  list(): Promise<IpcResult<ResponseOf<'servers:list'>>> {
    return ok({ servers: this.states })
  }

  async add({ server }: RequestOf<'servers:add'>): Result<'servers:add'> {
    const parsed = serverInputSchema.safeParse(server)
    if (!parsed.success)
      return failure('validation_failed', `invalid server: ${parsed.error.issues[0]?.message}`)
    const taken = new Set(this.configs.map((config) => config.id))
    let id = slug(parsed.data.name)
    for (let n = 2; taken.has(id); n++) id = `${slug(parsed.data.name)}-${n}`
    const config = this.#configFrom(id, parsed.data, undefined)
    if ('error' in config) return failure('validation_failed', config.error)
    this.configs = [...this.configs, config]
    this.#hooks.configsChanged(this.configs)
    this.states = [...this.states, serverStateFixture(config, { status: 'disabled', since: this.#tick() })]
    return ok(await this.#connectOrDisable(config))
  }

  async update({ id, server }: RequestOf<'servers:update'>): Result<'servers:update'> {
    const previous = this.configs.find((config) => config.id === id)
    if (!previous) return failure('not_found', `no server with id "${id}"`)
    const parsed = serverInputSchema.safeParse(server)
    if (!parsed.success)
      return failure('validation_failed', `invalid server: ${parsed.error.issues[0]?.message}`)
    const config = this.#configFrom(id, parsed.data, previous)
    if ('error' in config) return failure('validation_failed', config.error)
    this.configs = this.configs.map((existing) => (existing.id === id ? config : existing))
    this.#hooks.configsChanged(this.configs)
    const { name, transport, destination } = serverStateFixture(config)
    this.states = this.states.map((state) =>
      state.id === id ? { ...state, name, transport, destination } : state,
    )
    return ok(await this.#connectOrDisable(config))
  }

  remove({ id }: RequestOf<'servers:remove'>): Promise<IpcResult<ResponseOf<'servers:remove'>>> {
    if (!this.configs.some((config) => config.id === id))
      return failure('not_found', `no server with id "${id}"`)
    this.configs = this.configs.filter((config) => config.id !== id)
    this.#hooks.configsChanged(this.configs)
    this.states = this.states.filter((state) => state.id !== id)
    this.#hooks.statesChanged(this.states)
    return ok({ removed: true as const })
  }

  async restart({ id }: RequestOf<'servers:restart'>): Result<'servers:restart'> {
    const config = this.configs.find((candidate) => candidate.id === id)
    if (!config) return failure('not_found', `no server with id "${id}"`)
    if (!config.enabled) return failure('conflict', `server "${config.name}" is disabled; enable it first`)
    return ok(await this.#connectOrDisable(config))
  }

  async setEnabled({ id, enabled }: RequestOf<'servers:set-enabled'>): Result<'servers:set-enabled'> {
    const found = this.configs.find((candidate) => candidate.id === id)
    if (!found) return failure('not_found', `no server with id "${id}"`)
    const config = { ...found, enabled }
    this.configs = this.configs.map((existing) => (existing.id === id ? config : existing))
    this.#hooks.configsChanged(this.configs)
    return ok(await this.#connectOrDisable(config))
  }

  /** Every servers:accept-tool-changes request, in order. */
  readonly acceptRequests: Array<RequestOf<'servers:accept-tool-changes'>> = []

  /** Like the host: all or nothing, each change named with the fingerprint it was shown with. */
  async acceptToolChanges(
    request: RequestOf<'servers:accept-tool-changes'>,
  ): Result<'servers:accept-tool-changes'> {
    this.acceptRequests.push(request)
    const state = this.state(request.id)
    if (!state) return failure('not_found', `no server with id "${request.id}"`)
    const accepted = new Set(request.changes.map((change) => change.name))
    for (const { name, fingerprint } of request.changes) {
      const change = state.pendingChanges.find((candidate) => candidate.name === name)
      if (!change || (change.afterFingerprint ?? null) !== fingerprint) {
        return failure('conflict', `tool "${name}" changed again since it was shown; review it again`)
      }
    }
    const taken = state.pendingChanges.filter((change) => accepted.has(change.name))
    const tools = [
      ...state.tools.filter((tool) => !accepted.has(tool.name)),
      ...taken.flatMap((change) => (change.after ? [change.after] : [])),
    ]
    const pendingChanges = state.pendingChanges.filter((change) => !accepted.has(change.name))
    this.setState(request.id, { tools, pendingChanges })
    return ok(this.state(request.id)!)
  }

  async #connectOrDisable(config: ServerConfigView): Promise<ServerState> {
    if (!config.enabled) {
      this.setState(config.id, { status: 'disabled', failure: undefined, tools: [], since: this.#tick() })
      return this.state(config.id)!
    }
    // Like the host: a stdio server is `starting` until its process first speaks, a remote one `connecting`.
    const status = config.transport === 'stdio' ? 'starting' : 'connecting'
    this.setState(config.id, { status, failure: undefined, tools: [], since: this.#tick() })
    if (this.#holding) await new Promise<void>((resume) => this.#waiting.push(resume))
    this.setState(config.id, { ...this.connectOutcome(config), since: this.#tick() })
    return this.state(config.id)!
  }

  #configFrom(
    id: string,
    input: ReturnType<typeof serverInputSchema.parse>,
    previous: ServerConfigView | undefined,
  ): ServerConfigView | { error: string } {
    const base = {
      id,
      name: input.name,
      enabled: input.enabled,
      sampling: input.sampling,
      ...(input.samplingModels ? { samplingModels: input.samplingModels } : {}),
      ...(input.samplingDailyTokens !== undefined ? { samplingDailyTokens: input.samplingDailyTokens } : {}),
      // Like the host, the settings only carry the flag where it is on.
      ...(input.toolsAlwaysLoaded ? { toolsAlwaysLoaded: true } : {}),
    }
    if (input.transport === 'stdio') {
      const env = this.#views(id, 'env', input.env, previous?.transport === 'stdio' ? previous.env : {})
      if ('error' in env) return env
      return {
        ...base,
        transport: 'stdio',
        command: input.command,
        args: input.args,
        env: env.views,
        ...(input.cwd ? { cwd: input.cwd } : {}),
      }
    }
    const previousRemote = previous?.transport === 'stdio' ? undefined : previous
    const headers = this.#views(id, 'header', input.headers, previousRemote?.headers ?? {})
    if ('error' in headers) return headers
    const oauth = this.#oauthView(id, input.oauth, previousRemote?.oauth)
    if (oauth && 'error' in oauth) return oauth
    return {
      ...base,
      transport: input.transport,
      url: input.url,
      headers: headers.views,
      ...(oauth ? { oauth } : {}),
    }
  }

  /** Like the host: the client secret kept, referenced or stored under the server's name; empty blocks dropped. */
  #oauthView(
    id: string,
    input: Extract<ReturnType<typeof serverInputSchema.parse>, { url: string }>['oauth'],
    previous: ServerOAuthView | undefined,
  ): ServerOAuthView | { error: string } | undefined {
    if (!input) return undefined
    let clientSecret: ConfigValueView | undefined
    if (input.clientSecret) {
      const secret = this.#views(
        id,
        'oauth',
        { clientSecret: input.clientSecret },
        {
          ...(previous?.clientSecret ? { clientSecret: previous.clientSecret } : {}),
        },
      )
      if ('error' in secret) return secret
      clientSecret = secret.views['clientSecret']
    }
    const view: ServerOAuthView = {
      ...(input.clientId ? { clientId: input.clientId } : {}),
      ...(clientSecret ? { clientSecret } : {}),
      ...(input.clientMetadataUrl ? { clientMetadataUrl: input.clientMetadataUrl } : {}),
      ...(input.scopes && input.scopes.length > 0 ? { scopes: input.scopes } : {}),
    }
    return Object.keys(view).length > 0 ? view : undefined
  }

  #views(
    id: string,
    kind: 'env' | 'header' | 'oauth',
    inputs: Record<string, ConfigValueInput>,
    previous: Record<string, ConfigValueView>,
  ): { views: Record<string, ConfigValueView> } | { error: string } {
    const views: Record<string, ConfigValueView> = {}
    for (const [key, input] of Object.entries(inputs)) {
      if ('keep' in input) {
        const kept = previous[key]
        if (!kept) return { error: `${kind} ${key} has no stored value to keep` }
        // As the host does: "keep as secret" moves a plain value into the store.
        views[key] =
          input.as === 'secret' && !('secret' in kept) ? { secret: `server.${id}.${kind}.${key}` } : kept
      } else if ('secret' in input) {
        views[key] = { secret: input.secret }
      } else if ('plain' in input) {
        // As the host's view: in clear, unless the name says it is a credential.
        views[key] = looksSecretName(key) ? { masked: true } : { plain: input.plain }
      } else {
        views[key] = { secret: `server.${id}.${kind}.${key}` }
      }
    }
    return { views }
  }

  #tick(): string {
    this.#clock += 1
    return new Date(Date.UTC(2026, 0, 1, 0, 0, this.#clock)).toISOString()
  }
}

function ok<T>(value: T): Promise<IpcResult<T>> {
  return Promise.resolve({ ok: true, value })
}
