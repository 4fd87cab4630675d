import type { FilePart } from 'ai'
import type { ModelCapabilities } from '../../../shared/models/model-schema'
import { audioFormatOf, normalizeMime } from '../models/content-requirements'

/**
 * Which media a chat model takes, from its recorded capabilities, for everything that can carry media into
 * a turn: tool results, attached resources and inserted prompt messages. Chat Completions takes images and
 * (on some models) wav/mp3 audio in user messages; other binary data (a PDF, an archive) never goes.
 */

export type MediaKind = 'image' | 'audio' | 'binary'

export interface Media {
  kind: MediaKind
  mimeType: string
  /** Decoded size. */
  bytes: number
}

/** The kind a MIME type names: image/*, audio/*, or anything else as binary. */
export function mediaKindOf(mimeType: string): MediaKind {
  const type = normalizeMime(mimeType)
  if (type.startsWith('image/')) return 'image'
  if (type.startsWith('audio/')) return 'audio'
  return 'binary'
}

/** Whether the model takes this kind of media at all (binary data: never). */
export function modelTakesKind(kind: MediaKind, capabilities: ModelCapabilities): boolean {
  return kind !== 'binary' && capabilities.inputModalities.includes(kind)
}

/** Why the model cannot take this item, in words for the model and the user; undefined when it can. */
export function mediaRefusal(media: Media, capabilities: ModelCapabilities): string | undefined {
  if (media.kind === 'binary') return 'the model takes no files of this type'
  if (!capabilities.inputModalities.includes(media.kind)) {
    return media.kind === 'image' ? 'the model does not take images' : 'the model does not take audio'
  }
  if (media.kind === 'image') {
    const accepted: readonly string[] = capabilities.imageMimeTypes
    if (!accepted.includes(normalizeMime(media.mimeType))) return 'the model does not take this image type'
    if (media.bytes > capabilities.maxImageBytes) return 'larger than the model takes'
    return undefined
  }
  const format = audioFormatOf(media.mimeType)
  const formats: readonly string[] = capabilities.audioFormats
  return format !== undefined && formats.includes(format)
    ? undefined
    : 'the model does not take this audio format'
}

/** The user-message part for media the model takes (the SDK sends an image/* file as an image). */
export function mediaPart(base64: string, mimeType: string): FilePart {
  return { type: 'file', data: base64, mediaType: normalizeMime(mimeType) }
}
