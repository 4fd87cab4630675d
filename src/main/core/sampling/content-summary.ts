import type { ContentBlock } from '@modelcontextprotocol/client'
import type { CardContent, CardMessage } from '../../../shared/sampling/sampling-card'
import { formatByteSize } from '../../../shared/format/byte-size'
import { audioDurationMs, imageDimensions, type ImageDimensions } from './media-probe'
import type { ValidatedSamplingRequestWithTools, ValidatedToolContent } from './validate-request'

/** Images up to this decoded size get a thumbnail data URL on the card; bigger ones only their facts. */
export const DATA_URL_MAX_BYTES = 2 * 1024 * 1024

/**
 * How much of each media item is decoded for probing. Headers sit at the start; 1 MiB also covers JPEGs
 * whose EXIF/ICC segments come before the frame header. The full size comes from the base64 length.
 */
const PROBE_PREFIX_BYTES = 1024 * 1024

/**
 * Token estimates shown to the user before approving. They are heuristics, not a tokenizer:
 * - text (items and system prompt): UTF-8 bytes / 4, the usual rule of thumb for English with BPE tokenizers;
 * - image: OpenAI's high-detail rule: scale to fit 2048×2048, then the short side down to 768, and count
 *   85 + 170 per 512×512 tile; unknown dimensions count 765 (a 1024×1024 image);
 * - audio: one token per 40 ms (25 per second, between the rates providers publish); unknown duration is
 *   estimated from the size as compressed audio at 128 kbit/s.
 */
export const TOKEN_HEURISTICS = {
  textBytesPerToken: 4,
  imageBaseTokens: 85,
  imageTileTokens: 170,
  imageTileSize: 512,
  unknownImageTokens: 765,
  audioMsPerToken: 40,
  unknownAudioBytesPerSecond: 16_000,
} as const

export interface CardSummary {
  messages: CardMessage[]
  /** The first text item of the first user message that has one: the card's headline. */
  firstUserText?: string
  estimatedInputTokens: number
}

/** What summarising needs; every validated request (with or without tools) fits. */
export type SummarizableRequest = Pick<ValidatedSamplingRequestWithTools, 'messages' | 'systemPrompt'>

/** The card's view of a validated request: contents with sizes, the first user text and a token estimate. */
export function summarizeForCard(request: SummarizableRequest): CardSummary {
  const tokens = new TokenTally()
  if (request.systemPrompt !== undefined) tokens.addText(request.systemPrompt)
  let firstUserText: string | undefined
  const messages = request.messages.map((message): CardMessage => {
    const content = message.content.map((block) => summarizeBlock(block, tokens))
    if (firstUserText === undefined && message.role === 'user') {
      firstUserText = message.content.find(
        (block): block is { type: 'text'; text: string } => block.type === 'text',
      )?.text
    }
    return { role: message.role, content }
  })
  return {
    messages,
    ...(firstUserText !== undefined ? { firstUserText } : {}),
    estimatedInputTokens: tokens.total(),
  }
}

function summarizeBlock(block: ValidatedToolContent, tokens: TokenTally): CardContent {
  switch (block.type) {
    case 'text':
      tokens.addText(block.text)
      return { type: 'text', text: block.text }
    case 'image':
      return summarizeImage(block.data, block.mimeType, tokens)
    case 'audio':
      return summarizeAudio(block.data, block.mimeType, tokens)
    case 'tool_use': {
      const args = JSON.stringify(block.input)
      tokens.addText(block.name)
      tokens.addText(args)
      return {
        type: 'other',
        summary: `tool call ${block.name} (${formatByteSize(utf8Bytes(args))} of arguments)`,
      }
    }
    case 'tool_result': {
      const kinds = block.content.map((item) => countToolResultItem(item, tokens))
      if (block.structuredContent !== undefined) tokens.addText(JSON.stringify(block.structuredContent))
      const items = kinds.length === 1 ? '1 item' : `${kinds.length} items`
      const listed = kinds.length > 0 ? ` (${[...new Set(kinds)].join(', ')})` : ''
      const error = block.isError ? ', an error' : ''
      return { type: 'other', summary: `tool result for ${block.toolUseId}: ${items}${listed}${error}` }
    }
  }
}

/** Adds a tool result item to the estimate and names its kind for the one-line summary. */
function countToolResultItem(item: ContentBlock, tokens: TokenTally): string {
  switch (item.type) {
    case 'text':
      tokens.addText(item.text)
      break
    case 'image':
      summarizeImage(item.data, item.mimeType, tokens)
      break
    case 'audio':
      summarizeAudio(item.data, item.mimeType, tokens)
      break
    case 'resource':
      tokens.addText('text' in item.resource ? item.resource.text : item.resource.uri)
      break
    case 'resource_link':
      tokens.addText(item.uri)
      break
  }
  return item.type
}

function summarizeImage(data: string, mimeType: string, tokens: TokenTally): CardContent {
  const bytes = decodedLength(data)
  const dimensions = imageDimensions(decodePrefix(data))
  tokens.addImage(dimensions)
  return {
    type: 'image',
    mimeType,
    bytes,
    ...(dimensions ?? {}),
    // Only the bare `type/subtype` goes into the URL: parameters could hold a "," that ends its header early.
    ...(bytes <= DATA_URL_MAX_BYTES ? { dataUrl: `data:${bareMime(mimeType)};base64,${data}` } : {}),
  }
}

function summarizeAudio(data: string, mimeType: string, tokens: TokenTally): CardContent {
  const bytes = decodedLength(data)
  const durationMs = audioDurationMs(decodePrefix(data), bytes)
  tokens.addAudio(bytes, durationMs)
  return { type: 'audio', mimeType, bytes, ...(durationMs !== undefined ? { durationMs } : {}) }
}

class TokenTally {
  #textBytes = 0
  #other = 0

  addText(text: string): void {
    this.#textBytes += utf8Bytes(text)
  }

  addImage(dimensions: ImageDimensions | undefined): void {
    this.#other += imageTokens(dimensions)
  }

  addAudio(bytes: number, durationMs: number | undefined): void {
    const ms = durationMs ?? (bytes / TOKEN_HEURISTICS.unknownAudioBytesPerSecond) * 1000
    this.#other += Math.ceil(ms / TOKEN_HEURISTICS.audioMsPerToken)
  }

  total(): number {
    return Math.ceil(this.#textBytes / TOKEN_HEURISTICS.textBytesPerToken) + this.#other
  }
}

/** See TOKEN_HEURISTICS: the high-detail tile count after the provider's own downscaling. */
export function imageTokens(dimensions: ImageDimensions | undefined): number {
  const h = TOKEN_HEURISTICS
  if (dimensions === undefined) return h.unknownImageTokens
  let { width, height } = dimensions
  const fit = Math.min(1, 2048 / Math.max(width, height))
  ;[width, height] = [width * fit, height * fit]
  const shrink = Math.min(1, 768 / Math.min(width, height))
  ;[width, height] = [width * shrink, height * shrink]
  const tiles = Math.ceil(width / h.imageTileSize) * Math.ceil(height / h.imageTileSize)
  return h.imageBaseTokens + h.imageTileTokens * tiles
}

/** Decoded size of canonical base64 (validated), without decoding it. */
export function decodedLength(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0
  return Math.floor((data.length * 3) / 4) - padding
}

/** The first PROBE_PREFIX_BYTES of the decoded data (whole 4-character groups, so the prefix decodes exactly). */
function decodePrefix(data: string): Uint8Array {
  const chars = Math.ceil(PROBE_PREFIX_BYTES / 3) * 4
  return Buffer.from(data.length > chars ? data.slice(0, chars) : data, 'base64')
}

function bareMime(mimeType: string): string {
  return (mimeType.split(';')[0] ?? '').trim().toLowerCase()
}

function utf8Bytes(text: string): number {
  return Buffer.byteLength(text, 'utf8')
}
