import {
  TOOL_CALL_ARGUMENTS_LIMIT_BYTES,
  TOOL_CALL_ARGUMENTS_NOTE,
  TOOL_CALL_ARGUMENTS_TRUNCATED_MARKER,
  type ToolCallCard,
  toolCallDecisionSchema,
} from '../../../shared/chat/tool-call-card'
import type { ServerState } from '../../../shared/mcp/server-state'
import { transportLabel } from '../../../shared/mcp/transport-label'
import { fingerprintTool } from '../mcp/discovery/tool-fingerprint'
import type { McpToolProvenance } from './tool-set'

/** How a server is reached, for its transport label; a ServerConfig fits. */
export type ServerEndpoint = Parameters<typeof transportLabel>[0]

export interface ToolCallCardInput {
  id: string
  conversationId: string
  /** The `tool_call` record this card decides. */
  call?: { turnId: string; callId: string }
  /** The tool as it was offered to the model (from buildToolSet). */
  tool: McpToolProvenance
  /** The server's current state: its pendingChanges say whether the tool changed under its name. */
  server: Pick<ServerState, 'id' | 'name' | 'destination' | 'pendingChanges'>
  endpoint: ServerEndpoint
  /** What the model asked to send; anything JSON can hold. */
  args: unknown
  createdAt: Date
}

const utf8 = new TextEncoder()

/** Pretty JSON; a value JSON cannot express (undefined, a cycle, a bigint) is shown as what it is instead. */
function prettyJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? String(value)
  } catch (error) {
    return `<arguments not shown: ${error instanceof Error ? error.message : String(error)}>`
  }
}

/** The longest prefix of `text` within `limitBytes` of UTF-8 that does not split a character. */
function cutToBytes(text: string, limitBytes: number): { text: string; truncated: boolean } {
  if (utf8.encode(text).length <= limitBytes) return { text, truncated: false }
  let bytes = 0
  let end = 0
  for (const character of text) {
    const size = utf8.encode(character).length
    if (bytes + size > limitBytes) break
    bytes += size
    end += character.length
  }
  return { text: text.slice(0, end), truncated: true }
}

/** Formats a call's arguments for the card: pretty JSON, cut at 2 KiB with a visible marker. */
export function formatToolCallArguments(args: unknown): { text: string; truncated: boolean } {
  const cut = cutToBytes(prettyJson(args), TOOL_CALL_ARGUMENTS_LIMIT_BYTES)
  return cut.truncated
    ? { text: `${cut.text}\n${TOOL_CALL_ARGUMENTS_TRUNCATED_MARKER}`, truncated: true }
    : cut
}

/** The card for one MCP call: everything the user needs to decide whether its arguments may leave. */
export function buildToolCallCard(input: ToolCallCardInput): ToolCallCard {
  const { tool, server } = input
  if (tool.serverId !== server.id) {
    throw new Error(`tool "${tool.toolName}" belongs to server "${tool.serverId}", not "${server.id}"`)
  }
  const formatted = formatToolCallArguments(input.args)
  const card: ToolCallCard = {
    id: input.id,
    kind: 'tool-call',
    conversationId: input.conversationId,
    ...(input.call ? { turnId: input.call.turnId, callId: input.call.callId } : {}),
    serverId: server.id,
    serverName: server.name,
    transportLabel: transportLabel(input.endpoint),
    destination: server.destination,
    toolName: tool.toolName,
    exposedName: tool.tool.exposedName,
    arguments: formatted.text,
    argumentsTruncated: formatted.truncated,
    note: TOOL_CALL_ARGUMENTS_NOTE,
    createdAt: input.createdAt.toISOString(),
  }
  if (tool.tool.title !== undefined) card.toolTitle = tool.tool.title
  if (tool.tool.annotations !== undefined) card.annotations = tool.tool.annotations
  const changed = server.pendingChanges.find((change) => change.name === tool.toolName)
  if (changed) card.changed = changed
  return card
}

export type ToolCallVerdict = 'approved' | 'denied'

/** The parts of an MCP tool that approval memory keys on. */
export type ApprovableTool = Pick<McpToolProvenance, 'serverId' | 'toolName' | 'tool'>

/**
 * "Approve this tool for this conversation", remembered in memory. The key includes the tool's fingerprint,
 * so a server that changes a tool's description, schema or annotations under the same name is asked about
 * again. Annotations such as readOnlyHint are part of the definition only: they never skip approval.
 */
export class ToolCallApprovals {
  readonly #approved = new Map<string, Set<string>>()

  #key(tool: ApprovableTool): string {
    // JSON of an array keeps the parts apart whatever characters ids and names hold.
    return JSON.stringify([tool.serverId, tool.toolName, fingerprintTool(tool.tool)])
  }

  /** True unless the user approved exactly this definition of this tool for this conversation. */
  needsApproval(conversationId: string, tool: ApprovableTool): boolean {
    return !(this.#approved.get(conversationId)?.has(this.#key(tool)) ?? false)
  }

  /**
   * Applies the user's decision on one call. Default deny: anything other than an explicit `approve` or
   * `approve-for-conversation` (a closed card, a timeout, garbage from the renderer) denies the call.
   */
  remember(conversationId: string, tool: ApprovableTool, decision: unknown): ToolCallVerdict {
    const parsed = toolCallDecisionSchema.safeParse(decision)
    if (!parsed.success || parsed.data === 'deny') return 'denied'
    if (parsed.data === 'approve-for-conversation') {
      const approved = this.#approved.get(conversationId) ?? new Set<string>()
      approved.add(this.#key(tool))
      this.#approved.set(conversationId, approved)
    }
    return 'approved'
  }

  /** Drops what was approved for a conversation, e.g. when it is deleted. */
  forgetConversation(conversationId: string): void {
    this.#approved.delete(conversationId)
  }
}

/**
 * Which servers' cards already carried the arguments note in each conversation, in memory: the note is
 * shown on a server's first card of a conversation and left off the rest (`noteShownBefore`).
 */
export class OncePerServer {
  readonly #seen = new Map<string, Set<string>>()

  /** True when this server was seen before in this conversation; either way it is seen from now on. */
  shownBefore(conversationId: string, serverId: string): boolean {
    const seen = this.#seen.get(conversationId) ?? new Set<string>()
    this.#seen.set(conversationId, seen)
    if (seen.has(serverId)) return true
    seen.add(serverId)
    return false
  }

  forgetConversation(conversationId: string): void {
    this.#seen.delete(conversationId)
  }
}
