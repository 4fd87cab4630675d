import { open } from 'node:fs/promises'
import { IMPORT_MAX_BYTES } from '../../shared/import/import-types'
import { DEFAULT_BUNDLE_LIMITS, formatBytes } from '../../main/core/config/import/mcpb/bundle-limits'

/** `PK\x03\x04`: the local file header every zip (and so every `.mcpb`/`.dxt`) starts with. */
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04])
const READ_CHUNK_BYTES = 1024 * 1024

export type ImportFile = { kind: 'bundle'; bytes: Buffer } | { kind: 'config'; text: string }

/**
 * Reads the file the import names. A zip (by its first bytes, whatever the extension) is a bundle; anything
 * else is a config file, refused above 5 MiB from its size before it is read. Config text may be UTF-8 (with
 * or without a BOM) or UTF-16 with a BOM, as Windows editors save it.
 */
export async function readImportFile(file: string): Promise<ImportFile> {
  let handle
  try {
    handle = await open(file, 'r')
  } catch (error) {
    throw new Error(`cannot read ${file}: ${describeFsError(error)}`, { cause: error })
  }
  try {
    const stats = await handle.stat()
    if (!stats.isFile()) throw new Error(`cannot import ${file}: it is not a file`)
    const head = Buffer.alloc(ZIP_MAGIC.length)
    const { bytesRead } = await handle.read(head, 0, head.length, 0)
    const isZip = bytesRead === head.length && head.equals(ZIP_MAGIC)
    if (!isZip && /\.(mcpb|dxt)$/i.test(file)) {
      throw new Error(`cannot import ${file}: it is not an MCP bundle (bundles are zip files)`)
    }
    const limit = isZip ? DEFAULT_BUNDLE_LIMITS.maxBundleBytes : IMPORT_MAX_BYTES
    const what = isZip ? 'bundles' : 'MCP config files'
    // Exact bytes: a file just over the limit would otherwise read as "5 MiB".
    const tooLarge = (size: number) =>
      new Error(
        `cannot import ${file}: ${what} larger than ${formatBytes(limit)} are refused, ` +
          `and it is ${size.toLocaleString('en-US')} bytes`,
      )
    if (stats.size > limit) throw tooLarge(stats.size)
    // The file may change after the stat: read until its end, refusing as soon as it passes the limit.
    const chunks: Buffer[] = []
    let total = 0
    for (;;) {
      const wanted = total === 0 ? stats.size + 1 : READ_CHUNK_BYTES
      const chunk = Buffer.alloc(Math.min(wanted, limit + 1 - total))
      const { bytesRead: read } = await handle.read(chunk, 0, chunk.length, total)
      if (read === 0) break
      chunks.push(chunk.subarray(0, read))
      total += read
      if (total > limit) throw tooLarge(total)
    }
    const bytes = Buffer.concat(chunks, total)
    return isZip ? { kind: 'bundle', bytes } : { kind: 'config', text: decodeText(bytes, file) }
  } finally {
    await handle.close()
  }
}

function decodeText(bytes: Buffer, file: string): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes)
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes)
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    throw new Error(`cannot import ${file}: it is not text (neither UTF-8 nor UTF-16 with a byte order mark)`)
  }
}

function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'ENOENT') return 'no such file'
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied'
  if (code === 'EISDIR') return 'it is a folder'
  return (error as Error).message
}
