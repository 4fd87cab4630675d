import type { Tool, ToolChoice, ToolResultContent, ToolUseContent } from '@modelcontextprotocol/client'
import { ToolChoiceSchema, ToolSchema } from '@modelcontextprotocol/core'
import { describeValue, fail, isObject, parseWithSdk, requireObject } from './validate-fields'

/**
 * The checks sampling with tools (SEP-1577) adds on top of the SDK's schemas: tool definitions a model API
 * can take, a toolChoice that can be honoured, and a conversation whose tool calls and results pair up.
 */

/**
 * 64 KiB of JSON for all tool definitions together. Every definition is sent to the model on every round
 * of a tool loop; real tool sets are a few KiB, and the cap keeps a server from filling the context (and the
 * user's bill) with schemas.
 */
export const MAX_TOOL_DEFINITIONS_BYTES = 64 * 1024

/** Tool definitions: each checked by the SDK's ToolSchema, names non-empty and unique, size capped. */
export function validateTools(value: unknown): Tool[] {
  if (!Array.isArray(value)) fail('tools', `must be an array (got ${describeValue(value)})`)
  const bytes = Buffer.byteLength(JSON.stringify(value), 'utf8')
  if (bytes > MAX_TOOL_DEFINITIONS_BYTES) {
    fail(
      'tools',
      `${bytes} bytes of tool definitions (as JSON) is over the 64 KiB limit (${MAX_TOOL_DEFINITIONS_BYTES} bytes)`,
    )
  }
  const firstIndexOf = new Map<string, number>()
  return value.map((raw, index) => {
    const field = `tools[${index}]`
    checkInputSchemaIsObject(requireObject(raw, field), field)
    const tool = parseWithSdk(ToolSchema, raw, field)
    if (tool.name.length === 0) fail(`${field}.name`, 'must not be empty')
    const earlier = firstIndexOf.get(tool.name)
    if (earlier !== undefined) {
      fail(`${field}.name`, `duplicate tool name ${describeValue(tool.name)} (also tools[${earlier}])`)
    }
    firstIndexOf.set(tool.name, index)
    return tool
  })
}

/**
 * The model API takes a tool's arguments as one JSON object, so its schema must describe an object. The
 * SDK's schema checks this too, but its message ("expected object") does not say why; this one does.
 */
function checkInputSchemaIsObject(tool: Record<string, unknown>, field: string): void {
  const schema = tool.inputSchema
  if (schema === undefined) fail(`${field}.inputSchema`, 'required (a JSON Schema with type "object")')
  if (!isObject(schema))
    fail(`${field}.inputSchema`, `must be a JSON Schema object (got ${describeValue(schema)})`)
  if (schema.type !== 'object') {
    fail(
      `${field}.inputSchema.type`,
      `must be "object": a tool takes its arguments as one object (got ${describeValue(schema.type)})`,
    )
  }
}

/** `{ mode?: auto | required | none }` by the SDK's schema; `required` needs a tool to call. */
export function validateToolChoice(value: unknown, tools: readonly Tool[] | undefined): ToolChoice {
  const choice = parseWithSdk(ToolChoiceSchema, value, 'toolChoice')
  if (choice.mode === 'required' && (tools ?? []).length === 0) {
    fail('toolChoice.mode', '"required" needs at least one tool in tools')
  }
  return choice
}

type PairingContent = { type: string } | ToolUseContent | ToolResultContent

export interface PairingMessage {
  role: 'user' | 'assistant'
  content: readonly PairingContent[]
}

/** The path of a content block as the server sent it (`content` for a single block, `content[2]` in an array). */
export type BlockPath = (message: number, item: number) => string

/**
 * The pairing rules of SEP-1577 (what the Claude API and OpenAI's tool messages both require):
 * - every assistant `tool_use` is answered by exactly one `tool_result` (same id as its `toolUseId`) in the
 *   very next message, which is a user message;
 * - a `tool_result` answers a `tool_use` of the message right before it, and only once;
 * - a user message holding a `tool_result` holds nothing but tool results.
 *
 * A conversation may therefore not end with an assistant `tool_use`: there is no result to send the model
 * with it (the chat APIs reject such a request), and a server that wants the model to go on after a call
 * must run the tool and send its result. An assistant message with text only may still end the conversation
 * (a prefill), as before.
 */
export function validateToolPairing(messages: readonly PairingMessage[], blockPath: BlockPath): void {
  messages.forEach((message, index) => {
    if (message.role === 'assistant') checkCallsAnswered(messages, index, blockPath)
    else checkResults(messages, index, blockPath)
  })
}

function toolUses(message: PairingMessage | undefined): Array<{ block: ToolUseContent; item: number }> {
  if (message?.role !== 'assistant') return []
  return message.content.flatMap((block, item) =>
    block.type === 'tool_use' ? [{ block: block as ToolUseContent, item }] : [],
  )
}

function checkCallsAnswered(messages: readonly PairingMessage[], index: number, blockPath: BlockPath): void {
  const calls = toolUses(messages[index])
  if (calls.length === 0) return
  const seen = new Map<string, number>()
  for (const { block, item } of calls) {
    const earlier = seen.get(block.id)
    if (earlier !== undefined) {
      fail(
        `${blockPath(index, item)}.id`,
        `duplicate tool_use id ${describeValue(block.id)} in messages[${index}] (also ${blockPath(index, earlier)})`,
      )
    }
    seen.set(block.id, item)
  }
  const next = messages[index + 1]
  const answered = new Set(
    next?.role === 'user'
      ? next.content.flatMap((block) =>
          block.type === 'tool_result' ? [(block as ToolResultContent).toolUseId] : [],
        )
      : [],
  )
  for (const { block, item } of calls) {
    if (answered.has(block.id)) continue
    const where =
      next === undefined
        ? 'the conversation ends there; run the tool and send its result in a following user message'
        : `messages[${index + 1}] holds no tool_result with toolUseId ${describeValue(block.id)}`
    fail(`${blockPath(index, item)}.id`, `tool_use ${describeValue(block.id)} is not answered: ${where}`)
  }
}

function checkResults(messages: readonly PairingMessage[], index: number, blockPath: BlockPath): void {
  const message = messages[index]
  if (!message || !message.content.some((block) => block.type === 'tool_result')) return
  const other = message.content.findIndex((block) => block.type !== 'tool_result')
  if (other >= 0) {
    fail(
      `${blockPath(index, other)}.type`,
      `a user message holding tool_result blocks must hold nothing else (got ${describeValue(message.content[other]?.type)}); send it in a separate message`,
    )
  }
  const calls = new Set(toolUses(messages[index - 1]).map(({ block }) => block.id))
  const answeredAt = new Map<string, number>()
  message.content.forEach((block, item) => {
    const id = (block as ToolResultContent).toolUseId
    const field = `${blockPath(index, item)}.toolUseId`
    if (!calls.has(id)) {
      const before = index === 0 ? 'it is the first message' : `messages[${index - 1}]`
      fail(field, `${describeValue(id)} answers no tool_use of the message before it (${before})`)
    }
    const earlier = answeredAt.get(id)
    if (earlier !== undefined) {
      fail(
        field,
        `tool_use ${describeValue(id)} is answered twice in messages[${index}] (also ${blockPath(index, earlier)})`,
      )
    }
    answeredAt.set(id, item)
  })
}
