import type { AttachedFile } from '../../../shared/chat/chat-view'
import { RESOURCE_BLOB_LIMIT_BYTES, RESOURCE_TEXT_LIMIT_BYTES } from '../../../shared/mcp/resources'
import { MAX_MESSAGE_ATTACHMENTS } from '../../../shared/chat/chat-view'
import { formatResourceSize } from '../resources/resource-attachments-model'
import { toBase64 } from '../ui/base64'

/** A file the user picked, read and waiting as a chip above the composer. */
export interface PickedFile {
  /** Unique among the picked files (two files may share a name from different folders). */
  key: string
  file: AttachedFile
  /** Bytes on disk. */
  size: number
}

/** The subset of the browser's File the reader needs, so it is tested without a browser. */
export interface FileLike {
  name: string
  type: string
  size: number
  text(): Promise<string>
  arrayBuffer(): Promise<ArrayBuffer>
}

const TEXT_TYPES =
  /^(text\/|application\/(json|xml|yaml|x-yaml|toml|javascript|typescript|x-sh|sql)\b)|\+json$|\+xml$/
const TEXT_EXTENSIONS =
  /\.(txt|md|markdown|json|jsonc|yaml|yml|toml|csv|tsv|xml|html?|css|js|mjs|cjs|ts|tsx|jsx|py|rb|go|rs|java|kt|c|h|cpp|hpp|cs|sh|sql|ini|cfg|conf|log|env)$/i

/** Whether a file goes as text (read and sent inline) rather than as bytes. */
export function isTextFile(file: Pick<FileLike, 'name' | 'type'>): boolean {
  return TEXT_TYPES.test(file.type) || (file.type === '' && TEXT_EXTENSIONS.test(file.name))
}

/**
 * Reads one picked file: text files as text, anything else as base64. A file over the host's limit for its
 * kind is refused here, with its size and the limit, before it is read (the host checks again).
 */
export async function readPickedFile(file: FileLike, key: string): Promise<PickedFile> {
  const text = isTextFile(file)
  const limit = text ? RESOURCE_TEXT_LIMIT_BYTES : RESOURCE_BLOB_LIMIT_BYTES
  if (file.size > limit) {
    throw new Error(
      `${file.name} is ${formatResourceSize(file.size)}, over the ${formatResourceSize(limit)} limit for attaching ${text ? 'text' : 'files'}`,
    )
  }
  const mimeType = file.type === '' && text ? 'text/plain' : file.type || 'application/octet-stream'
  const attached: AttachedFile = text
    ? { name: file.name, mimeType, text: await file.text() }
    : { name: file.name, mimeType, data: toBase64(new Uint8Array(await file.arrayBuffer())) }
  return { key, file: attached, size: file.size }
}

/** Why more files cannot be added, or undefined while there is room. */
export function roomForFiles(already: number, adding: number): string | undefined {
  if (already + adding <= MAX_MESSAGE_ATTACHMENTS) return undefined
  return `A message takes at most ${MAX_MESSAGE_ATTACHMENTS} files.`
}

/** "image/png · 12.3 KiB": what a file's chip says beside its name. */
export function pickedFileFacts(picked: PickedFile): string {
  return `${picked.file.mimeType} · ${formatResourceSize(picked.size)}`
}
