/**
 * The checks on one zip entry's name and type. A name is turned into path segments that can only land
 * inside the folder the bundle is unpacked into: no absolute paths (POSIX, drive letters, UNC), no `..`,
 * no control characters. Anything but a regular file or a folder (a symlink above all, which could point
 * the next write or the server itself outside the folder) is refused.
 */

const S_IFMT = 0o170000
const S_IFREG = 0o100000
const S_IFDIR = 0o040000
const S_IFLNK = 0o120000
/** The MS-DOS "directory" bit of the low byte of the external attributes. */
const DOS_DIRECTORY = 0x10

export type EntryKind = 'file' | 'directory'

export interface EntryType {
  kind: EntryKind
  /** Unix permission bits, when the zip recorded them (a binary server needs its executable bit). */
  mode?: number
}

/** `a/./b/` → `['a', 'b']`; throws a sentence naming the entry when the name is not allowed. */
export function entrySegments(name: string): string[] {
  if (name.length === 0) throw new Error('an entry has an empty name')
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) {
    throw new Error(`the entry name ${JSON.stringify(name)} contains control characters`)
  }
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) {
    throw new Error(`"${name}" is an absolute path; bundle entries must be relative`)
  }
  const segments = name.split('/').filter((segment) => segment !== '' && segment !== '.')
  if (segments.includes('..'))
    throw new Error(`"${name}" points outside the bundle folder (it contains "..")`)
  return segments
}

/** Reads the Unix file type from the upper half of the external attributes, and the DOS directory bit. */
export function entryType(name: string, externalAttributes: number): EntryType {
  const unixMode = (externalAttributes >>> 16) & 0xffff
  const type = unixMode & S_IFMT
  if (type === S_IFLNK) throw new Error(`"${name}" is a symbolic link; bundles may not contain links`)
  if (type !== 0 && type !== S_IFREG && type !== S_IFDIR) {
    throw new Error(`"${name}" is a special file (not a regular file or a folder)`)
  }
  const isDirectory = name.endsWith('/') || type === S_IFDIR || (externalAttributes & DOS_DIRECTORY) !== 0
  if (isDirectory) return { kind: 'directory' }
  const permissions = unixMode & 0o777
  return permissions === 0 ? { kind: 'file' } : { kind: 'file', mode: permissions }
}

/**
 * A key under which two names that would be the same file on a case-insensitive or normalising file system
 * (macOS, Windows) collide, so a bundle cannot show one `manifest.json` to the check and write another.
 */
export function collisionKey(segments: readonly string[]): string {
  return segments.join('/').normalize('NFC').toLowerCase()
}
