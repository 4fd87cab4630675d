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
import type { SettingsView } from '../../../src/shared/settings/settings-view'

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
  return { schemaVersion: 1, appearance: { theme: 'system' }, servers: [], ...overrides }
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
  readonly calls: Array<{ channel: RequestChannel; request: unknown }> = []
  readonly #failures = new Map<RequestChannel, IpcError>()
  readonly #held = new Map<RequestChannel, Array<() => void>>()
  readonly #holding = new Set<RequestChannel>()
  readonly #listeners = new Map<EventChannel, Set<(payload: unknown) => void>>()

  constructor(
    init: { info?: Partial<AppInfo>; settings?: Partial<SettingsView>; secretNames?: string[] } = {},
  ) {
    this.info = appInfoFixture(init.info)
    this.settings = settingsFixture(init.settings)
    for (const name of init.secretNames ?? []) this.secrets.set(name, `value-of-${name}`)
  }

  fail(channel: RequestChannel, error: IpcError): void {
    this.#failures.set(channel, error)
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
  }
}

function ok<T>(value: T): Promise<IpcResult<T>> {
  return Promise.resolve({ ok: true, value })
}
