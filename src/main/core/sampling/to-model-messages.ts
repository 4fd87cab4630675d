import type {
  AssistantModelMessage,
  FilePart,
  ModelMessage,
  TextPart,
  ToolCallPart,
  ToolModelMessage,
  ToolResultPart,
  UserModelMessage,
} from 'ai'
import { invalidParams } from './sampling-errors'
import { modelToolName } from './tool-names'
import { toolResultOutput, type SamplingToolResult } from './tool-result-content'

/**
 * The parts of a validated `sampling/createMessage` request the model call needs. Structural on purpose: the
 * validation helper's `ValidatedSamplingRequest` (content normalised to arrays, base64 and MIME types
 * already checked) satisfies it, with or without tools, and so does a request the user edited on the
 * approval card.
 */
export type SamplingContentItem =
  | { type: 'text'; text: string }
  | { type: 'image'; data: string; mimeType: string }
  | { type: 'audio'; data: string; mimeType: string }

/** Sampling with tools: a call the model made earlier (assistant) and the server's result for it (user). */
export type SamplingToolItem =
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> }
  | ({ type: 'tool_result'; toolUseId: string } & SamplingToolResult)

export interface SamplingPromptMessage {
  role: 'user' | 'assistant'
  content: readonly (SamplingContentItem | SamplingToolItem)[]
}

/** A tool the server offers the model (the SDK's Tool fits). */
export interface SamplingTool {
  name: string
  description?: string | undefined
  inputSchema: { type: 'object'; [key: string]: unknown }
}

export interface SamplingPrompt {
  systemPrompt?: string | undefined
  messages: readonly SamplingPromptMessage[]
  tools?: readonly SamplingTool[] | undefined
  toolChoice?: { mode?: 'auto' | 'required' | 'none' | undefined } | undefined
}

/** What `streamText` takes: the system prompt (as `instructions`) and the conversation. */
export interface ModelPrompt {
  system?: string
  messages: ModelMessage[]
}

/**
 * Converts a validated sampling request into `ai` v7 model messages. Images and audio become file parts
 * (v7 deprecates ImagePart in favour of `FilePart` with a media type) carrying the base64 data as is; the
 * provider adapter turns them into its own shape (OpenAI-compatible: `image_url` with a data URL and
 * `input_audio` with a format).
 *
 * Tool history (SEP-1577) takes the chat APIs' shape: an assistant `tool_use` becomes a tool-call part of
 * the assistant message (`toolCallId` = its id, the tool's model-safe name, its input), and a user message
 * of `tool_result`s becomes a `role: 'tool'` message of tool-result parts (see tool-result-content.ts),
 * each named after the call it answers in the message before it. The OpenAI-compatible adapter sends them
 * as the assistant's `tool_calls` and one `role: 'tool'` message per result with its `tool_call_id`.
 *
 * Media in an **assistant** message is refused with InvalidParams naming the item: the chat APIs only
 * accept images and audio from the user, and the OpenAI-compatible adapter silently drops file parts from
 * assistant turns. Moving the item into a made-up user turn would change who said what in the
 * conversation the server built, so the server is told instead of the request being quietly rewritten.
 * The same goes for media inside a tool result.
 */
export function toModelMessages(prompt: SamplingPrompt): ModelPrompt {
  const messages = prompt.messages.map((message, index): ModelMessage => {
    if (message.role === 'assistant') return assistantMessage(message, index)
    if (message.content.some((item) => item.type === 'tool_result')) {
      return toolMessage(message, index, prompt.messages[index - 1])
    }
    return userMessage(message, index)
  })
  const converted: ModelPrompt = { messages }
  // An empty system prompt would still be sent as an empty system message; leave it out instead.
  if (prompt.systemPrompt !== undefined && prompt.systemPrompt.length > 0)
    converted.system = prompt.systemPrompt
  return converted
}

function userMessage(message: SamplingPromptMessage, index: number): UserModelMessage {
  return {
    role: 'user',
    content: message.content.map((item, itemIndex): TextPart | FilePart => {
      if (item.type === 'text') return { type: 'text', text: item.text }
      if (item.type === 'image' || item.type === 'audio') {
        return { type: 'file', mediaType: item.mimeType, data: { type: 'data', data: item.data } }
      }
      throw invalidParams(
        `messages[${index}].content[${itemIndex}]: ${item.type} belongs in an assistant message`,
      )
    }),
  }
}

function toolMessage(
  message: SamplingPromptMessage,
  index: number,
  previous: SamplingPromptMessage | undefined,
): ToolModelMessage {
  const calls = new Map<string, string>()
  if (previous?.role === 'assistant') {
    for (const item of previous.content) if (item.type === 'tool_use') calls.set(item.id, item.name)
  }
  return {
    role: 'tool',
    content: message.content.map((item, itemIndex): ToolResultPart => {
      const field = `messages[${index}].content[${itemIndex}]`
      if (item.type !== 'tool_result') {
        throw invalidParams(`${field}: a user message holding tool_result blocks must hold nothing else`)
      }
      const toolName = calls.get(item.toolUseId)
      if (toolName === undefined) {
        throw invalidParams(
          `${field}.toolUseId: ${JSON.stringify(item.toolUseId)} answers no tool_use of the message before it`,
        )
      }
      return {
        type: 'tool-result',
        toolCallId: item.toolUseId,
        toolName: modelToolName(toolName),
        output: toolResultOutput(item, field),
      }
    }),
  }
}

function assistantMessage(message: SamplingPromptMessage, index: number): AssistantModelMessage {
  const content = message.content.map((item, itemIndex): TextPart | ToolCallPart => {
    if (item.type === 'text') return { type: 'text', text: item.text }
    if (item.type === 'tool_use') {
      return { type: 'tool-call', toolCallId: item.id, toolName: modelToolName(item.name), input: item.input }
    }
    const field = `messages[${index}].content[${itemIndex}]`
    if (item.type === 'tool_result') throw invalidParams(`${field}: tool_result belongs in a user message`)
    throw invalidParams(
      `${field}: an assistant message cannot carry ${item.type} content ` +
        `(model APIs accept images and audio only from the user); send it in a user message`,
    )
  })
  return { role: 'assistant', content }
}
