import { randomUUID } from 'node:crypto'
import { ProtocolError } from '@modelcontextprotocol/client'
import type { Client, ClientContext, ElicitResult } from '@modelcontextprotocol/client'
import type { ElicitationAnswer, ElicitationCard } from '../../../shared/elicitation/elicitation-card'
import { withDefaults } from '../../../shared/elicitation/field-defaults'
import { validateContent } from '../../../shared/elicitation/validate-content'
import { IpcFailure } from '../../../shared/ipc/ipc-error'
import { transportLabel } from '../../../shared/mcp/transport-label'
import type { InputOrigin } from '../../../shared/mcp/input-origin'
import { currentInputOrigin } from '../mcp/input-origin'
import type { ServerConfig } from '../../../shared/settings/settings-schema'
import type { ClientFeature } from '../mcp/client-feature'
import { permissiveElicitParamsSchema, readElicitRequest } from './elicit-request'
import { checkElicitationUrl } from './elicitation-url'
import {
  MAX_PENDING_ELICITATIONS_PER_SERVER,
  PendingElicitations,
  type ElicitationsListener,
} from './pending-elicitations'
import type { CardChangesListener } from '../approvals/card-change-feed'
import { parseRequestedSchema } from './requested-schema'

/**
 * Form mode with applyDefaults (the host fills in defaults the user left out) and URL mode. Declared
 * explicitly: an empty `elicitation: {}` would mean form mode only.
 */
export const ELICITATION_CAPABILITIES = {
  elicitation: { form: { applyDefaults: true }, url: {} },
}

export interface ElicitationServiceDeps {
  /** Whether anyone can answer a card now (the desktop and web: yes; the CLI: only on a TTY). */
  canAsk?: () => boolean
  /** The conversation that most recently called this server's tools, where its cards belong. */
  conversationFor?: (serverId: string) => string | undefined
  log?: (line: string) => void
  now?: () => Date
}

type Extra = ClientContext

/** Who is asking, fixed when the client is attached: one per connection. */
interface ClientScope {
  serverId: string
  serverName: string
  transportLabel: string
}

const CONNECTION_CLOSED = 'the server connection closed'

/**
 * The error a server gets for a question beyond MAX_PENDING_ELICITATIONS_PER_SERVER: -1, the code sampling
 * uses for "not shown to the user because of a limit", with the limit in the message and a reason label.
 */
export const TOO_MANY_QUESTIONS_CODE = -1

/**
 * Serves `elicitation/create` for every connected server: reads the request, turns a form's schema into
 * fields (unsupported → declined, with the reason logged) or checks a URL (https, or http to this computer
 * → else declined), shows a card and waits for the user. An accepted form is completed with its defaults
 * and checked against the schema before anything is sent; a failed check goes back to whoever answered,
 * naming the field, and the card stays. Decline and cancel are the spec's results of the same names.
 */
export class ElicitationService implements ClientFeature {
  readonly capabilities = ELICITATION_CAPABILITIES
  readonly #deps: ElicitationServiceDeps
  readonly #scopes = new Map<Client, ClientScope>()
  readonly #pending = new PendingElicitations()

  constructor(deps: ElicitationServiceDeps = {}) {
    this.#deps = deps
  }

  /**
   * Registers the handler through Protocol's own registration, skipping the Client's wrapper: that wrapper
   * parses with the SDK's strict schema first (so an unsupported form would fail with -32602 instead of
   * being declined with a reason) and applies defaults itself, which the service already does.
   */
  attach(client: Client, config: ServerConfig): void {
    const scope: ClientScope = {
      serverId: config.id,
      serverName: config.name,
      transportLabel: transportLabel(config),
    }
    this.#scopes.set(client, scope)
    // The custom-schema form hands the params as sent (our schema accepts anything); DeskClient keeps the
    // SDK's own validation out, so the service validates and applies defaults itself.
    client.setRequestHandler(
      'elicitation/create',
      { params: permissiveElicitParamsSchema },
      (params, extra) => this.#handle(scope, params, extra) as Promise<never>,
    )
    client.setNotificationHandler('notifications/elicitation/complete', (notification) =>
      this.#complete(scope, notification.params.elicitationId),
    )
  }

  /** The client closed (disconnect, crash, quit): its cards go away and its requests end unanswered. */
  detach(client: Client): void {
    const scope = this.#scopes.get(client)
    if (!scope) return
    this.#scopes.delete(client)
    this.#pending.closeAll(scope, CONNECTION_CLOSED)
  }

  shutdown(): void {
    for (const client of [...this.#scopes.keys()]) this.detach(client)
  }

  list(): ElicitationCard[] {
    return this.#pending.list()
  }

  subscribe(listener: ElicitationsListener): () => void {
    return this.#pending.subscribe(listener)
  }

  /** The cards with the number of the last change they include, for a renderer (re)loading the list. */
  snapshot(): { cards: ElicitationCard[]; seq: number } {
    return this.#pending.snapshot()
  }

  /** Each change as a delta (card added or replaced, ids removed), numbered: what renderers follow. */
  subscribeChanges(listener: CardChangesListener<ElicitationCard>): () => void {
    return this.#pending.subscribeChanges(listener)
  }

  /**
   * The user's answer from the card (IPC `elicitation:answer`, or the terminal). Accepting a form sends
   * its content with defaults applied, once it passes the schema; otherwise a `validation_failed` error
   * lists each problem (`data.issues`, by field) and nothing is sent. Accepting a URL card means the user
   * agreed to open it: the server hears `accept`, and the card waits for its completion notice.
   */
  answer(answer: ElicitationAnswer): void {
    const pending = this.#pending.get(answer.id)
    if (!pending) throw new IpcFailure('not_found', `no pending elicitation with id "${answer.id}"`)
    if (pending.answered) {
      throw new IpcFailure('conflict', 'this request was already answered; dismiss the card to close it')
    }
    const card = pending.card
    if (answer.action !== 'accept') {
      pending.respond({ action: answer.action })
      this.#pending.remove(card.id)
      return
    }
    if (card.mode === 'url') {
      if (answer.content !== undefined) {
        throw new IpcFailure('validation_failed', 'a URL request is answered without content')
      }
      pending.respond({ action: 'accept' })
      this.#pending.update(card.id, (shown) => (shown.mode === 'url' ? { ...shown, opened: true } : shown))
      return
    }
    const content = withDefaults(card.fields, answer.content ?? {})
    const check = validateContent(card.fields, content)
    if (!check.ok) {
      throw new IpcFailure('validation_failed', check.issues.map((issue) => issue.message).join('; '), {
        issues: check.issues,
      })
    }
    pending.respond({ action: 'accept', content: check.content })
    this.#pending.remove(card.id)
  }

  /**
   * Closes a card: a URL card waiting for a completion notice that may never come (servers need not send
   * one), or any card still waiting, which then counts as cancelled.
   */
  dismiss(id: string): void {
    const pending = this.#pending.get(id)
    if (!pending) throw new IpcFailure('not_found', `no pending elicitation with id "${id}"`)
    if (!pending.answered) pending.respond({ action: 'cancel' })
    this.#pending.remove(id)
  }

  async #handle(scope: ClientScope, params: unknown, extra: Extra): Promise<ElicitResult> {
    // Checked first, before anything is parsed or kept: a flood costs the host nothing beyond the cap.
    if (this.#pending.countOf(scope) >= MAX_PENDING_ELICITATIONS_PER_SERVER) {
      throw new ProtocolError(
        TOO_MANY_QUESTIONS_CODE,
        `too many questions waiting: ${MAX_PENDING_ELICITATIONS_PER_SERVER} from this server are already waiting for the user (limit ${MAX_PENDING_ELICITATIONS_PER_SERVER} per server); ask again once one is answered`,
        { reason: 'too many pending' },
      )
    }
    const request = readElicitRequest(params)
    const id = randomUUID()
    let card: ElicitationCard
    const base = {
      id,
      kind: 'elicitation' as const,
      serverId: scope.serverId,
      serverName: scope.serverName,
      transportLabel: scope.transportLabel,
      createdAt: (this.#deps.now?.() ?? new Date()).toISOString(),
      message: request.message,
      ...withOrigin(currentInputOrigin()),
    }
    const conversationId = this.#deps.conversationFor?.(scope.serverId)
    if (request.mode === 'form') {
      const parsed = parseRequestedSchema(request.requestedSchema)
      if (!parsed.ok) return this.#decline(scope, `its form is not supported: ${parsed.reason}`)
      card = { ...base, ...(conversationId ? { conversationId } : {}), mode: 'form', fields: parsed.fields }
    } else {
      const checked = checkElicitationUrl(request.url)
      if (!checked.ok) return this.#decline(scope, `its URL is not opened: ${checked.reason}`)
      card = {
        ...base,
        ...(conversationId ? { conversationId } : {}),
        mode: 'url',
        url: checked.url,
        host: checked.host,
        elicitationId: request.elicitationId,
        opened: false,
        completed: false,
      }
    }
    if (this.#deps.canAsk && !this.#deps.canAsk()) {
      return this.#decline(scope, 'nobody is there to answer it')
    }
    return this.#pending.wait(card, scope, extra.mcpReq.signal)
  }

  /**
   * `notifications/elicitation/complete`: the card shows as completed, then goes. An id this server never
   * sent, or one already closed, is ignored as the spec asks. A card still waiting for the user is
   * answered `cancel` (the user made no choice here).
   */
  #complete(scope: ClientScope, elicitationId: string): void {
    const pending = this.#pending.find(
      (card, owner) => owner === scope && card.mode === 'url' && card.elicitationId === elicitationId,
    )
    if (!pending) return
    if (!pending.answered) pending.respond({ action: 'cancel' })
    this.#pending.update(pending.card.id, (card) =>
      card.mode === 'url' ? { ...card, completed: true } : card,
    )
    this.#pending.remove(pending.card.id)
  }

  #decline(scope: ClientScope, reason: string): ElicitResult {
    this.#deps.log?.(`elicitation from ${scope.serverName} declined: ${reason}`)
    return { action: 'decline' }
  }
}

function withOrigin(origin: InputOrigin | undefined): { askedInside?: InputOrigin } {
  return origin ? { askedInside: origin } : {}
}
