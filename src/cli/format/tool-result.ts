import type { CallToolResult, ContentBlock } from '@modelcontextprotocol/client'
import { firstLine, terminalText } from './terminal-text'
import { formatByteSize } from '../../shared/format/byte-size'

/**
 * A tool result for the terminal: text blocks as text, every other kind of content as a one-line
 * placeholder (`[image image/png, 12.3 KiB]`), and the structured content as JSON when nothing else says
 * anything. Everything from the server is made terminal-safe.
 */
export function formatToolResult(result: CallToolResult): string[] {
  const content = result.content ?? []
  const lines = content.map(describeBlock)
  const hasText = content.some((block) => block.type === 'text')
  if (!hasText && result.structuredContent !== undefined) {
    lines.push(terminalText(JSON.stringify(result.structuredContent, null, 2)))
  }
  return lines
}

function describeBlock(block: ContentBlock): string {
  switch (block.type) {
    case 'text':
      return terminalText(block.text)
    case 'image':
    case 'audio':
      return `[${block.type} ${firstLine(block.mimeType)}, ${formatByteSize(base64Bytes(block.data))}]`
    case 'resource_link':
      return `[resource link ${firstLine(block.uri)}${block.mimeType ? ` ${firstLine(block.mimeType)}` : ''}]`
    case 'resource': {
      const { resource } = block
      const mime = resource.mimeType ? ` ${firstLine(resource.mimeType)}` : ''
      const size =
        'text' in resource
          ? `${[...resource.text].length} characters of text`
          : formatByteSize(base64Bytes(resource.blob))
      return `[resource ${firstLine(resource.uri)}${mime}, ${size}]`
    }
    default: {
      // A content kind newer than this SDK version knows about.
      const kind = (block as { type?: unknown }).type
      return `[${typeof kind === 'string' ? firstLine(kind) : 'unknown'} content]`
    }
  }
}

/** Decoded size of base64 text, without decoding it (it can be tens of MiB). */
export function base64Bytes(data: string): number {
  const trimmed = data.replace(/\s/g, '')
  const padding = trimmed.endsWith('==') ? 2 : trimmed.endsWith('=') ? 1 : 0
  return Math.max(0, Math.floor((trimmed.length * 3) / 4) - padding)
}
