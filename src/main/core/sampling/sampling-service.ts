import { randomUUID } from 'node:crypto'
import { ProtocolError } from '@modelcontextprotocol/client'
import type {
  Client,
  ClientContext,
  CreateMessageResult,
  JSONRPCErrorResponse,
} from '@modelcontextprotocol/client'
import type { AuditEntry } from '../../../shared/sampling/sampling-card'
import type { ServerConfig } from '../../../shared/settings/settings-schema'
import type { ApprovalQueue } from '../approvals/approval-queue'
import type { SettingsService } from '../config/settings-service'
import type { ProviderService } from '../models/provider-service'
import { runSettingsFor } from '../models/run-settings'
import { evaluateSamplingGates } from './sampling-gates'
import { requestTimeout, samplingDenied, samplingDeniedError } from './sampling-errors'
import { isTalliedRefusal, RefusalTally } from './refusal-tally'
import type { SamplingAuditLog } from './audit-log'
import { checkDailyBudget, type RateSlot, type SamplingRateLimiter } from './rate-limiter'
import { permissiveCreateMessageParamsSchema, validateCreateMessageParams } from './validate-request'
import { ApprovalRefused, decideOnCard, type CardContext } from './sampling-approval'
import { summarizeForCard } from './content-summary'
import { chooseModel } from './sampling-model-choice'
import { runSampling } from './sampling-runner'
import { outcomeOf } from './sampling-outcome'
import { currentInputOrigin } from '../mcp/input-origin'
import { toCreateMessageResult } from './sampling-result'
import { toolSetKey, ToolLoopGuard } from './tool-loop-guard'
import { withoutTools } from './sampling-approval'

export interface SamplingEvents {
  stream(event: { id: string; delta: string; chunks: number; chars: number }): void
}

export interface SamplingServiceDeps {
  settings: SettingsService
  providers: ProviderService
  queue: ApprovalQueue
  audit: SamplingAuditLog
  limiter: SamplingRateLimiter
  events?: SamplingEvents
  /** Whether anyone can answer an approval card now (the desktop and web: yes; the CLI: only on a TTY). */
  canAsk?: () => boolean
  /** The conversation that most recently called this server's tools, where its cards belong (chat issue). */
  conversationFor?: (serverId: string) => string | undefined
  log?: (line: string) => void
  now?: () => number
  /** How long refusals are summed before their audit line is written (see RefusalTally). */
  refusalWindowMs?: number
}

type Extra = ClientContext

interface ClientScope {
  controller: AbortController
  serverId: string
  /** Negotiated at initialize; decides whether a result may carry several content blocks. */
  protocolVersion?: string
}

/**
 * Serves `sampling/createMessage` for every connected server: gates (policy and permission ruleset, deny
 * wins), strict validation, rate limits and budget, model choice, the user's approval, the streamed run,
 * the optional review of the completion, the result or an exact JSON-RPC error, and an audit entry.
 */
export class SamplingService {
  readonly #deps: SamplingServiceDeps
  readonly #scopes = new Map<Client, ClientScope>()
  /**
   * Servers the user approved "for this session" (until the app quits), per offered tool set (see
   * toolSetKey), with the tools the user took out of that offer, which stay out in later rounds.
   */
  readonly #sessionApproved = new Map<string, Map<string, string[]>>()
  /** Cards waiting for a decision, with the session rule that would cover each (server, offered tools). */
  readonly #waiting = new Map<string, { serverId: string; tools: string }>()
  readonly #loops = new ToolLoopGuard()
  /** Running completions by card/request id, for the card's Stop button. */
  readonly #running = new Map<string, AbortController>()
  readonly #refusals: RefusalTally

  constructor(deps: SamplingServiceDeps) {
    this.#deps = deps
    this.#refusals = new RefusalTally((entry) => this.#append(entry), deps.refusalWindowMs)
  }

  /**
   * Registers the handler on a client before it connects. It goes through Protocol's own registration,
   * skipping the Client's wrapper: that wrapper parses with the SDK's CreateMessageRequestSchema first
   * (answering malformed requests with its own message, and accepting non-canonical base64 like "abc"),
   * while every malformed request must reach our validation and get -32602 naming the field.
   */
  attach(client: Client, config: ServerConfig, transportLabel: string): void {
    const scope: ClientScope = { controller: new AbortController(), serverId: config.id }
    this.#scopes.set(client, scope)
    // The custom-schema form: v2 hands the params as sent (our schema accepts anything), so every malformed
    // request reaches validateCreateMessageParams instead of the SDK's wire validation.
    client.setRequestHandler(
      'sampling/createMessage',
      { params: permissiveCreateMessageParamsSchema },
      (params, extra) => this.#handle(scope, transportLabel, params, extra) as Promise<never>,
    )
  }

  /**
   * A sampling request from a server already over its limits, answered before the SDK parses it (see
   * mcp/request-screen.ts): the same -1 `rate limited` answer and tallied audit line #handle gives, without
   * the per-request parsing and promise work that made 100,000 of them cost 200 MB (issue 19). `undefined`
   * sends the request the normal way (a policy that denies is audited as a denial there).
   */
  refuseEarly(client: Client, requestId: string | number): JSONRPCErrorResponse | undefined {
    const scope = this.#scopes.get(client)
    const settings = this.#deps.settings.snapshot()
    const config = scope && settings.servers.find((server) => server.id === scope.serverId)
    if (!config) return undefined
    const gate = evaluateSamplingGates({
      policy: config.sampling,
      ruleset: settings.permissions.mcp_sampling,
      serverId: config.id,
      serverName: config.name,
    })
    if (gate.action === 'deny') return undefined
    const early = this.#deps.limiter.refusal(config.id)
    if (!early) return undefined
    // The -1 #handle throws, built as a plain object: no Error (and stack) per refusal in a flood.
    const error = samplingDeniedError('rate limited', `rate limited: ${early.detail}`)
    const started = this.#now()
    const audit = { id: randomUUID(), time: new Date(started).toISOString(), serverId: config.id }
    this.#record({ ...audit, serverName: config.name, decision: 'allowed' }, started, {
      outcome: 'rate-limited',
      errorCode: error.code,
      message: error.message,
    })
    return { jsonrpc: '2.0', id: requestId, error }
  }

  setProtocolVersion(client: Client, version: string): void {
    const scope = this.#scopes.get(client)
    if (scope) scope.protocolVersion = version
  }

  /** The client closed (disconnect, crash, quit): cancel its completions and end its pending cards. */
  detach(client: Client): void {
    const scope = this.#scopes.get(client)
    if (!scope) return
    this.#scopes.delete(client)
    scope.controller.abort(new Error('the server connection closed'))
    this.#loops.forget(scope.serverId)
    this.#deps.queue.closeAll((card) => card.serverId === scope.serverId, 'the server connection closed')
  }

  /** The card's Stop button. */
  stop(id: string): boolean {
    const running = this.#running.get(id)
    running?.abort(new Error('stopped by the user'))
    return running !== undefined
  }

  shutdown(): void {
    for (const client of [...this.#scopes.keys()]) this.detach(client)
    this.#refusals.flush()
  }

  async #handle(
    scope: ClientScope,
    transportLabel: string,
    params: unknown,
    extra: Extra,
  ): Promise<CreateMessageResult> {
    const id = randomUUID()
    const started = this.#now()
    const config = this.#deps.settings.snapshot().servers.find((server) => server.id === scope.serverId)
    const audit: Omit<AuditEntry, 'outcome' | 'durationMs'> = {
      id,
      time: new Date(started).toISOString(),
      serverId: scope.serverId,
      serverName: config?.name ?? scope.serverId,
      decision: 'allowed',
    }
    let release: (() => void) | undefined
    try {
      if (!config) throw samplingDenied('denied', 'this server is no longer configured')
      const settings = this.#deps.settings.snapshot()
      const gate = evaluateSamplingGates({
        policy: config.sampling,
        ruleset: settings.permissions.mcp_sampling,
        serverId: config.id,
        serverName: config.name,
      })
      if (gate.action === 'deny') {
        audit.decision = 'denied'
        throw samplingDenied('denied', gate.reason)
      }
      // A flood over the limits is refused before its request is parsed (acquire below checks again).
      const early = this.#deps.limiter.refusal(config.id)
      if (early) throw samplingDenied('rate limited', `rate limited: ${early.detail}`)
      const request = validateCreateMessageParams(params, { allowTools: true })
      if (request.tools && request.tools.length > 0) {
        const round = this.#loops.enter(config.id, request.messages)
        const cap = settings.sampling.maxToolLoopRounds
        if (round > cap) {
          throw samplingDenied(
            'tool loop limit',
            `tool loop limit: this loop reached ${round} rounds (limit ${cap})`,
          )
        }
      }
      // Taken before the card: a request waiting for a slot shows no card yet (see ARCHITECTURE.md).
      const slot = await this.#slot(
        config.id,
        AbortSignal.any([scope.controller.signal, extra.mcpReq.signal]),
      )
      if (!slot.ok) throw samplingDenied('rate limited', `rate limited: ${slot.detail}`)
      release = () => slot.release()
      const used = this.#deps.audit.usageToday(config.id)
      const budget = checkDailyBudget(used.inputTokens + used.outputTokens, config.samplingDailyTokens)
      if (!budget.ok) throw samplingDenied('budget exceeded', `budget exceeded: ${budget.detail}`)

      // Summarised once: the estimate prices the models, and the card shows the same summary.
      const summary = summarizeForCard(request)
      const choice = chooseModel(
        { ...request, estimatedInputTokens: summary.estimatedInputTokens },
        config,
        this.#deps.providers,
        settings.models,
      )
      const context: CardContext = {
        id,
        config,
        transportLabel,
        request,
        summary,
        choice,
        usageToday: used,
        conversationId: this.#deps.conversationFor?.(config.id),
        askedInside: currentInputOrigin(),
        received: params,
      }
      const tools = toolSetKey(request.tools)
      const sessionRemovals = this.#sessionApproved.get(config.id)?.get(tools)
      const mustAsk = gate.action === 'ask' && sessionRemovals === undefined
      let approved = { request: withoutTools(request, sessionRemovals ?? []), modelRef: choice.chosen }
      if (mustAsk) {
        if (this.#deps.canAsk && !this.#deps.canAsk()) {
          audit.decision = 'refused'
          throw samplingDenied('no one to ask', 'sampling needs approval and no one is there to approve it')
        }
        this.#waiting.set(id, { serverId: config.id, tools })
        const decided = await decideOnCard(this.#deps.queue, context, settings.sampling.approvalTimeoutMs, [
          scope.controller.signal,
          extra.mcpReq.signal,
        ]).finally(() => this.#waiting.delete(id))
        audit.decision = decided.decision
        if (decided.edited) audit.edited = true
        if (decided.decision === 'approved-session') {
          const byTools = this.#sessionApproved.get(config.id) ?? new Map<string, string[]>()
          byTools.set(tools, decided.removedTools)
          this.#sessionApproved.set(config.id, byTools)
          this.#releaseCovered(config.id, tools, decided.removedTools)
        }
        if (decided.decision === 'always') this.#allowAlways(config.id)
        approved = decided.approved
      }
      audit.model = approved.modelRef

      const stopper = new AbortController()
      this.#running.set(id, stopper)
      if (mustAsk) this.#deps.queue.showStreaming(id, approved.modelRef)
      const { model, provider, config: modelConfig } = this.#deps.providers.languageModel(approved.modelRef)
      let progressTick = 0
      const result = await runSampling({
        model,
        modelRef: approved.modelRef,
        request: approved.request,
        runSettings: runSettingsFor(approved.request, modelConfig.capabilities),
        chunkTimeoutMs: provider.chunkTimeoutMs,
        progressIntervalMs: settings.sampling.progressIntervalMs,
        signal: AbortSignal.any([scope.controller.signal, extra.mcpReq.signal, stopper.signal]),
        secretValues: this.#deps.providers.secretValues(provider.id),
        ...(approved.request.progressToken !== undefined
          ? {
              sendProgress: ({ chunks, chars }: { chunks: number; chars: number }) =>
                extra.mcpReq.notify({
                  method: 'notifications/progress',
                  params: {
                    progressToken: approved.request.progressToken!,
                    // Progress must grow with every notification; the counts go in the message.
                    progress: ++progressTick,
                    message: `${chunks} chunks, ${chars} characters generated`,
                  },
                }),
            }
          : {}),
        onDelta: (delta, totals) => this.#deps.events?.stream({ id, delta, ...totals }),
      })
      this.#running.delete(id)
      audit.inputTokens = result.usage.inputTokens
      audit.outputTokens = result.usage.outputTokens

      let content = result.content
      const cutOff = result.stopReason === 'maxTokens' ? { cutOff: true as const } : {}
      if (mustAsk && settings.sampling.reviewCompletion) {
        const reviewed = await decideOnCard(
          this.#deps.queue,
          {
            ...context,
            completion: result.text,
            modelRef: approved.modelRef,
            completionCutOff: 'cutOff' in cutOff,
          },
          settings.sampling.approvalTimeoutMs,
          [scope.controller.signal, extra.mcpReq.signal],
          'review',
        )
        if (reviewed.edited) audit.edited = true
        // The review edits the text; the model's tool calls (sampling with tools) go back as they were.
        if (reviewed.completion !== undefined && reviewed.completion !== result.text) {
          const calls = result.content.filter((block) => block.type !== 'text')
          content = [
            ...(reviewed.completion === '' ? [] : [{ type: 'text' as const, text: reviewed.completion }]),
            ...calls,
          ]
        }
      }
      this.#deps.providers.recordUse(approved.modelRef)
      this.#record(audit, started, { outcome: 'completed', ...cutOff })
      return toCreateMessageResult(
        { ...result, content },
        approved.modelRef,
        scope.protocolVersion,
        (warning) => this.#deps.log?.(`sampling for ${config.name}: ${warning}`),
      ) as CreateMessageResult
    } catch (caught) {
      let error = caught
      if (error instanceof ApprovalRefused) {
        audit.decision = error.auditDecision
        error = error.error
      }
      const { outcome, code, message } = outcomeOf(error)
      this.#record(audit, started, { outcome, ...(code !== undefined ? { errorCode: code } : {}), message })
      throw error instanceof ProtocolError ? error : new ProtocolError(-32603, message)
    } finally {
      release?.()
      this.#running.delete(id)
      this.#deps.queue.remove(id)
    }
  }

  /** A run slot, a refusal, or (cancelled while waiting in the queue) -32001, which the SDK never sends. */
  async #slot(serverId: string, signal: AbortSignal): Promise<RateSlot> {
    try {
      return await this.#deps.limiter.acquire(serverId, signal)
    } catch (error) {
      throw requestTimeout(
        `cancelled while waiting for a run slot: ${error instanceof Error ? error.message : String(error)}`,
        { chunks: 0, chars: 0 },
      )
    }
  }

  #allowAlways(serverId: string): void {
    this.#deps.settings.update((draft) => {
      for (const server of draft.servers) if (server.id === serverId) server.sampling = 'allow'
    })
  }

  #record(
    audit: Omit<AuditEntry, 'outcome' | 'durationMs'>,
    started: number,
    end: Pick<AuditEntry, 'outcome' | 'errorCode' | 'message' | 'cutOff'>,
  ): void {
    const entry: AuditEntry = { ...audit, ...end, durationMs: Math.max(0, this.#now() - started) }
    if (isTalliedRefusal(entry)) this.#refusals.add(entry)
    else this.#append(entry)
  }

  #append(entry: AuditEntry): void {
    try {
      this.#deps.audit.append(entry)
    } catch (error) {
      this.#deps.log?.(`sampling audit log could not be written: ${(error as Error).message}`)
    }
  }

  /** "Approve for this session" covers that server's waiting requests under the same rule (offered tools). */
  #releaseCovered(serverId: string, tools: string, removedTools: string[]): void {
    for (const [id, waiting] of this.#waiting) {
      if (waiting.serverId !== serverId || waiting.tools !== tools) continue
      this.#waiting.delete(id)
      try {
        this.#deps.queue.decide(id, { kind: 'approve-session', removedTools })
      } catch {
        // The card ended meanwhile (the server cancelled it): nothing to release.
      }
    }
  }

  #now(): number {
    return this.#deps.now?.() ?? Date.now()
  }
}
