import type { PromptMessage } from '@modelcontextprotocol/client'
import type { MessageAttachment, PromptMessageView } from '../../../../shared/mcp/prompts'
import { base64Bytes, checkBlobSize, checkTextSize, cleanBase64 } from '../resources/resource-contents'

/**
 * A prompts/get result in the form a chat turn inserts: one message per prompt message, with its role, its
 * text, and media (images, audio, embedded blobs) as base64 attachments beside the text, never inside it.
 * Embedded resources count against the same limits as an attached resource, over the whole result.
 */
export function toPromptMessages(label: string, messages: readonly PromptMessage[]): PromptMessageView[] {
  let textBytes = 0
  let blobBytes = 0
  const attach = (
    kind: MessageAttachment['kind'],
    mimeType: string,
    raw: string,
    uri?: string,
  ): MessageAttachment | string => {
    const data = cleanBase64(raw)
    if (data === undefined) return `[${kind} ${mimeType} omitted: its data is not valid base64]`
    const bytes = base64Bytes(data)
    blobBytes += bytes
    return { kind, mimeType, data, bytes, ...(uri === undefined ? {} : { uri }) }
  }

  const views = messages.map((message): PromptMessageView => {
    const role = message.role
    const content = message.content as PromptMessage['content'] | { type: string }
    const textOnly = (text: string): PromptMessageView => ({ role, text, attachments: [] })
    const withAttachment = (attachment: MessageAttachment | string): PromptMessageView =>
      typeof attachment === 'string' ? textOnly(attachment) : { role, text: '', attachments: [attachment] }
    switch (content.type) {
      case 'text':
        return 'text' in content && typeof content.text === 'string' ? textOnly(content.text) : textOnly('')
      case 'image':
      case 'audio': {
        const media = content as { mimeType: string; data: string }
        return withAttachment(attach(content.type, media.mimeType, media.data))
      }
      case 'resource': {
        const resource = (content as { resource: { uri: string; mimeType?: string } }).resource
        const mimeType = resource.mimeType
        if ('text' in resource && typeof resource.text === 'string') {
          textBytes += Buffer.byteLength(resource.text, 'utf8')
          return {
            role,
            text: resource.text,
            attachments: [],
            resource: { uri: resource.uri, ...(mimeType === undefined ? {} : { mimeType }) },
          }
        }
        const blob = 'blob' in resource && typeof resource.blob === 'string' ? resource.blob : ''
        const shownMime = mimeType ?? 'application/octet-stream'
        return withAttachment(attach(kindOfMime(shownMime), shownMime, blob, resource.uri))
      }
      case 'resource_link': {
        const link = content as { uri: string; name: string; title?: string }
        return textOnly(`${link.title ?? link.name}: ${link.uri}`)
      }
      default:
        return textOnly(`[${content.type} content omitted: not supported in prompts]`)
    }
  })
  checkTextSize(label, textBytes, 'embedded resource text')
  checkBlobSize(label, blobBytes, 'media and embedded binary data')
  return views
}

function kindOfMime(mimeType: string): MessageAttachment['kind'] {
  const type = mimeType.toLowerCase()
  if (type.startsWith('image/')) return 'image'
  if (type.startsWith('audio/')) return 'audio'
  return 'binary'
}
