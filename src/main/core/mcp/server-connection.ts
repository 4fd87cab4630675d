import type { Client, RequestOptions, CallToolResult, Implementation } from '@modelcontextprotocol/client'
import type { ServerFailure, ServerState, ServerStatus, ToolChange } from '../../../shared/mcp/server-state'
import type { McpLimits, ServerConfig } from '../../../shared/settings/settings-schema'
import { latestStderrLine } from '../../../shared/mcp/server-state'
import { ConnectDeadline } from './connect-deadline'
import { DiscoveryLimitError } from './discovery/discover-tools'
import { ConnectionUpkeep } from './discovery/connection-upkeep'
import { listServerTools, type ServerToolListing } from '../apps/tool-listing'
import { ViewHtmlCache } from '../apps/view-resources'
import { MemoryApprovedToolsStore } from './discovery/approved-tools-store'
import { ServerToolApprovals } from './discovery/server-tool-approvals'
import { ToolNotApprovedError, type AcceptedChange } from './discovery/tool-review'
import { DeskClient } from './desk-client'
import { closedDuringProbe, connectOptionsFor, negotiationFor, ProbeIntolerantServers } from './protocol-era'
import { StartingOutputAnnouncer } from './starting-output'
import { describeDestination, redactForLog } from './redact'
import { connectionState } from './connection-state'
import { screenRequests } from './request-screen'
import type { OpenedTransport } from './transport-opener'
import type { ServerConnectionDeps } from './server-connection-deps'
import { signInRequiredIn } from './oauth/sign-in-errors'
import { closeQuietly } from './client-close'
import { sendToolCall } from './tool-call-send'
import { messageOf } from '../../../shared/format/error-message'

export type { ServerConnectionDeps } from './server-connection-deps'

/**
 * One configured server's connection: connect (initialize + discovery under limits and a deadline),
 * watch for crashes and tool-list changes, and say why it failed. Each connect starts a new generation,
 * so results of a superseded attempt (after a restart or disable) are dropped instead of applied.
 */
export class ServerConnection {
  readonly #deps: ServerConnectionDeps
  #config: ServerConfig
  #status: ServerStatus
  #failure: ServerFailure | undefined
  #since: Date
  /** The rug-pull guard's view of the tools: state() reports, and models see, only the approved ones. */
  readonly #tools: ServerToolApprovals
  #serverInfo: Implementation | undefined
  #protocolVersion: string | undefined
  #client: Client | undefined
  #opened: OpenedTransport | undefined
  #generation = 0
  /** This server's env/header values: masked in everything it shows (stderr, reasons, logs). */
  #secretValues: string[] = []
  readonly #probeIntolerant: ProbeIntolerantServers
  readonly #startingOutput: StartingOutputAnnouncer
  /** list_changed, TTL and the 2026-07-28 change stream of the current client. */
  readonly #upkeep: ConnectionUpkeep
  /** The HTML of this connection's views (MCP Apps), by (uri, fingerprint); never in state(). */
  readonly #views = new ViewHtmlCache()

  constructor(config: ServerConfig, deps: ServerConnectionDeps) {
    this.#config = config
    this.#deps = deps
    this.#probeIntolerant = deps.probeIntolerant ?? new ProbeIntolerantServers()
    this.#startingOutput = new StartingOutputAnnouncer(deps.onChange)
    const log = (line: string): void => deps.log(`${this.#label()}: ${this.#redact(line)}`)
    this.#upkeep = new ConnectionUpkeep({ log, now: () => this.#now().getTime() })
    this.#tools = new ServerToolApprovals(
      () => this.#config.id,
      deps.approvedTools ?? new MemoryApprovedToolsStore(),
    )
    this.#status = config.enabled ? 'connecting' : 'disabled'
    this.#since = this.#now()
  }

  get config(): ServerConfig {
    return this.#config
  }

  get status(): ServerStatus {
    return this.#status
  }

  get client(): Client | undefined {
    return this.#status === 'connected' ? this.#client : undefined
  }

  get changes(): ConnectionUpkeep['changes'] {
    return this.#status === 'connected' ? this.#upkeep.changes : undefined
  }

  state(): ServerState {
    // A read is when a tool list past its TTL is listed again (see ConnectionUpkeep.takeStale).
    if (this.#status === 'connected' && this.#upkeep.takeStale())
      void this.#relist(this.#generation, this.#deps.limits(), 'stale')
    const config = this.#config
    return connectionState(config, {
      status: this.#status,
      failure: this.#failure,
      serverInfo: this.#serverInfo,
      protocolVersion: this.#protocolVersion,
      approved: this.#tools.approved,
      pending: this.#tools.pending,
      stderrTail: this.#redact(this.#opened?.stderrTail() ?? ''),
      since: this.#since,
      auth: config.transport === 'stdio' ? undefined : this.#deps.authState?.(config.id),
    })
  }

  /** Replaces the config; the caller reconnects when the change matters. */
  reconfigure(config: ServerConfig): void {
    this.#config = config
  }

  async connect(): Promise<void> {
    const generation = ++this.#generation
    await this.#closeCurrent()
    if (generation !== this.#generation) return
    this.#tools.clear()
    this.#views.clear()
    this.#serverInfo = undefined
    this.#protocolVersion = undefined
    const config = this.#config
    const legacyAtOnce = this.#probeIntolerant.has(config)
    const outcome = await this.#attempt(generation, legacyAtOnce)
    if (outcome !== 'closed-during-probe' || generation !== this.#generation) return
    // Its process is gone: a second one, spoken to with the handshake, and never probed again.
    this.#probeIntolerant.add(config)
    this.#deps.log(
      `${this.#label()}: exited on the protocol probe; starting it again with the 2025 handshake`,
    )
    await this.#attempt(generation, true)
  }

  /** One connect: start, negotiate, discover. `closed-during-probe` when the server exited on the probe. */
  async #attempt(generation: number, legacyAtOnce: boolean): Promise<'closed-during-probe' | undefined> {
    const limits = this.#deps.limits()
    let opened: OpenedTransport
    try {
      const values = this.#deps.resolveValues(this.#config)
      this.#secretValues = Object.values(values)
      opened = this.#deps.opener(this.#config, values, limits)
    } catch (error) {
      this.#fail({ reason: messageOf(error) })
      return undefined
    }
    // A stdio server is `starting` until it first writes to stdout, then `connecting` (the handshake).
    const startup = opened.startup
    this.#set(startup ? 'starting' : 'connecting')
    const stopWatchingStderr = startup?.onStderr(() =>
      this.#startingOutput.announce(() => generation === this.#generation && this.#status === 'starting'),
    )
    const deadline = new ConnectDeadline(
      limits,
      startup && {
        spoke: startup.spoke,
        lastStderrLine: () => latestStderrLine(this.#redact(opened.stderrTail())),
        onSpoke: () => {
          stopWatchingStderr?.()
          if (generation === this.#generation && this.#status === 'starting') this.#set('connecting')
        },
      },
    )
    const client = this.#newClient(generation, limits)
    this.#opened = opened
    this.#client = client
    const transport = opened.transport
    const setProtocolVersion = transport.setProtocolVersion?.bind(transport)
    transport.setProtocolVersion = (version: string) => {
      setProtocolVersion?.(version)
      this.#deps.onProtocolVersion?.(client, version)
    }

    let limitError: DiscoveryLimitError | undefined
    try {
      const options: RequestOptions = { signal: deadline.signal, timeout: deadline.requestTimeoutMs }
      await client.connect(opened.transport, connectOptionsFor(legacyAtOnce, options))
      this.#protocolVersion = client.getNegotiatedProtocolVersion()
      if (this.#deps.screenRequest) screenRequests(transport, client, this.#deps.screenRequest)
      await this.#upkeep.listen(client, limits.connectTimeoutMs)
      // A server that does not declare `tools` (prompts or resources only) is not asked for them: it would
      // answer -32601 and fail a perfectly good connection.
      const offersTools = client.getServerCapabilities()?.tools !== undefined
      const listed: ServerToolListing = offersTools
        ? await listServerTools(client, this.#config.id, limits, options).catch((error: unknown) => {
            if (error instanceof DiscoveryLimitError) limitError = error
            throw error
          })
        : { tools: [], views: new Map(), ttlMs: undefined }
      if (generation !== this.#generation) return undefined
      this.#tools.review(listed.tools)
      this.#views.replace(listed)
      this.#upkeep.listed(client, listed.ttlMs)
      this.#serverInfo = client.getServerVersion()
      client.onclose = () => this.#onUnexpectedClose(generation, opened)
      this.#set('connected')
      const { approved, pending } = this.#tools
      const waiting = pending.length > 0 ? `, ${pending.length} change(s) need review` : ''
      const era = this.#protocolVersion ? `, protocol ${this.#protocolVersion}` : ''
      this.#deps.log(`${this.#label()}: connected${era}, ${approved.length} tools${waiting}`)
    } catch (error) {
      if (generation !== this.#generation) return undefined
      const reasonSource = deadline.signal.aborted ? (deadline.signal.reason as Error) : error
      this.#deps.releaseClient?.(client)
      await this.#upkeep.close()
      await closeQuietly(client)
      await opened.ended()
      if (generation !== this.#generation) return undefined
      if (!legacyAtOnce && closedDuringProbe(reasonSource)) return 'closed-during-probe'
      const signIn = signInRequiredIn(reasonSource)
      if (signIn) {
        this.#needSignIn(signIn)
        return undefined
      }
      this.#fail(
        limitError
          ? { reason: limitError.message, limit: limitError.limit }
          : (opened.explainFailure(reasonSource) ?? { reason: messageOf(reasonSource) }),
      )
    } finally {
      deadline.dispose()
      stopWatchingStderr?.()
      if (generation === this.#generation) this.#startingOutput.cancel()
    }
    return undefined
  }

  /** Closes the connection on purpose (disable, removal, quit): never reported as a failure. */
  async disconnect(nextStatus: 'disabled' | 'connecting' = 'disabled'): Promise<void> {
    this.#generation += 1
    await this.#closeCurrent()
    this.#failure = undefined
    this.#set(nextStatus)
  }

  /** Calls a tool (tool-call-send.ts: a forgotten session is renewed once; a crash says how it died). */
  async callTool(
    name: string,
    args: Record<string, unknown>,
    options: RequestOptions = {},
    meta?: Record<string, unknown>,
  ): Promise<CallToolResult> {
    const change = this.pendingChangeOf(name)
    if (change) throw new ToolNotApprovedError(this.#config.name, change)
    const params = { name, arguments: args, ...(meta ? { _meta: meta } : {}) }
    // The transport the call goes out on: a reconnect meanwhile must not explain this call's end.
    const opened = this.#opened
    const line = {
      client: () => this.#connectedClient(),
      newSession: () => this.#newSession(),
      explainFailure: (error: unknown) => {
        const failure = opened?.explainFailure(error)
        return failure && { ...failure, reason: this.#redact(failure.reason) }
      },
    }
    return sendToolCall(line, params, this.#tools.callOptionsFor(name, options))
  }

  /** The HTML of this connection's views by (uri, fingerprint), for views:open (view-service.ts). */
  get views(): ViewHtmlCache {
    return this.#views
  }

  /** The change waiting for review that makes this tool uncallable (see ServerToolApprovals). */
  pendingChangeOf(toolName: string): ToolChange | undefined {
    return this.#tools.pendingChangeOf(toolName)
  }

  /** The user accepted these changes as shown (StaleAcceptanceError, accepting nothing, if they moved on). */
  acceptChanges(accepted: readonly AcceptedChange[]): void {
    const count = this.#tools.accept(accepted)
    this.#deps.log(`${this.#label()}: the user accepted ${count} tool change(s)`)
    this.#deps.onChange()
  }

  /** Judges the last listing again against the stored approvals (another process may have accepted). */
  reviewAgain(): void {
    if (this.#status !== 'connected') return
    if (this.#tools.reviewAgain()) this.#deps.onChange()
  }

  #connectedClient(): Client {
    const client = this.client
    if (!client) throw new Error(`server "${this.#config.name}" is ${this.#status}, not connected`)
    return client
  }

  #renewing: Promise<void> | undefined

  /** One re-initialization however many requests hit the 404 at once. */
  #newSession(): Promise<void> {
    this.#deps.log(`${this.#label()}: the server no longer knows the session (HTTP 404); starting a new one`)
    this.#renewing ??= this.connect().finally(() => (this.#renewing = undefined))
    return this.#renewing
  }

  #newClient(generation: number, limits: McpLimits): Client {
    const client = new DeskClient(this.#deps.clientInfo, {
      capabilities: this.#deps.clientCapabilities ?? {},
      versionNegotiation: negotiationFor(this.#config, limits),
    })
    // Discovery stays ours, so limits apply to every re-list.
    this.#upkeep.watch(client, () => void this.#relist(generation, limits))
    this.#deps.configureClient?.(client, this.#config)
    return client
  }

  /**
   * Rug-pull guard: a definition that differs from the approved one is hidden until the user accepts it. A
   * list that was only stale is announced only when something changed.
   */
  async #relist(generation: number, limits: McpLimits, why: 'changed' | 'stale' = 'changed'): Promise<void> {
    const client = this.#client
    if (!client || generation !== this.#generation || this.#status !== 'connected') return
    try {
      const listed = await listServerTools(client, this.#config.id, limits, {
        timeout: limits.connectTimeoutMs,
      })
      if (generation !== this.#generation) return
      const changed = this.#tools.review(listed.tools)
      this.#views.replace(listed)
      this.#upkeep.listed(client, listed.ttlMs)
      if (why === 'stale' && !changed) return
      const pending = this.#tools.pending.length
      this.#deps.log(`${this.#label()}: tool list changed, ${pending} change(s) need review`)
      this.#deps.onChange()
    } catch (error) {
      if (generation !== this.#generation) return
      // A list only past its TTL was not announced as changed: a failed refresh (a network blip) keeps the
      // tools listed and is tried again after the minimum interval, instead of failing the server.
      if (why === 'stale' && !(error instanceof DiscoveryLimitError)) {
        this.#upkeep.listed(client, 0)
        this.#deps.log(
          `${this.#label()}: refreshing the stale tool list failed, keeping the tools listed: ${messageOf(error)}`,
        )
        return
      }
      await this.#closeCurrent()
      this.#fail(
        error instanceof DiscoveryLimitError
          ? { reason: error.message, limit: error.limit }
          : { reason: `re-listing tools failed: ${messageOf(error)}` },
      )
    }
  }

  #onUnexpectedClose(generation: number, opened: OpenedTransport): void {
    if (this.#client) this.#deps.releaseClient?.(this.#client)
    void this.#upkeep.close()
    if (generation !== this.#generation || this.#status !== 'connected') return
    void opened.ended().then(() => {
      if (generation !== this.#generation) return
      this.#fail(
        opened.explainFailure(new Error('the connection closed')) ?? { reason: 'the connection closed' },
      )
    })
  }

  async #closeCurrent(): Promise<void> {
    const client = this.#client
    const opened = this.#opened
    this.#client = undefined
    if (client) {
      client.onclose = undefined
      this.#deps.releaseClient?.(client)
      await this.#upkeep.close()
      await closeQuietly(client)
    }
    if (opened) await opened.ended()
  }

  #fail(failure: ServerFailure): void {
    this.#failure = { ...failure, reason: this.#redact(failure.reason) }
    this.#set('failed')
    this.#deps.log(`${this.#label()}: failed: ${this.#failure.reason.split('\n')[0]}`)
  }

  /** Not a failure: the server works once the user signs in, so it waits with a reason instead of a red row. */
  #needSignIn(error: Error): void {
    this.#failure = { reason: this.#redact(error.message) }
    this.#set('needs-sign-in')
    this.#deps.log(`${this.#label()}: ${error.message}`)
  }

  #set(status: ServerStatus): void {
    this.#status = status
    if (status !== 'failed' && status !== 'needs-sign-in') this.#failure = undefined
    this.#since = this.#now()
    this.#deps.onChange()
  }

  /** A server may echo its own token (in stderr, in an error): it still never leaves this object in clear. */
  #redact(text: string): string {
    return this.#secretValues.length === 0 ? text : redactForLog(text, this.#secretValues)
  }

  #label(): string {
    return `MCP server ${this.#config.name} (${describeDestination(this.#config)})`
  }

  #now(): Date {
    return this.#deps.now?.() ?? new Date()
  }
}
