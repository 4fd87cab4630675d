import { BUNDLE_IPC_MAX_BYTES } from '../../../shared/import/bundle-info'
import { IMPORT_MAX_BYTES } from '../../../shared/import/import-types'
import { toBase64 } from '../ui/base64'

/**
 * What the host is sent for a dropped, pasted or picked file: a config's text, or a bundle's bytes as
 * base64. The file is read here, in the renderer, so no path crosses the contract and web mode works the
 * same as the desktop window.
 */
export type ImportSource =
  { kind: 'config'; text: string; fileName?: string } | { kind: 'bundle'; data: string; fileName?: string }

/** The parts of a DOM `File` read here; tests hand in their own. */
export interface ReadableFile {
  name: string
  size: number
  arrayBuffer(): Promise<ArrayBuffer>
}

/** A file refused before it is sent, with the reason in words. */
export class ImportFileError extends Error {
  override name = 'ImportFileError'
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04]

/** A bundle is a zip: told by its first bytes, never by its name (downloads get renamed). */
export function looksLikeBundle(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && ZIP_MAGIC.every((byte, index) => bytes[index] === byte)
}

function mib(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`
}

export async function readImportFile(file: ReadableFile): Promise<ImportSource> {
  const named = /\.(mcpb|dxt)$/i.test(file.name)
  // Refuse by size before reading: a 2 GiB file dropped by mistake must not be pulled into memory.
  if (file.size > BUNDLE_IPC_MAX_BYTES) {
    throw new ImportFileError(
      `${file.name} is ${mib(file.size)}: MCP configs are at most 5 MiB and bundles 64 MiB here` +
        (named ? '; install a larger bundle with mcp-desk import' : ''),
    )
  }
  if (!named && file.size > IMPORT_MAX_BYTES && file.size > 0) {
    // Could still be a bundle with another name: look at its first bytes before refusing.
    const head = new Uint8Array((await file.arrayBuffer()).slice(0, 4))
    if (!looksLikeBundle(head)) {
      throw new ImportFileError(`${file.name} is ${mib(file.size)}; an MCP config file is at most 5 MiB`)
    }
  }
  const bytes = new Uint8Array(await file.arrayBuffer())
  if (bytes.length === 0) throw new ImportFileError(`${file.name} is empty`)
  if (looksLikeBundle(bytes)) return { kind: 'bundle', data: toBase64(bytes), fileName: file.name }
  if (named) throw new ImportFileError(`${file.name} is not an MCP bundle: it is not a zip archive`)
  return { kind: 'config', text: new TextDecoder('utf-8').decode(bytes), fileName: file.name }
}
