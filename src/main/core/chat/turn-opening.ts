import type { ModelMessage } from 'ai'
import type { InsertedPrompt } from '../../../shared/chat/chat-view'
import type { MessageAttachmentRecord, PromptMessageRecord } from '../../../shared/chat/transcript-schema'
import type { MessageAttachment } from '../../../shared/mcp/prompts'
import type { ResourceReadResult } from '../../../shared/mcp/resources'
import type { ModelCapabilities } from '../../../shared/models/model-schema'
import { base64Bytes, checkBlobSize, checkTextSize, cleanBase64 } from '../mcp/resources/resource-contents'
import { mediaKindOf, mediaRefusal } from './media-acceptance'
import { promptMessagesOf, userMessageOf } from './message-content'

/** What the user sent, beyond their text: resources already read, and a prompt's messages to insert. */
export interface OutgoingMessage {
  text: string
  attached?: readonly ResourceReadResult[]
  inserted?: InsertedPrompt
}

/** The start of a turn: what the transcript records of the message, and the model messages it opens with. */
export interface TurnOpening {
  /** The inserted prompt, recorded as one `prompt` record before the user's. */
  prompt?: { serverId: string; prompt: string; messages: PromptMessageRecord[] }
  /** The attached resources, recorded on the user's record. */
  resources: MessageAttachmentRecord[]
  /** The inserted messages in order, then the user's message (when it has text or attachments). */
  messages: ModelMessage[]
}

/**
 * Decides what of the message the model gets: text resources inline, binary ones and prompt media as parts
 * when the model takes their type and size, otherwise as a line saying what was not sent and why. Refuses
 * (throws) an inserted prompt over the attachment limits; its sizes are counted here, not taken on trust.
 */
export function openTurn(message: OutgoingMessage, capabilities: ModelCapabilities): TurnOpening {
  const media = new Map<MessageAttachmentRecord, string>()
  const resources: MessageAttachmentRecord[] = []
  for (const result of message.attached ?? []) {
    for (const content of result.contents) {
      const base = {
        serverId: result.serverId,
        uri: content.uri,
        ...(content.mimeType === undefined ? {} : { mimeType: content.mimeType }),
      }
      if (content.kind === 'text') {
        resources.push({ ...base, kind: 'text', bytes: Buffer.byteLength(content.text), text: content.text })
        continue
      }
      const mimeType = content.mimeType ?? 'application/octet-stream'
      const kind = mediaKindOf(mimeType)
      const notSent = mediaRefusal({ kind, mimeType, bytes: content.bytes }, capabilities)
      const record: MessageAttachmentRecord = {
        ...base,
        kind,
        bytes: content.bytes,
        ...(notSent === undefined ? {} : { notSent }),
      }
      if (notSent === undefined) media.set(record, content.data)
      resources.push(record)
    }
  }
  const prompt = message.inserted ? promptOf(message.inserted, capabilities, media) : undefined
  const user = userMessageOf(message.text, resources, media)
  return {
    ...(prompt ? { prompt } : {}),
    resources,
    messages: [...(prompt ? promptMessagesOf(prompt.messages, media) : []), ...(user ? [user] : [])],
  }
}

/** The text of the opening, for estimating how much of the context it takes (media is not text). */
export function openingText(opening: TurnOpening): string {
  const texts: string[] = []
  for (const message of opening.messages) {
    if (typeof message.content === 'string') texts.push(message.content)
    else for (const part of message.content) if (part.type === 'text') texts.push(part.text)
  }
  return texts.join('\n')
}

function promptOf(
  inserted: InsertedPrompt,
  capabilities: ModelCapabilities,
  media: Map<MessageAttachmentRecord, string>,
): NonNullable<TurnOpening['prompt']> {
  const label = `the prompt ${inserted.source.serverId}:${inserted.source.prompt}`
  let textBytes = 0
  let blobBytes = 0
  const messages = inserted.messages.map((message): PromptMessageRecord => {
    textBytes += Buffer.byteLength(message.text)
    const attachments = message.attachments.map((attachment) => {
      const { record, data } = promptAttachment(attachment, message.role, capabilities)
      blobBytes += record.bytes
      if (data !== undefined) media.set(record, data)
      return record
    })
    return {
      role: message.role,
      text: message.text,
      ...(message.resource ? { resource: message.resource } : {}),
      attachments,
    }
  })
  checkTextSize(label, textBytes)
  checkBlobSize(label, blobBytes, 'media and embedded binary data')
  return { serverId: inserted.source.serverId, prompt: inserted.source.prompt, messages }
}

function promptAttachment(
  attachment: MessageAttachment,
  role: PromptMessageRecord['role'],
  capabilities: ModelCapabilities,
): { record: MessageAttachmentRecord; data?: string } {
  const data = cleanBase64(attachment.data)
  const bytes = data === undefined ? 0 : base64Bytes(data)
  const base = {
    kind: attachment.kind,
    mimeType: attachment.mimeType,
    bytes,
    ...(attachment.uri === undefined ? {} : { uri: attachment.uri }),
  }
  const notSent =
    data === undefined
      ? 'its data is not valid base64'
      : role === 'assistant'
        ? 'an assistant message carries text only'
        : mediaRefusal(base, capabilities)
  if (notSent !== undefined) return { record: { ...base, notSent } }
  return { record: base, ...(data === undefined ? {} : { data }) }
}
