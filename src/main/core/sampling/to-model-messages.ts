import type { AssistantModelMessage, FilePart, ModelMessage, TextPart, UserModelMessage } from 'ai'
import { invalidParams } from './sampling-errors'

/**
 * The parts of a validated `sampling/createMessage` request the model call needs. Structural on purpose: the
 * validation helper's `ValidatedSamplingRequest` (content normalised to arrays, base64 and MIME types
 * already checked) satisfies it, and so does a request the user edited on the approval card.
 */
export type SamplingContentItem =
  | { type: 'text'; text: string }
  | { type: 'image'; data: string; mimeType: string }
  | { type: 'audio'; data: string; mimeType: string }

export interface SamplingPromptMessage {
  role: 'user' | 'assistant'
  content: readonly SamplingContentItem[]
}

export interface SamplingPrompt {
  systemPrompt?: string | undefined
  messages: readonly SamplingPromptMessage[]
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
 * Media in an **assistant** message is refused with InvalidParams naming the item: the chat APIs only
 * accept images and audio from the user, and the OpenAI-compatible adapter silently drops file parts from
 * assistant turns. Moving the item into a made-up user turn would change who said what in the
 * conversation the server built, so the server is told instead of the request being quietly rewritten.
 */
export function toModelMessages(prompt: SamplingPrompt): ModelPrompt {
  const messages = prompt.messages.map((message, index): ModelMessage => {
    if (message.role === 'assistant') return assistantMessage(message, index)
    return userMessage(message)
  })
  const converted: ModelPrompt = { messages }
  // An empty system prompt would still be sent as an empty system message; leave it out instead.
  if (prompt.systemPrompt !== undefined && prompt.systemPrompt.length > 0)
    converted.system = prompt.systemPrompt
  return converted
}

function userMessage(message: SamplingPromptMessage): UserModelMessage {
  return { role: 'user', content: message.content.map(userPart) }
}

function userPart(item: SamplingContentItem): TextPart | FilePart {
  if (item.type === 'text') return { type: 'text', text: item.text }
  return { type: 'file', mediaType: item.mimeType, data: { type: 'data', data: item.data } }
}

function assistantMessage(message: SamplingPromptMessage, index: number): AssistantModelMessage {
  const content = message.content.map((item, itemIndex): TextPart => {
    if (item.type === 'text') return { type: 'text', text: item.text }
    throw invalidParams(
      `messages[${index}].content[${itemIndex}]: an assistant message cannot carry ${item.type} content ` +
        `(model APIs accept images and audio only from the user); send it in a user message`,
    )
  })
  return { role: 'assistant', content }
}
