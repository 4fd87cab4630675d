import type { CallToolResult } from '@modelcontextprotocol/client'
import { z } from 'zod'

export const toolAttachmentSchema = z.object({
  kind: z.enum(['image', 'audio', 'binary']),
  mimeType: z.string(),
  dataUrl: z.string(),
  /** Decoded size, so limits and the UI never need to decode the data URL. */
  bytes: z.number().int().nonnegative(),
})
export type ToolAttachment = z.infer<typeof toolAttachmentSchema>

export const normalizedToolResultSchema = z.object({
  text: z.string(),
  attachments: z.array(toolAttachmentSchema),
  metadata: z.record(z.string(), z.unknown()),
  isError: z.boolean(),
})
export type NormalizedToolResult = z.infer<typeof normalizedToolResultSchema>

export interface NormalizeOptions {
  /** What the conversation's model can take as input; everything else is marked omitted in the text. */
  modelAccepts: { image: boolean; audio: boolean }
  /**
   * The tool has a view (MCP Apps): its structuredContent is for the view, not the model, so it is not
   * appended to the text (text content still goes).
   */
  structuredContentForView?: boolean
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/
const DATA_URI = /^data:([^,]*),(.*)$/s

/**
 * Turns an MCP tools/call result into what the model sees (text) and what travels beside it (attachments,
 * metadata). Text blocks keep their order; binary content never lands in the text as base64, only as an
 * attachment plus, for a model that cannot take it, a short "omitted" marker so it knows something was there.
 * Server metadata (`_meta`, legacy `metadata`) is kept for the host and never shown to the model, since a
 * server could otherwise smuggle instructions into the prompt through it.
 */
export function normalizeToolResult(result: CallToolResult, options: NormalizeOptions): NormalizedToolResult {
  const parts: string[] = []
  const attachments: ToolAttachment[] = []
  const addBinary = (mimeType: string, base64: string, label: string): void => {
    const kind = kindOf(mimeType)
    const clean = base64.replace(/\s+/g, '')
    if (!isBase64(clean)) {
      parts.push(`[${label} ${mimeType} omitted: its data is not valid base64]`)
      return
    }
    attachments.push({
      kind,
      mimeType,
      dataUrl: `data:${mimeType};base64,${clean}`,
      bytes: base64Bytes(clean),
    })
    const accepted = kind !== 'binary' && options.modelAccepts[kind]
    if (!accepted) parts.push(`[${label} ${mimeType} omitted]`)
  }

  const record = result as Record<string, unknown>
  const content: unknown[] = Array.isArray(record.content) ? record.content : []
  // Protocol 2024-10-07 servers answer with `toolResult` instead of content blocks.
  if (!Array.isArray(record.content) && 'toolResult' in record) parts.push(jsonText(record.toolResult))

  for (const raw of content) {
    const block = isObject(raw) ? raw : {}
    switch (block.type) {
      case 'text':
        parts.push(stringOr(block.text, ''))
        break
      case 'image':
      case 'audio':
        addBinary(stringOr(block.mimeType, 'application/octet-stream'), stringOr(block.data, ''), block.type)
        break
      case 'resource_link': {
        const uri = stringOr(block.uri, '')
        const name = stringOr(block.name, uri)
        const data = DATA_URI.exec(uri)
        if (!data) {
          parts.push(`${name}: ${uri}`)
          break
        }
        const [mimeType = '', ...params] = (data[1] ?? '').split(';')
        if (params.includes('base64'))
          addBinary(mimeType || 'application/octet-stream', data[2] ?? '', 'resource')
        else parts.push(`[resource ${name} omitted: inline data URI]`)
        break
      }
      case 'resource': {
        const resource = isObject(block.resource) ? block.resource : {}
        const mimeType = stringOr(resource.mimeType, 'application/octet-stream')
        if (typeof resource.text === 'string') parts.push(resource.text)
        else if (typeof resource.blob === 'string') addBinary(mimeType, resource.blob, 'resource')
        else parts.push(`[resource ${stringOr(resource.uri, '(no uri)')} omitted: no text or blob]`)
        break
      }
      default:
        parts.push(`[${typeof block.type === 'string' ? block.type : 'unknown'} content omitted]`)
    }
  }

  const joined = parts.join('\n')
  const text =
    options.structuredContentForView === true
      ? joined
      : withStructuredContent(joined, record.structuredContent)
  const metadata: Record<string, unknown> = {}
  if (record._meta !== undefined) metadata._meta = record._meta
  if (record.metadata !== undefined) metadata.metadata = record.metadata
  return { text, attachments, metadata, isError: record.isError === true }
}

/** structuredContent is appended only when the text does not already carry it (servers often send both). */
function withStructuredContent(text: string, structured: unknown): string {
  if (structured === undefined) return text
  const indented = JSON.stringify(structured, null, 2)
  if (text.trim() === '') return indented
  if (text.includes(JSON.stringify(structured)) || text.includes(indented)) return text
  return `${text}\n\nStructured content:\n${indented}`
}

function kindOf(mimeType: string): ToolAttachment['kind'] {
  if (mimeType.startsWith('image/')) return 'image'
  if (mimeType.startsWith('audio/')) return 'audio'
  return 'binary'
}

function isBase64(value: string): boolean {
  return value.length % 4 === 0 && BASE64.test(value)
}

function base64Bytes(value: string): number {
  const padding = value.endsWith('==') ? 2 : value.endsWith('=') ? 1 : 0
  return (value.length / 4) * 3 - padding
}

function jsonText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value, null, 2) ?? '')
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function stringOr(value: unknown, fallback: string): string {
  return typeof value === 'string' ? value : fallback
}
