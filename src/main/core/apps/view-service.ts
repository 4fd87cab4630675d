import type { CallToolResult } from '@modelcontextprotocol/client'
import { IpcFailure } from '../../../shared/ipc/ipc-error'
import type { ServerState, ToolInfo } from '../../../shared/mcp/server-state'
import type { ResourceReadResult } from '../../../shared/mcp/resources'
import type { ServerConfig } from '../../../shared/settings/settings-schema'
import type { ToolCallCard } from '../../../shared/chat/tool-call-card'
import type { z } from 'zod'
import {
  isAppVisible,
  viewResultSchema,
  type ViewDocument,
  type ViewOrigin,
  type viewCallToolRequestSchema,
  type viewModelContextRequestSchema,
  type viewReadResourceRequestSchema,
  type viewTryRequestSchema,
} from '../../../shared/apps/view-schema'
import { messageOf } from '../../../shared/format/error-message'
import type { ServerConnection } from '../mcp/server-connection'
import { buildToolCallCard, ToolCallApprovals } from '../tools/tool-call-approval'
import { mcpProvenance, type McpToolProvenance } from '../tools/tool-set'
import { TOOL_CALL_TIMEOUT_MS } from '../tools/tool-call-outcome'
import { ulid } from '../chat/ulid'
import { readViewResource } from './view-resources'
import { viewContextEntry, type ViewContextStore } from './view-context'

/** At most this many calls from one view instance wait (on a card or the server) at once; more are refused. */
export const MAX_VIEW_CALLS_OUTSTANDING = 4

type RawResult = z.infer<typeof viewResultSchema>

export interface ViewServiceDeps {
  servers: { list(): ServerState[]; connection(id: string): ServerConnection }
  /** The server's config, for the card's transport label; undefined once the server is removed. */
  configs: (serverId: string) => ServerConfig | undefined
  /** The chat's pending cards: a view's call waits there like the model's (window, bell and tray). */
  askApproval: (card: ToolCallCard, signal: AbortSignal) => Promise<unknown>
  readResource: (serverId: string, uri: string) => Promise<ResourceReadResult>
  viewContext: ViewContextStore
  log: (line: string) => void
  now?: () => Date
  /** How long one call may take before it fails (the SDK's request timeout); 30 s by default. */
  callTimeoutMs?: number
}

/** One mounted view: its cards close and its approvals are forgotten when it goes away. */
interface Instance {
  abort: AbortController
  /** ToolCallApprovals key: remembered per view instance, never shared with the model's approvals. */
  approvalKey: string
  conversationId: string | undefined
  outstanding: number
}

/**
 * MCP Apps on the host side: the approved HTML of a tool's view, and what a view may ask of the host. A view
 * reaches only its own server; its tool calls go through the same per-call approval as the model's (a card
 * saying "from the view of …", default deny), are sent once and never retried, and are bounded per view.
 */
export class ViewService {
  readonly #deps: ViewServiceDeps
  readonly #approvals = new ToolCallApprovals()
  readonly #instances = new Map<string, Instance>()

  constructor(deps: ViewServiceDeps) {
    this.#deps = deps
  }

  /** views:open: the approved view's HTML, only while it is exactly what the user approved. */
  async open(serverId: string, toolName: string): Promise<ViewDocument> {
    const { state, connection } = this.#connected(serverId)
    const tool = this.#approvedTool(state, toolName)
    const uri = tool.ui?.resourceUri
    if (uri === undefined)
      throw new IpcFailure('not_found', `tool "${toolName}" of "${state.name}" has no view`)
    const view = tool.ui?.view
    if (!view) {
      const why = tool.ui?.viewError ?? 'it was not read'
      throw new IpcFailure('unavailable', `the view of "${toolName}" cannot be shown: ${why}`)
    }
    let html = connection.views.get(uri, view.fingerprint)
    if (html === undefined) {
      const client = connection.client
      if (!client) throw new IpcFailure('unavailable', `server "${state.name}" is not connected`)
      const read = await readViewResource(client, uri, { timeout: this.#timeoutMs() }).catch(
        (error: unknown) => {
          throw new IpcFailure('unavailable', `reading the view of "${toolName}" failed: ${messageOf(error)}`)
        },
      )
      if (read.facts.fingerprint !== view.fingerprint) throw viewChanged(toolName, state.name)
      connection.views.put(uri, read)
      html = read.html
    }
    return {
      serverId,
      serverName: state.name,
      toolName,
      resourceUri: uri,
      html,
      fingerprint: view.fingerprint,
      csp: view.csp ?? {},
      permissions: view.permissions ?? {},
      ...(view.prefersBorder === undefined ? {} : { prefersBorder: view.prefersBorder }),
    }
  }

  /** views:call-tool: an app-visible tool of the view's own server, after the user approves the card. */
  async callTool(request: z.infer<typeof viewCallToolRequestSchema>): Promise<RawResult> {
    const origin = request.view
    const { state, connection } = this.#connected(origin.serverId)
    const label = `view of ${origin.toolName} (${state.name}) calling ${request.toolName}`
    this.#approvedTool(state, origin.toolName)
    const tool = state.tools.find((candidate) => candidate.name === request.toolName)
    if (!tool) {
      this.#deps.log(`${label}: refused (no such approved tool)`)
      throw new IpcFailure('not_found', `server "${state.name}" has no approved tool "${request.toolName}"`)
    }
    if (!isAppVisible(tool.ui)) {
      this.#deps.log(`${label}: refused (the tool is for the model only)`)
      throw new IpcFailure('denied', `tool "${request.toolName}" may not be called from a view`)
    }
    const instance = this.#instance(origin)
    if (instance.outstanding >= MAX_VIEW_CALLS_OUTSTANDING) {
      this.#deps.log(`${label}: refused (${MAX_VIEW_CALLS_OUTSTANDING} calls of this view already waiting)`)
      throw new IpcFailure(
        'unavailable',
        `this view already has ${MAX_VIEW_CALLS_OUTSTANDING} calls waiting; nothing was sent`,
      )
    }
    instance.outstanding += 1
    try {
      const args = request.arguments ?? {}
      const approved = await this.#approve(origin, instance, state, mcpProvenance(state, tool), args)
      this.#deps.log(`${label}: ${approved ? 'approved' : 'denied'}`)
      if (!approved)
        throw new IpcFailure('denied', 'the user denied this call; nothing was sent to the server')
      return { result: await this.#sendOnce(connection, request.toolName, args, instance.abort.signal) }
    } finally {
      instance.outstanding -= 1
    }
  }

  /** views:read-resource: a resource of the view's own server, through the resources service's limits. */
  async readResource(request: z.infer<typeof viewReadResourceRequestSchema>): Promise<RawResult> {
    const { state } = this.#connected(request.view.serverId)
    this.#approvedTool(state, request.view.toolName)
    const read = await this.#deps.readResource(state.id, request.uri)
    const contents = read.contents.map((content) => ({
      uri: content.uri,
      ...(content.mimeType === undefined ? {} : { mimeType: content.mimeType }),
      ...(content.kind === 'text' ? { text: content.text } : { blob: content.data }),
    }))
    return { result: asJsonObject({ contents }) }
  }

  /** views:update-model-context: kept for the conversation's next message, replacing this view's last one. */
  updateModelContext(request: z.infer<typeof viewModelContextRequestSchema>): { stored: true } {
    const origin = request.view
    const state = this.#deps.servers.list().find((server) => server.id === origin.serverId)
    if (!state) throw new IpcFailure('not_found', `no server with id "${origin.serverId}"`)
    // Only the view of a tool the user approved as it is now may speak to the model.
    this.#approvedTool(state, origin.toolName)
    const entry = viewContextEntry(
      { serverId: state.id, serverName: state.name, toolName: origin.toolName },
      {
        ...(request.content ? { content: request.content } : {}),
        ...(request.structuredContent ? { structuredContent: request.structuredContent } : {}),
      },
    )
    this.#deps.viewContext.set(origin.conversationId, entry)
    return { stored: true }
  }

  /** views:try: the user's own call from the servers panel (the click is the approval), sent once. */
  async tryTool(request: z.infer<typeof viewTryRequestSchema>): Promise<RawResult> {
    const { state, connection } = this.#connected(request.serverId)
    const tool = this.#approvedTool(state, request.toolName)
    if (tool.ui?.resourceUri === undefined) {
      throw new IpcFailure('not_found', `tool "${request.toolName}" of "${state.name}" has no view`)
    }
    this.#deps.log(`the user called ${request.toolName} (${state.name}) to open its view`)
    return { result: await this.#sendOnce(connection, request.toolName, request.arguments ?? {}) }
  }

  /** views:closed: its waiting cards close (denied) and what was approved for it is forgotten. */
  closed(instanceId: string): { closed: true } {
    const instance = this.#instances.get(instanceId)
    if (instance) {
      this.#instances.delete(instanceId)
      instance.abort.abort(new Error('the view was closed'))
      this.#approvals.forgetConversation(instance.approvalKey)
    }
    return { closed: true }
  }

  /** A deleted conversation: its views' context, cards and approvals go with it. */
  forgetConversation(conversationId: string): void {
    this.#deps.viewContext.forgetConversation(conversationId)
    for (const [instanceId, instance] of this.#instances) {
      if (instance.conversationId === conversationId) this.closed(instanceId)
    }
  }

  #instance(origin: ViewOrigin): Instance {
    const existing = this.#instances.get(origin.instanceId)
    if (existing) return existing
    const instance: Instance = {
      abort: new AbortController(),
      approvalKey: JSON.stringify([origin.conversationId ?? null, origin.instanceId]),
      conversationId: origin.conversationId,
      outstanding: 0,
    }
    this.#instances.set(origin.instanceId, instance)
    return instance
  }

  async #approve(
    origin: ViewOrigin,
    instance: Instance,
    server: ServerState,
    provenance: McpToolProvenance,
    args: Record<string, unknown>,
  ): Promise<boolean> {
    if (!this.#approvals.needsApproval(instance.approvalKey, provenance)) return true
    const endpoint = this.#deps.configs(provenance.serverId)
    if (!endpoint) return false
    const card = buildToolCallCard({
      id: ulid(),
      // A view in the servers panel has no conversation: its cards are its own (`view:<instanceId>`).
      conversationId: origin.conversationId ?? `view:${origin.instanceId}`,
      tool: provenance,
      server,
      endpoint,
      args,
      createdAt: this.#deps.now?.() ?? new Date(),
    })
    card.view = { instanceId: origin.instanceId, toolName: origin.toolName }
    const decision = await this.#deps.askApproval(card, instance.abort.signal).catch(() => 'deny')
    return this.#approvals.remember(instance.approvalKey, provenance, decision) === 'approved'
  }

  /** One tools/call, never retried: its result as the server sent it, or why it failed. */
  async #sendOnce(
    connection: ServerConnection,
    toolName: string,
    args: Record<string, unknown>,
    signal?: AbortSignal,
  ): Promise<RawResult['result']> {
    let result: CallToolResult
    try {
      result = await connection.callTool(toolName, args, {
        timeout: this.#timeoutMs(),
        ...(signal ? { signal } : {}),
      })
    } catch (error) {
      throw new IpcFailure('unavailable', `the call to "${toolName}" failed: ${messageOf(error)}`)
    }
    return asJsonObject(result)
  }

  #connected(serverId: string): { state: ServerState; connection: ServerConnection } {
    const state = this.#deps.servers.list().find((server) => server.id === serverId)
    if (!state) throw new IpcFailure('not_found', `no server with id "${serverId}"`)
    if (state.status !== 'connected') {
      throw new IpcFailure('unavailable', `server "${state.name}" is ${state.status}, not connected`)
    }
    return { state, connection: this.#deps.servers.connection(serverId) }
  }

  /** A tool the user approved as it is now; a tool waiting for review (a changed view) is refused. */
  #approvedTool(state: ServerState, toolName: string): ToolInfo {
    const tool = state.tools.find((candidate) => candidate.name === toolName)
    if (tool) return tool
    if (state.pendingChanges.some((change) => change.name === toolName && change.kind !== 'removed')) {
      throw viewChanged(toolName, state.name)
    }
    throw new IpcFailure('not_found', `server "${state.name}" has no approved tool "${toolName}"`)
  }

  #timeoutMs(): number {
    return this.#deps.callTimeoutMs ?? TOOL_CALL_TIMEOUT_MS
  }
}

/** A result as plain JSON for the window (what the SDK parsed from the wire always is). */
function asJsonObject(value: unknown): RawResult['result'] {
  const parsed = viewResultSchema.shape.result.safeParse(JSON.parse(JSON.stringify(value) ?? 'null'))
  if (!parsed.success)
    throw new IpcFailure('unavailable', 'the server answered with something that is not JSON')
  return parsed.data
}

function viewChanged(toolName: string, serverName: string): IpcFailure {
  return new IpcFailure(
    'conflict',
    `the view of "${toolName}" (${serverName}) changed since it was approved; review the change in the ` +
      'servers panel before opening it',
  )
}
