import { z } from 'zod'
import type { Tool, ToolChoice, ToolResultContent, ToolUseContent } from '@modelcontextprotocol/client'
import { ToolResultContentSchema, ToolUseContentSchema } from '@modelcontextprotocol/core'
import { describeValue, fail, parseWithSdk, requireObject, type Json } from './validate-fields'
import { validateToolChoice, validateToolPairing, validateTools } from './validate-tools'

/**
 * Matches every `sampling/createMessage` request whatever its params. The handler is registered with this
 * instead of the SDK's CreateMessageRequestSchema: that schema's parse runs before the handler (a malformed
 * request would get -32603 with zod's text) and its base64 check accepts "abc". Here every malformed
 * request reaches `validateCreateMessageParams` and gets -32602 naming the field.
 */
export const permissiveCreateMessageParamsSchema = z.unknown()

/** 1 MiB, in UTF-8 bytes, for the system prompt and for each text item. */
export const MAX_TEXT_BYTES = 1024 * 1024

/** Longest MIME type accepted; real ones are far shorter, and the type ends up in card data URLs. */
const MAX_MIME_LENGTH = 255

export type ValidatedContent =
  | { type: 'text'; text: string }
  | { type: 'image'; data: string; mimeType: string }
  | { type: 'audio'; data: string; mimeType: string }

/** Content once sampling with tools is allowed: the SDK's own tool-call and tool-result blocks as well. */
export type ValidatedToolContent = ValidatedContent | ToolUseContent | ToolResultContent

export interface ValidatedModelPreferences {
  hints?: Array<{ name?: string }>
  costPriority?: number
  speedPriority?: number
  intelligencePriority?: number
}

/**
 * A `sampling/createMessage` request that passed validation, normalised: content is always an array, only
 * the fields the host uses are kept (`metadata`, annotations and unknown keys are dropped). Structurally a
 * `SelectionRequest` (select-model.ts), a `RunRequest` (run-settings.ts) and a `SamplingPrompt`.
 */
export interface ValidatedSamplingRequest<Content = ValidatedContent> {
  messages: Array<{ role: 'user' | 'assistant'; content: Content[] }>
  systemPrompt?: string
  maxTokens: number
  temperature?: number
  stopSequences: string[]
  modelPreferences?: ValidatedModelPreferences
  tools?: Tool[]
  toolChoice?: ToolChoice
  progressToken?: string | number
  /**
   * The server asked for context ("thisServer"/"allServers") that the host does not provide: it does not
   * declare `sampling.context`, so the spec lets it ignore the request. Kept so the audit and card can say so.
   */
  ignoredIncludeContext?: 'thisServer' | 'allServers'
}

export type ValidatedSamplingRequestWithTools = ValidatedSamplingRequest<ValidatedToolContent>

export interface ValidationOptions {
  /**
   * Whether tools, toolChoice and tool_use / tool_result blocks are accepted (sampling with tools). When
   * they are, validate-tools.ts also checks the tool definitions (unique names, object input schemas, at
   * most 64 KiB in all), that `required` has a tool, and that every tool_use is answered by exactly one
   * tool_result in the next (user) message, which holds nothing else.
   */
  allowTools: boolean
}

/**
 * Validates the params of a `sampling/createMessage` request strictly and returns them normalised. Throws an
 * McpError InvalidParams (-32602) whose message starts with the path of the first bad field, e.g.
 * `messages[1].content[0].data: not canonical base64 (length 7 is not a multiple of 4)`.
 */
export function validateCreateMessageParams(
  params: unknown,
  options: { allowTools: false },
): ValidatedSamplingRequest
export function validateCreateMessageParams(
  params: unknown,
  options: ValidationOptions,
): ValidatedSamplingRequestWithTools
export function validateCreateMessageParams(
  params: unknown,
  options: ValidationOptions,
): ValidatedSamplingRequestWithTools {
  const input = requireObject(params, 'params')
  if (!options.allowTools) {
    for (const field of ['tools', 'toolChoice'] as const) {
      if (input[field] !== undefined) fail(field, 'sampling with tools is not supported yet')
    }
  }
  const request: ValidatedSamplingRequestWithTools = {
    messages: validateMessages(input.messages, options),
    maxTokens: validateMaxTokens(input.maxTokens),
    stopSequences: validateStopSequences(input.stopSequences),
  }
  if (input.systemPrompt !== undefined)
    request.systemPrompt = validateText(input.systemPrompt, 'systemPrompt')
  if (input.temperature !== undefined) {
    if (typeof input.temperature !== 'number' || !Number.isFinite(input.temperature)) {
      fail('temperature', `must be a finite number (got ${describeValue(input.temperature)})`)
    }
    request.temperature = input.temperature
  }
  if (input.modelPreferences !== undefined) {
    request.modelPreferences = validatePreferences(input.modelPreferences)
  }
  const ignored = validateIncludeContext(input.includeContext)
  if (ignored !== undefined) request.ignoredIncludeContext = ignored
  const progressToken = validateMeta(input._meta)
  if (progressToken !== undefined) request.progressToken = progressToken
  if (options.allowTools) {
    if (input.tools !== undefined) request.tools = validateTools(input.tools)
    if (input.toolChoice !== undefined)
      request.toolChoice = validateToolChoice(input.toolChoice, request.tools)
  }
  // `metadata` is provider-specific pass-through the host has no use for; it is neither checked nor kept.
  return request
}

function validateMessages(
  value: unknown,
  options: ValidationOptions,
): ValidatedSamplingRequestWithTools['messages'] {
  if (value === undefined) fail('messages', 'required (a non-empty array of messages)')
  if (!Array.isArray(value)) fail('messages', `must be an array (got ${describeValue(value)})`)
  if (value.length === 0) fail('messages', 'must not be empty')
  const messages: ValidatedSamplingRequestWithTools['messages'] = value.map((raw, index) => {
    const field = `messages[${index}]`
    const message = requireObject(raw, field)
    const role = message.role
    if (role !== 'user' && role !== 'assistant') {
      fail(`${field}.role`, `must be "user" or "assistant" (got ${describeValue(role)})`)
    }
    const content = message.content
    if (content === undefined) fail(`${field}.content`, 'required (a content block or an array of them)')
    // The path follows what the server sent: `content.data` for a single block, `content[2].data` in an array.
    const blocks = Array.isArray(content)
      ? content.map((block, item) => validateBlock(block, `${field}.content[${item}]`, role, options))
      : [validateBlock(content, `${field}.content`, role, options)]
    if (blocks.length === 0) fail(`${field}.content`, 'must hold at least one content block')
    return { role, content: blocks }
  })
  if (options.allowTools) {
    const raw = value as Array<{ content: unknown }>
    validateToolPairing(messages, (message, item) =>
      Array.isArray(raw[message]?.content)
        ? `messages[${message}].content[${item}]`
        : `messages[${message}].content`,
    )
  }
  return messages
}

function validateBlock(
  value: unknown,
  field: string,
  role: 'user' | 'assistant',
  options: ValidationOptions,
): ValidatedToolContent {
  const block = requireObject(value, field)
  const type = block.type
  if (type === 'tool_use' || type === 'tool_result') {
    if (!options.allowTools)
      fail(`${field}.type`, `${type} needs sampling with tools, which is not supported yet`)
    return validateToolBlock(block, field, role)
  }
  const media = validateMediaBlock(block, field)
  if (media) return media
  const allowed = options.allowTools ? 'text, image, audio, tool_use or tool_result' : 'text, image or audio'
  return fail(`${field}.type`, `must be ${allowed} (got ${describeValue(type)})`)
}

/** Text, image and audio blocks; undefined for any other type (the caller names what is allowed). */
function validateMediaBlock(block: Json, field: string): ValidatedContent | undefined {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: validateText(block.text, `${field}.text`) }
    case 'image':
    case 'audio':
      return {
        type: block.type,
        data: validateBase64(block.data, `${field}.data`),
        mimeType: validateMime(block.mimeType, `${field}.mimeType`, block.type),
      }
    default:
      return undefined
  }
}

/**
 * Tool blocks keep the SDK's shape (checked with its schemas) and sit where the spec puts them: calls in
 * assistant turns, results in user turns. Media inside a tool result gets the same checks as any media.
 */
function validateToolBlock(
  block: Json,
  field: string,
  role: 'user' | 'assistant',
): ToolUseContent | ToolResultContent {
  if (block.type === 'tool_use') {
    if (role !== 'assistant') fail(`${field}.type`, 'tool_use belongs in an assistant message')
    return parseWithSdk(ToolUseContentSchema, block, field)
  }
  if (role !== 'user') fail(`${field}.type`, 'tool_result belongs in a user message')
  const result = parseWithSdk(ToolResultContentSchema, block, field)
  result.content.forEach((item, index) => {
    if (item.type === 'text' || item.type === 'image' || item.type === 'audio') {
      validateMediaBlock(item, `${field}.content[${index}]`)
    }
  })
  return result
}

function validateText(value: unknown, field: string): string {
  if (typeof value !== 'string') fail(field, `must be a string (got ${describeValue(value)})`)
  const bytes = Buffer.byteLength(value, 'utf8')
  if (bytes > MAX_TEXT_BYTES)
    fail(field, `${bytes} bytes of UTF-8 is over the 1 MiB limit (${MAX_TEXT_BYTES} bytes)`)
  return value
}

function validateBase64(value: unknown, field: string): string {
  if (typeof value !== 'string') fail(field, `must be a base64 string (got ${describeValue(value)})`)
  if (value.length === 0) fail(field, 'must not be empty')
  const problem = base64Problem(value)
  if (problem !== undefined) fail(field, `not canonical base64 (${problem})`)
  return value
}

/**
 * Why `data` is not canonical base64, or undefined when it is: the standard alphabet only (no URL-safe
 * `-`/`_`, no whitespace or line breaks), a length that is a multiple of 4, and at most two `=` that
 * may only end the string. `atob` tolerates most of these; providers do not all do so.
 */
export function base64Problem(data: string): string | undefined {
  if (data.length % 4 !== 0) return `length ${data.length} is not a multiple of 4`
  let padding = 0
  for (let i = 0; i < data.length; i++) {
    const c = data.charCodeAt(i)
    const isSymbol =
      (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 43 || c === 47
    if (isSymbol) {
      if (padding > 0) return `"=" padding at position ${i - padding} is not at the end`
    } else if (c === 61) {
      padding++
      if (padding > 2) return 'more than two "=" padding characters'
    } else {
      const shown = /\s/.test(data[i] ?? '') ? 'whitespace' : `character ${JSON.stringify(data[i])}`
      return `${shown} at position ${i} is not in the base64 alphabet`
    }
  }
  return undefined
}

const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+"
/** RFC 9110 media type: `type/subtype` tokens, optionally `; name=value` parameters (token or quoted). */
const MIME_PATTERN = new RegExp(
  `^(${TOKEN})/(${TOKEN})(?:[ \\t]*;[ \\t]*${TOKEN}=(?:${TOKEN}|"(?:[^"\\\\]|\\\\.)*"))*$`,
)

function validateMime(value: unknown, field: string, modality: 'image' | 'audio'): string {
  if (typeof value !== 'string') fail(field, `must be a MIME type string (got ${describeValue(value)})`)
  const match = value.length <= MAX_MIME_LENGTH ? MIME_PATTERN.exec(value) : null
  if (!match)
    fail(
      field,
      `${describeValue(value)} is not a valid MIME type (expected type/subtype, e.g. ${modality}/${modality === 'image' ? 'png' : 'wav'})`,
    )
  if (match[1]?.toLowerCase() !== modality) {
    fail(
      field,
      `${describeValue(value)} is not an ${modality} type (an ${modality} block needs ${modality}/*)`,
    )
  }
  return value
}

function validateMaxTokens(value: unknown): number {
  if (value === undefined) fail('maxTokens', 'required (a positive integer)')
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    fail('maxTokens', `must be a positive integer (got ${describeValue(value)})`)
  }
  return value
}

function validateStopSequences(value: unknown): string[] {
  if (value === undefined) return []
  if (!Array.isArray(value))
    fail('stopSequences', `must be an array of strings (got ${describeValue(value)})`)
  return value.map((stop, index) => {
    if (typeof stop !== 'string')
      fail(`stopSequences[${index}]`, `must be a string (got ${describeValue(stop)})`)
    return stop
  })
}

const PRIORITIES = ['costPriority', 'speedPriority', 'intelligencePriority'] as const

function validatePreferences(value: unknown): ValidatedModelPreferences {
  const input = requireObject(value, 'modelPreferences')
  const preferences: ValidatedModelPreferences = {}
  if (input.hints !== undefined) {
    if (!Array.isArray(input.hints)) {
      fail('modelPreferences.hints', `must be an array (got ${describeValue(input.hints)})`)
    }
    preferences.hints = input.hints.map((raw, index) => {
      const hint = requireObject(raw, `modelPreferences.hints[${index}]`)
      if (hint.name === undefined) return {}
      if (typeof hint.name !== 'string') {
        fail(`modelPreferences.hints[${index}].name`, `must be a string (got ${describeValue(hint.name)})`)
      }
      return { name: hint.name }
    })
  }
  for (const key of PRIORITIES) {
    const priority = input[key]
    if (priority === undefined) continue
    if (typeof priority !== 'number' || !(priority >= 0 && priority <= 1)) {
      fail(`modelPreferences.${key}`, `must be a number from 0 to 1 (got ${describeValue(priority)})`)
    }
    preferences[key] = priority
  }
  return preferences
}

function validateIncludeContext(value: unknown): 'thisServer' | 'allServers' | undefined {
  if (value === undefined || value === 'none') return undefined
  if (value === 'thisServer' || value === 'allServers') return value
  return fail('includeContext', `must be "none", "thisServer" or "allServers" (got ${describeValue(value)})`)
}

function validateMeta(value: unknown): string | number | undefined {
  if (value === undefined) return undefined
  const token = requireObject(value, '_meta').progressToken
  if (token === undefined || typeof token === 'string') return token
  if (typeof token === 'number' && Number.isFinite(token)) return token
  return fail('_meta.progressToken', `must be a string or a number (got ${describeValue(token)})`)
}
