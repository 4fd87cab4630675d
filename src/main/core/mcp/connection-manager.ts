import { isDeepStrictEqual } from 'node:util'
import type { ServerInput } from '../../../shared/mcp/server-input'
import type { ServerState } from '../../../shared/mcp/server-state'
import type { ServerConfig } from '../../../shared/settings/settings-schema'
import { IpcFailure } from '../../../shared/ipc/ipc-error'
import type { SettingsService } from '../config/settings-service'
import type { ServerConfigService } from './server-config-service'
import { ServerConnection, type ServerConnectionDeps } from './server-connection'
import { MemoryApprovedToolsStore, type ApprovedToolsStore } from './discovery/approved-tools-store'
import { StaleAcceptanceError, type AcceptedChange } from './discovery/tool-review'
import { messageOf } from '../../../shared/format/error-message'
import { ProbeIntolerantServers } from './protocol-era'

export type ServersListener = (servers: ServerState[]) => void

export interface ConnectionManagerDeps extends Omit<
  ServerConnectionDeps,
  'onChange' | 'resolveValues' | 'limits' | 'approvedTools'
> {
  /** The profile's approved tool definitions; in memory when absent (tests). */
  approvedTools?: ApprovedToolsStore
  settings: SettingsService
  configs: ServerConfigService
  /** A server was removed: whatever else holds state for it (OAuth tokens) lets it go. */
  forgetServer?: (id: string) => void
}

/**
 * Every configured server's connection. Follows settings: a server added, edited, enabled or disabled
 * there (by the UI, the CLI or a hand edit loaded at start) is connected, reconnected or closed here.
 * Servers connect in parallel and independently, so one failing or slow server never holds up the rest.
 */
export class ConnectionManager {
  readonly #deps: ConnectionManagerDeps
  readonly #connections = new Map<string, ServerConnection>()
  readonly #listeners = new Set<ServersListener>()
  #started = false
  #stopped = false
  #unsubscribeSettings: (() => void) | undefined
  readonly #forceReconnect = new Set<string>()
  readonly #approvedTools: ApprovedToolsStore
  /** Servers that exited on the era probe, remembered across their reconnects. */
  readonly #probeIntolerant = new ProbeIntolerantServers()

  constructor(deps: ConnectionManagerDeps) {
    this.#deps = deps
    this.#approvedTools = deps.approvedTools ?? new MemoryApprovedToolsStore()
    for (const config of deps.configs.list()) this.#connections.set(config.id, this.#create(config))
    // Followed from the start, so edits made before start() are reflected in list() right away.
    this.#unsubscribeSettings = deps.settings.subscribe(() => void this.#sync())
  }

  /** Connects every enabled server in parallel; resolves when each has connected or failed. */
  async start(): Promise<void> {
    if (this.#started || this.#stopped) return
    // Settings edits made before start() are applied first (without connecting), then everything enabled
    // connects at once; edits from here on connect as they come.
    await this.#sync()
    this.#started = true
    const enabled = [...this.#connections.values()].filter((c) => c.config.enabled)
    await Promise.all(enabled.map((c) => c.connect()))
  }

  list(): ServerState[] {
    return [...this.#connections.values()].map((c) => c.state())
  }

  get(id: string): ServerState {
    return this.#require(id).state()
  }

  connection(id: string): ServerConnection {
    return this.#require(id)
  }

  async restart(id: string): Promise<ServerState> {
    const connection = this.#require(id)
    if (!connection.config.enabled) {
      throw new IpcFailure('conflict', `server "${connection.config.name}" is disabled; enable it first`)
    }
    await connection.connect()
    return connection.state()
  }

  /**
   * Edits go through settings (so they persist) and #sync does the connecting. These wrappers also wait for
   * that, and force a reconnect after an edit even when only a secret's value changed (the reference in
   * settings stays the same, so settings alone would not show the change).
   */
  async setEnabled(id: string, enabled: boolean): Promise<ServerState> {
    this.#require(id)
    this.#deps.configs.setEnabled(id, enabled)
    await this.#syncAndSettle(id)
    return this.get(id)
  }

  async add(input: ServerInput): Promise<ServerState> {
    const config = this.#deps.configs.add(input)
    await this.#syncAndSettle(config.id)
    return this.get(config.id)
  }

  async update(id: string, input: ServerInput): Promise<ServerState> {
    this.#require(id)
    this.#forceReconnect.add(id)
    try {
      this.#deps.configs.update(id, input)
      await this.#syncAndSettle(id)
    } finally {
      this.#forceReconnect.delete(id)
    }
    return this.get(id)
  }

  async remove(id: string): Promise<void> {
    this.#require(id)
    this.#deps.configs.remove(id)
    await this.#sync()
  }

  /**
   * The user accepted these tool changes of a server as they were shown (each with the fingerprint of the
   * new definition): from now on models see them. Refused as a whole (`conflict`) when one of them changed
   * again or is no longer pending.
   */
  acceptToolChanges(id: string, changes: readonly AcceptedChange[]): ServerState {
    const connection = this.#require(id)
    try {
      connection.acceptChanges(changes)
    } catch (error) {
      if (error instanceof StaleAcceptanceError) throw new IpcFailure('conflict', error.message)
      throw error
    }
    return connection.state()
  }

  /**
   * The approved tools changed outside this host (`mcp-desk servers accept` while the window is open):
   * every connected server's last listing is judged again. For whatever watches the profile.
   */
  reloadApprovals(): void {
    for (const connection of this.#connections.values()) connection.reviewAgain()
  }

  subscribe(listener: ServersListener): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** Closes every connection (and reaps every stdio process tree); used on quit. */
  async shutdown(): Promise<void> {
    this.#stopped = true
    this.#unsubscribeSettings?.()
    await Promise.all([...this.#connections.values()].map((c) => c.disconnect()))
  }

  #syncing: Promise<void> = Promise.resolve()
  /** Connects started by reconciliation, by server id, until they end. */
  readonly #inFlight = new Map<string, Promise<void>>()

  /**
   * Reconciliations are serialised so two quick settings changes cannot race each other's decisions. The
   * connects they start are not part of the queue (a connection drops a superseded attempt itself), so a
   * server that takes its whole start-up time (a first npx download) never holds up the next change.
   */
  #sync(): Promise<void> {
    this.#syncing = this.#syncing.then(() => this.#reconcile())
    return this.#syncing
  }

  /** Applies settings, then waits for the connect of `id` that this or an earlier change started. */
  async #syncAndSettle(id: string): Promise<void> {
    await this.#sync()
    await this.#inFlight.get(id)
  }

  #connect(connection: ServerConnection): void {
    const id = connection.config.id
    const attempt = connection.connect().finally(() => {
      if (this.#inFlight.get(id) === attempt) this.#inFlight.delete(id)
    })
    this.#inFlight.set(id, attempt)
    // Only `add` and friends await it; a failure here is theirs to see, never an unhandled rejection.
    attempt.catch(() => undefined)
  }

  async #reconcile(): Promise<void> {
    if (this.#stopped) return
    const configs = new Map(this.#deps.configs.list().map((config) => [config.id, config]))
    const work: Array<Promise<void>> = []
    // Settings change for other reasons too (the theme); only a change to the servers is announced.
    let changed = false
    for (const [id, connection] of this.#connections) {
      if (configs.has(id)) continue
      this.#connections.delete(id)
      changed = true
      work.push(connection.disconnect())
      this.#deps.forgetServer?.(id)
      this.#forgetApprovals(id)
    }
    for (const [id, config] of configs) {
      const existing = this.#connections.get(id)
      if (!existing) {
        const connection = this.#create(config)
        this.#connections.set(id, connection)
        changed = true
        if (config.enabled && this.#started) this.#connect(connection)
        continue
      }
      const forced = this.#forceReconnect.delete(id)
      if (!forced && isDeepStrictEqual(existing.config, config)) continue
      const before = existing.config
      existing.reconfigure(config)
      changed = true
      if (!config.enabled) work.push(existing.disconnect('disabled'))
      else if (this.#started && (forced || !before.enabled || connectionRelevantChange(before, config))) {
        this.#connect(existing)
      }
    }
    if (changed) this.#emit()
    await Promise.all(work)
  }

  /** A removed server's approvals go too: a later server given the same id is trusted on its own first use. */
  #forgetApprovals(id: string): void {
    try {
      this.#approvedTools.forgetServer(id)
    } catch (error) {
      // Left behind, the entries only approve definitions identical to ones the user already accepted.
      this.#deps.log(`could not forget the approved tools of removed server "${id}": ${messageOf(error)}`)
    }
  }

  /**
   * Secrets changed outside this process (a CLI command replaced a server's env value or header): the
   * settings still hold the same references, so only this tells which running servers must restart.
   */
  secretsChanged(names: readonly string[]): void {
    if (!this.#started || this.#stopped) return
    const changed = new Set(names)
    for (const connection of this.#connections.values()) {
      const config = connection.config
      if (!config.enabled || !referencesAny(config, changed)) continue
      this.#connect(connection)
    }
  }

  /** Something shown in the server states changed outside a connection (OAuth sign-in state). */
  changed(): void {
    this.#emit()
  }

  #create(config: ServerConfig): ServerConnection {
    const { settings, configs, forgetServer: _forget, approvedTools: _approved, ...rest } = this.#deps
    return new ServerConnection(config, {
      ...rest,
      approvedTools: this.#approvedTools,
      probeIntolerant: this.#probeIntolerant,
      resolveValues: (c) => configs.resolveValues(c),
      limits: () => settings.snapshot().mcp.limits,
      onChange: () => this.#emit(),
    })
  }

  #require(id: string): ServerConnection {
    const connection = this.#connections.get(id)
    if (!connection) throw new IpcFailure('not_found', `no server with id "${id}"`)
    return connection
  }

  #emit(): void {
    if (this.#listeners.size === 0) return
    const servers = this.list()
    for (const listener of this.#listeners) listener(servers)
  }
}

function referencesAny(config: ServerConfig, names: ReadonlySet<string>): boolean {
  const values =
    config.transport === 'stdio'
      ? Object.values(config.env)
      : [...Object.values(config.headers), config.oauth?.clientSecret]
  return values.some((value) => value !== undefined && typeof value !== 'string' && names.has(value.secret))
}

/** A rename or a sampling-policy change does not need a new process; anything about the connection does. */
function connectionRelevantChange(before: ServerConfig, after: ServerConfig): boolean {
  const strip = ({ name: _name, sampling: _sampling, enabled: _enabled, ...rest }: ServerConfig) => rest
  return !isDeepStrictEqual(strip(before), strip(after))
}
