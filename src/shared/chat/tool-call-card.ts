import { z } from 'zod'
import { toolAnnotationsSchema, toolChangeSchema } from '../mcp/server-state'

/**
 * Carried by every MCP tool-call card, word for word; shown on the first card of each server in a
 * conversation (see `noteShownBefore`). */
export const TOOL_CALL_ARGUMENTS_NOTE =
  'Arguments are sent to this MCP server; MCP Desk cannot control what the server does with them'

/** The card shows at most this many bytes (UTF-8) of the pretty-printed arguments. */
export const TOOL_CALL_ARGUMENTS_LIMIT_BYTES = 2 * 1024
export const TOOL_CALL_ARGUMENTS_TRUNCATED_MARKER = '… truncated'

/**
 * One MCP tool call waiting for the user's decision, as the chat window and the CLI show it. Built in core;
 * nothing secret is here (the destination is redacted, the arguments are what the model wrote).
 */
export const toolCallCardSchema = z.object({
  id: z.string(),
  kind: z.literal('tool-call'),
  conversationId: z.string(),
  /**
   * The call this card decides, as its `tool_call` record names it (turn, then the model's call id, which
   * is unique only within a turn): the window shows the card in place of that call's row, not beside it.
   * Always set by the chat; optional only so a card built without a transcript still parses.
   */
  turnId: z.string().optional(),
  callId: z.string().optional(),
  serverId: z.string(),
  serverName: z.string(),
  /** `stdio: notes-mcp` or the URL host, as ui.md names a transport. */
  transportLabel: z.string(),
  /** The redacted command line or URL the arguments go to. */
  destination: z.string(),
  /** The server's own name for the tool. */
  toolName: z.string(),
  /** The name the model called. */
  exposedName: z.string(),
  toolTitle: z.string().optional(),
  /** Pretty JSON, cut after TOOL_CALL_ARGUMENTS_LIMIT_BYTES with TOOL_CALL_ARGUMENTS_TRUNCATED_MARKER. */
  arguments: z.string(),
  argumentsTruncated: z.boolean(),
  note: z.literal(TOOL_CALL_ARGUMENTS_NOTE),
  /**
   * An earlier card of this server in this conversation already carried the note: the same warning on
   * every call of a busy server only teaches the user to skip it, so it is shown once per server.
   */
  noteShownBefore: z.literal(true).optional(),
  /** The server's hints, shown for information: no hint ever skips approval. */
  annotations: toolAnnotationsSchema.optional(),
  /** Present when the tool's definition changed since it was approved (rug-pull guard): the diff to show. */
  changed: toolChangeSchema.optional(),
  /**
   * The call comes from a tool's view (MCP Apps), not from the model: the card says "from the view of
   * <toolName>" and the window shows it beside that view (`instanceId`).
   */
  view: z.object({ instanceId: z.string(), toolName: z.string() }).optional(),
  createdAt: z.string(),
})
export type ToolCallCard = z.infer<typeof toolCallCardSchema>

/** The card's actions. */
export const toolCallDecisionSchema = z.enum(['approve', 'deny', 'approve-for-conversation'])
export type ToolCallDecision = z.infer<typeof toolCallDecisionSchema>
