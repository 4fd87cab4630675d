import type { ReadResourceResult } from '@modelcontextprotocol/client'
import { IpcFailure } from '../../../../shared/ipc/ipc-error'
import { formatByteSize } from '../../../../shared/format/byte-size'
import {
  RESOURCE_BLOB_LIMIT_BYTES,
  RESOURCE_TEXT_LIMIT_BYTES,
  type ResourceContent,
} from '../../../../shared/mcp/resources'

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/

/** The base64 without whitespace, or undefined when it is not base64 at all. */
export function cleanBase64(raw: string): string | undefined {
  const clean = raw.replace(/\s+/g, '')
  return clean.length % 4 === 0 && BASE64.test(clean) ? clean : undefined
}

/** How many bytes base64 decodes to, without decoding it. */
export function base64Bytes(clean: string): number {
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0
  return (clean.length / 4) * 3 - padding
}

/** Refuses text too large to attach, naming what holds it, its size and the limit. */
export function checkTextSize(label: string, bytes: number, what = 'text'): void {
  if (bytes > RESOURCE_TEXT_LIMIT_BYTES) {
    throw new IpcFailure(
      'unavailable',
      `${label} has ${formatByteSize(bytes)} of ${what}, over the ${formatByteSize(RESOURCE_TEXT_LIMIT_BYTES)} limit for attaching text`,
    )
  }
}

/** Refuses binary data too large to attach, naming what holds it, its size and the limit. */
export function checkBlobSize(label: string, bytes: number, what = 'binary data'): void {
  if (bytes > RESOURCE_BLOB_LIMIT_BYTES) {
    throw new IpcFailure(
      'unavailable',
      `${label} has ${formatByteSize(bytes)} of ${what}, over the ${formatByteSize(RESOURCE_BLOB_LIMIT_BYTES)} limit for attachments`,
    )
  }
}

/**
 * A resources/read result in attachment form: text inline, binary as base64 with its decoded size. The
 * limits apply to the whole read (a read may return several contents), so a server cannot get around them
 * by splitting one large resource into many parts.
 */
export function toResourceContents(
  label: string,
  contents: ReadResourceResult['contents'],
): ResourceContent[] {
  let textBytes = 0
  let blobBytes = 0
  const converted = contents.map((content): ResourceContent => {
    const mimeType = typeof content.mimeType === 'string' ? { mimeType: content.mimeType } : {}
    if ('text' in content && typeof content.text === 'string') {
      textBytes += Buffer.byteLength(content.text, 'utf8')
      return { kind: 'text', uri: content.uri, ...mimeType, text: content.text }
    }
    const raw = 'blob' in content && typeof content.blob === 'string' ? content.blob : ''
    const data = cleanBase64(raw)
    if (data === undefined) {
      throw new IpcFailure('unavailable', `${label} returned binary data that is not valid base64`)
    }
    const bytes = base64Bytes(data)
    blobBytes += bytes
    return { kind: 'blob', uri: content.uri, ...mimeType, data, bytes }
  })
  checkTextSize(label, textBytes)
  checkBlobSize(label, blobBytes)
  return converted
}
