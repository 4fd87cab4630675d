import { createWriteStream, mkdirSync } from 'node:fs'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { fromBufferPromise, getFileNameLowLevel, type Entry, type ZipFile } from 'yauzl'
import { formatBytes, type BundleLimits } from './bundle-limits'
import { collisionKey, entrySegments, entryType, type EntryKind } from './entry-path'
import { messageOf } from '../../../../../shared/format/error-message'

/**
 * The zip side of a bundle, read with yauzl from memory: every entry is checked (name, type, encryption,
 * compression method, sizes, expansion ratio, totals) before any byte is inflated, and yauzl checks while
 * inflating that each entry unpacks to exactly the size it declared, so the checked totals hold even for a
 * zip that lies in its headers.
 */

export interface BundleEntry {
  /** Forward-slash relative path, `.` segments and trailing slash removed. */
  path: string
  kind: EntryKind
  /** Unpacked size (0 for folders). */
  size: number
  mode?: number
  raw: Entry
}

export interface BundleArchive {
  entries: readonly BundleEntry[]
  /** Bytes of all files, unpacked. */
  unpackedBytes: number
  /** Whether an MCPB signature block followed the zip (it is cut off before reading; never verified). */
  signed: boolean
  /** A file entry by relative path (`./`, doubled slashes allowed); throws for `..` or an absolute path. */
  file(relativePath: string): BundleEntry | undefined
  read(entry: BundleEntry): Promise<Buffer>
  /** Writes every entry under `dir`, which must exist and be empty. */
  extractTo(dir: string): Promise<void>
  close(): void
}

const SIGNATURE_HEADER = Buffer.from('MCPB_SIG_V1', 'utf8')
const SIGNATURE_FOOTER = Buffer.from('MCPB_SIG_END', 'utf8')

/**
 * `mcpb sign` appends `MCPB_SIG_V1 <u32 length> <PKCS#7> MCPB_SIG_END` after the zip. The block is cut off
 * only when its length field accounts for every byte up to the footer, so arbitrary trailing data is not
 * mistaken for one.
 */
export function stripSignature(bytes: Buffer): { zip: Buffer; signed: boolean } {
  const footerAt = bytes.length - SIGNATURE_FOOTER.length
  if (footerAt < 0 || !bytes.subarray(footerAt).equals(SIGNATURE_FOOTER)) return { zip: bytes, signed: false }
  let headerAt = bytes.lastIndexOf(SIGNATURE_HEADER, footerAt - 1)
  while (headerAt >= 0) {
    const lengthAt = headerAt + SIGNATURE_HEADER.length
    if (lengthAt + 4 <= footerAt && lengthAt + 4 + bytes.readUInt32LE(lengthAt) === footerAt) {
      return { zip: bytes.subarray(0, headerAt), signed: true }
    }
    headerAt = headerAt === 0 ? -1 : bytes.lastIndexOf(SIGNATURE_HEADER, headerAt - 1)
  }
  return { zip: bytes, signed: false }
}

function checkEntry(raw: Entry, limits: BundleLimits): BundleEntry | undefined {
  const name = getFileNameLowLevel(raw.generalPurposeBitFlag, raw.fileNameRaw, raw.extraFields, false)
  const segments = entrySegments(name)
  const type = entryType(name, raw.externalFileAttributes)
  // `./` alone names the bundle folder itself.
  if (segments.length === 0) return undefined
  const entryPath = segments.join('/')
  if (type.kind === 'directory') return { path: entryPath, kind: 'directory', size: 0, raw }
  if (raw.isEncrypted()) throw new Error(`"${entryPath}" is encrypted`)
  if (raw.compressionMethod !== 0 && raw.compressionMethod !== 8) {
    throw new Error(
      `"${entryPath}" uses compression method ${raw.compressionMethod}; only stored and deflate are read`,
    )
  }
  const size = raw.uncompressedSize
  // No size is exempt: a bomb of many small files is as large as one big one.
  if (size > raw.compressedSize * limits.maxExpansionRatio) {
    throw new Error(
      `"${entryPath}" would unpack from ${formatBytes(raw.compressedSize)} to ${formatBytes(size)}, more than ` +
        `${limits.maxExpansionRatio} times its size: refused as a likely zip bomb`,
    )
  }
  return { path: entryPath, kind: 'file', size, ...(type.mode === undefined ? {} : { mode: type.mode }), raw }
}

/** Folders named by files' paths must not also be files (`a` and `a/b`), and no name may appear twice. */
function checkCollisions(entries: readonly BundleEntry[]): void {
  const seen = new Map<string, EntryKind>()
  const parents = new Set<string>()
  for (const entry of entries) {
    const segments = entry.path.split('/')
    const key = collisionKey(segments)
    const before = seen.get(key)
    if (before !== undefined && (before === 'file' || entry.kind === 'file')) {
      throw new Error(`"${entry.path}" appears more than once in the bundle`)
    }
    seen.set(key, entry.kind)
    for (let i = 1; i < segments.length; i += 1) parents.add(collisionKey(segments.slice(0, i)))
  }
  for (const [key, kind] of seen) {
    if (kind === 'file' && parents.has(key))
      throw new Error(`"${key}" is both a file and a folder in the bundle`)
  }
}

async function readEntries(
  zip: ZipFile,
  limits: BundleLimits,
): Promise<{ entries: BundleEntry[]; total: number }> {
  const entries: BundleEntry[] = []
  let total = 0
  let packed = 0
  for await (const raw of zip.eachEntry()) {
    const entry = checkEntry(raw, limits)
    if (entry === undefined) continue
    total += entry.size
    if (entry.kind === 'file') packed += raw.compressedSize
    if (total > limits.maxUnpackedBytes) {
      throw new Error(`it would unpack to more than ${formatBytes(limits.maxUnpackedBytes)}`)
    }
    entries.push(entry)
  }
  // Checked on the whole archive once every header is read, still before any byte is inflated.
  if (total > packed * limits.maxTotalExpansionRatio) {
    throw new Error(
      `its files would unpack from ${formatBytes(packed)} to ${formatBytes(total)}, more than ` +
        `${limits.maxTotalExpansionRatio} times their size: refused as a likely zip bomb`,
    )
  }
  checkCollisions(entries)
  return { entries, total }
}

async function readAll(stream: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = []
  let length = 0
  for await (const chunk of stream) {
    const buffer = chunk as Buffer
    length += buffer.length
    if (length > limit) {
      stream.destroy()
      throw new Error(`more than ${formatBytes(limit)}`)
    }
    chunks.push(buffer)
  }
  return Buffer.concat(chunks, length)
}

/**
 * Opens and checks a bundle. Throws an Error whose message says what is wrong with the bundle (the caller
 * words it for the user); nothing is written.
 */
export async function openBundle(bytes: Uint8Array, limits: BundleLimits): Promise<BundleArchive> {
  if (bytes.length > limits.maxBundleBytes) {
    throw new Error(
      `the file is ${formatBytes(bytes.length)}; bundles are limited to ${formatBytes(limits.maxBundleBytes)}`,
    )
  }
  const { zip: zipBytes, signed } = stripSignature(
    Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
  )
  let zip: ZipFile
  try {
    // Names are decoded and checked here, with messages that say which rule an entry broke.
    zip = await fromBufferPromise(zipBytes, {
      decodeStrings: false,
      validateEntrySizes: true,
      autoClose: false,
    })
  } catch (error) {
    throw new Error(`it is not a zip file (${messageOf(error)})`, { cause: error })
  }
  try {
    if (zip.entryCount > limits.maxEntries) {
      throw new Error(`it holds ${zip.entryCount} entries; bundles are limited to ${limits.maxEntries}`)
    }
    const { entries, total } = await readEntries(zip, limits)
    const byPath = new Map(entries.map((entry) => [entry.path, entry]))
    return {
      entries,
      unpackedBytes: total,
      signed,
      file: (relativePath) => {
        const found = byPath.get(entrySegments(relativePath.replace(/\\/g, '/')).join('/'))
        return found?.kind === 'file' ? found : undefined
      },
      read: async (entry) => readAll(await zip.openReadStreamPromise(entry.raw), entry.size),
      extractTo: (dir) => extractAll(zip, entries, dir),
      close: () => zip.close(),
    }
  } catch (error) {
    zip.close()
    throw error
  }
}

async function extractAll(zip: ZipFile, entries: readonly BundleEntry[], dir: string): Promise<void> {
  const root = path.resolve(dir)
  for (const entry of entries) {
    const target = path.resolve(root, ...entry.path.split('/'))
    // The names were checked already; this guards the join itself.
    if (!target.startsWith(root + path.sep))
      throw new Error(`"${entry.path}" resolves outside the bundle folder`)
    if (entry.kind === 'directory') {
      mkdirSync(target, { recursive: true })
      continue
    }
    mkdirSync(path.dirname(target), { recursive: true })
    // Owner read/write always, so the install can be replaced and removed later; `wx` never overwrites.
    const mode = entry.mode === undefined ? 0o644 : entry.mode | 0o600
    try {
      await pipeline(
        await zip.openReadStreamPromise(entry.raw),
        createWriteStream(target, { flags: 'wx', mode }),
      )
    } catch (error) {
      throw new Error(`"${entry.path}" could not be unpacked (${messageOf(error)})`, { cause: error })
    }
  }
}
