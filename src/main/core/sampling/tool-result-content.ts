import type { JSONValue, ToolResultPart } from 'ai'
import type { ContentBlock } from '@modelcontextprotocol/client'
import { invalidParams } from './sampling-errors'

/** What of an MCP `tool_result` block the model needs (the SDK's ToolResultContent fits). */
export interface SamplingToolResult {
  content: readonly ContentBlock[]
  /** Any JSON value (2026-07-28 widened it from an object), sent to the model as it came. */
  structuredContent?: unknown
  isError?: boolean | undefined
}

/**
 * The `output` of an `ai` v7 ToolResultPart for an MCP tool result, in a shape every provider adapter sends
 * as the text of an OpenAI `role: 'tool'` message:
 * - the text items (and the text of embedded text resources, and resource links as their JSON) joined with
 *   newlines → `text`; when there are none, the structured content → `json`; with neither, an empty text.
 *   Text wins over structured content because MCP asks tools to put the serialised structured content in a
 *   text item too, and the text may say more;
 * - `isError` → `error-text` / `error-json`, so the model knows the call failed.
 *
 * Images, audio and binary resources are refused with InvalidParams naming the item: the Chat Completions
 * API takes tool results as text only, and the OpenAI-compatible adapter would turn the media into a JSON
 * dump of its base64 (thousands of meaningless tokens) rather than an image the model can see.
 */
export function toolResultOutput(result: SamplingToolResult, field: string): ToolResultPart['output'] {
  const texts = result.content.map((item, index) => itemText(item, `${field}.content[${index}]`))
  if (texts.length > 0) {
    const value = texts.join('\n')
    return result.isError ? { type: 'error-text', value } : { type: 'text', value }
  }
  if (result.structuredContent !== undefined) {
    // Validated JSON that arrived over JSON-RPC, so it is a JSON value.
    const value = result.structuredContent as JSONValue
    return result.isError ? { type: 'error-json', value } : { type: 'json', value }
  }
  return result.isError ? { type: 'error-text', value: '' } : { type: 'text', value: '' }
}

function itemText(item: ContentBlock, field: string): string {
  switch (item.type) {
    case 'text':
      return item.text
    case 'resource':
      if ('text' in item.resource) return item.resource.text
      throw mediaRefused(field, `a binary resource (${item.resource.uri})`)
    case 'resource_link':
      return JSON.stringify(item)
    case 'image':
    case 'audio':
      throw mediaRefused(field, `${item.type} content`)
  }
}

function mediaRefused(field: string, what: string) {
  return invalidParams(
    `${field}: a tool result cannot carry ${what} (model APIs take tool results as text only); ` +
      'send it in a user message after the tool results instead',
  )
}
