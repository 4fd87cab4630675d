import type { CreateMessageRequestParams } from '@modelcontextprotocol/client'
import type { AudioFormat, ModelCapabilities } from '../../../shared/models/model-schema'
import { formatByteSize } from '../../../shared/format/byte-size'
import { modalityKnowledge } from '../../../shared/models/capability-facts'

/** The parts of a `sampling/createMessage` request that decide which models can take it. */
export type ContentRequest = Pick<CreateMessageRequestParams, 'messages' | 'systemPrompt' | 'tools'>

type SamplingBlock = Extract<CreateMessageRequestParams['messages'][number]['content'], { type: string }>
type ToolResultItem = Extract<SamplingBlock, { type: 'tool_result' }>['content'][number]

/**
 * What a request needs from a model, derived once per request so every model is checked against the same
 * list. Items are numbered per kind in request order (`image 2`), counting media inside tool results too.
 */
export interface ContentRequirements {
  systemPromptBytes: number | undefined
  texts: Array<{ number: number; bytes: number }>
  images: Array<{ number: number; mimeType: string; bytes: number }>
  audio: Array<{ number: number; mimeType: string; format: AudioFormat | undefined; bytes: number }>
  /** Tools offered, or tool calls already in the conversation: both need a model that speaks tool calling. */
  toolCalling: boolean
}

/**
 * The MIME types the OpenAI-compatible adapter can send as `input_audio`, mapped to its format names.
 * Anything else has no format: such audio is rejected, never transcribed or dropped behind the user's back.
 */
const AUDIO_FORMAT_BY_MIME: Record<string, AudioFormat> = {
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/wave': 'wav',
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
}

/** The adapter's format name for an audio MIME type; undefined when it cannot send that audio. */
export function audioFormatOf(mimeType: string): AudioFormat | undefined {
  return AUDIO_FORMAT_BY_MIME[normalizeMime(mimeType)]
}

export function contentRequirements(request: ContentRequest): ContentRequirements {
  const needs: ContentRequirements = {
    systemPromptBytes: request.systemPrompt === undefined ? undefined : utf8Bytes(request.systemPrompt),
    texts: [],
    images: [],
    audio: [],
    toolCalling: (request.tools?.length ?? 0) > 0,
  }
  for (const message of request.messages) {
    const blocks: SamplingBlock[] = Array.isArray(message.content) ? message.content : [message.content]
    for (const block of blocks) addBlock(needs, block)
  }
  return needs
}

function addBlock(needs: ContentRequirements, block: SamplingBlock | ToolResultItem): void {
  switch (block.type) {
    case 'text':
      addText(needs, block.text)
      return
    case 'image':
      addImage(needs, block.mimeType, block.data)
      return
    case 'audio':
      addAudio(needs, block.mimeType, block.data)
      return
    case 'tool_use':
      needs.toolCalling = true
      // The arguments go to the model as JSON text, so they count against the text cap like any text.
      addText(needs, JSON.stringify(block.input))
      return
    case 'tool_result':
      needs.toolCalling = true
      for (const item of block.content) addBlock(needs, item)
      return
    case 'resource': {
      const { resource } = block
      if ('text' in resource) addText(needs, resource.text)
      else if (normalizeMime(resource.mimeType ?? '').startsWith('image/'))
        addImage(needs, resource.mimeType ?? '', resource.blob)
      else if (normalizeMime(resource.mimeType ?? '').startsWith('audio/'))
        addAudio(needs, resource.mimeType ?? '', resource.blob)
      // Other blobs have no modality a model could declare; the sampling conversion decides how to show them.
      return
    }
    case 'resource_link':
      // A link is a URI and a name: text far below any cap, and no media to fetch at selection time.
      return
  }
}

function addText(needs: ContentRequirements, text: string): void {
  needs.texts.push({ number: needs.texts.length + 1, bytes: utf8Bytes(text) })
}

function addImage(needs: ContentRequirements, mimeType: string, data: string): void {
  needs.images.push({
    number: needs.images.length + 1,
    mimeType: normalizeMime(mimeType),
    bytes: base64Bytes(data),
  })
}

function addAudio(needs: ContentRequirements, mimeType: string, data: string): void {
  const mime = normalizeMime(mimeType)
  needs.audio.push({
    number: needs.audio.length + 1,
    mimeType: mime,
    format: AUDIO_FORMAT_BY_MIME[mime],
    bytes: base64Bytes(data),
  })
}

/**
 * Every reason, as a short sentence, why a model with these capabilities cannot take the request. Only
 * what is known refuses: a model whose image, audio or tool support nobody stated is not refused for it
 * (see `unknownNeeds`), though the host's own caps (item sizes, image types, audio it can send) still apply.
 */
export function rejectionReasons(needs: ContentRequirements, capabilities: ModelCapabilities): string[] {
  const reasons: string[] = []
  const textCap = capabilities.maxTextBytes
  if (needs.systemPromptBytes !== undefined && needs.systemPromptBytes > textCap) {
    reasons.push(`the system prompt is ${over(needs.systemPromptBytes, textCap)}`)
  }
  for (const text of needs.texts) {
    if (text.bytes > textCap) reasons.push(`text item ${text.number} is ${over(text.bytes, textCap)}`)
  }

  const images = modalityKnowledge(capabilities, 'image')
  if (needs.images.length > 0) {
    if (images === 'no') {
      reasons.push('does not accept images')
    } else {
      const accepted: readonly string[] = capabilities.imageMimeTypes
      const refusedMimes = distinct(needs.images.map((i) => i.mimeType).filter((m) => !accepted.includes(m)))
      for (const mime of refusedMimes) {
        reasons.push(`does not accept ${mime || 'untyped'} images (accepts ${listImageTypes(accepted)})`)
      }
      for (const image of needs.images) {
        if (image.bytes > capabilities.maxImageBytes) {
          reasons.push(`image ${image.number} is ${over(image.bytes, capabilities.maxImageBytes)}`)
        }
      }
    }
  }

  const audio = modalityKnowledge(capabilities, 'audio')
  if (needs.audio.length > 0) {
    if (audio === 'no') {
      reasons.push('does not accept audio')
    } else if (audio === 'yes') {
      const formats: readonly string[] = capabilities.audioFormats
      const refused = needs.audio.filter((a) => a.format === undefined || !formats.includes(a.format))
      for (const mime of distinct(refused.map((a) => a.mimeType))) {
        const accepts = formats.length > 0 ? `accepts ${formats.join(', ')}` : 'no audio formats configured'
        reasons.push(`does not accept ${mime || 'untyped'} audio (${accepts})`)
      }
    } else {
      // Support unknown: what the adapter cannot send as `input_audio` no model could be given.
      const unsendable = needs.audio.filter((a) => a.format === undefined)
      for (const mime of distinct(unsendable.map((a) => a.mimeType))) {
        reasons.push(`${mime || 'untyped'} audio cannot be sent to a model (only wav, mp3)`)
      }
    }
  }

  if (needs.toolCalling && capabilities.toolCalling === false) reasons.push('cannot call tools')
  return reasons
}

/**
 * What the request needs that nobody stated this model has, one short phrase each ("image support
 * unknown"). Such a model is eligible, ranked after models known to take the request, and the phrases
 * go with it to the approval card and the CLI so the user sees the gamble.
 */
export function unknownNeeds(needs: ContentRequirements, capabilities: ModelCapabilities): string[] {
  const unknowns: string[] = []
  if (needs.images.length > 0 && modalityKnowledge(capabilities, 'image') === 'unknown') {
    unknowns.push('image support unknown')
  }
  if (needs.audio.length > 0 && modalityKnowledge(capabilities, 'audio') === 'unknown') {
    unknowns.push('audio support unknown')
  }
  if (needs.toolCalling && capabilities.toolCalling === undefined) unknowns.push('tool support unknown')
  return unknowns
}

function over(bytes: number, cap: number): string {
  const [size, limit] = [formatByteSize(bytes), formatByteSize(cap)]
  // Just over the cap both round alike ("1 MiB, over its 1 MiB limit"): then only exact bytes explain it.
  if (size === limit) return `${bytes} bytes, over its ${cap}-byte limit`
  return `${size}, over its ${limit} limit`
}

function listImageTypes(mimes: readonly string[]): string {
  return mimes.length > 0 ? mimes.map((m) => m.replace(/^image\//, '')).join(', ') : 'none'
}

function distinct(values: string[]): string[] {
  return [...new Set(values)]
}

/** `Image/JPEG; foo=bar` → `image/jpeg`; `image/jpg` is a common misspelling of `image/jpeg`. */
export function normalizeMime(mimeType: string): string {
  const bare = (mimeType.split(';')[0] ?? '').trim().toLowerCase()
  return bare === 'image/jpg' ? 'image/jpeg' : bare
}

function utf8Bytes(text: string): number {
  return Buffer.byteLength(text, 'utf8')
}

/**
 * Decoded size of base64 data without decoding it (it can be tens of MiB): every 4 alphabet characters are
 * 3 bytes. Padding and the whitespace `atob` tolerates are not data, so only alphabet characters count.
 */
export function base64Bytes(data: string): number {
  let symbols = 0
  for (let i = 0; i < data.length; i++) {
    const c = data.charCodeAt(i)
    const isSymbol =
      (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 43 || c === 47
    if (isSymbol) symbols++
  }
  return Math.floor((symbols * 6) / 8)
}
