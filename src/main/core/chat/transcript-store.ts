import {
  chmodSync,
  closeSync,
  existsSync,
  fstatSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs'
import path from 'node:path'
import { describeZodIssues, IpcFailure } from '../../../shared/ipc/ipc-error'
import {
  conversationIdSchema,
  TRANSCRIPT_RECORD_VERSION,
  transcriptRecordSchema,
  type TranscriptRecord,
  type TranscriptRecordInput,
} from '../../../shared/chat/transcript-schema'

export interface TranscriptStoreOptions {
  now?: () => Date
  /** Told about every line a load had to skip (also returned by `load`). */
  onWarning?: (message: string) => void
}

export interface LoadedTranscript {
  records: TranscriptRecord[]
  /** One message per skipped line, naming the line number and why. */
  warnings: string[]
}

export interface TranscriptFileStat {
  size: number
  mtimeMs: number
}

const FILE_PATTERN = /^([0-7][0-9A-HJKMNP-TV-Z]{25})\.jsonl$/

/**
 * One JSON Lines file per conversation, `<dir>/<id>.jsonl` (files 0600 in a 0700 directory: transcripts
 * hold what the user asked and what their tools returned).
 *
 * Every append opens the file O_APPEND, writes the whole line in one write, fsyncs and closes. No file
 * descriptor is kept per conversation: appends are a few per turn, and a long-lived fd would have to be
 * closed on delete and leaks if a caller forgets a conversation. After fsync a record survives a crash or
 * power loss. If a crash tore the previous last line, the next append starts with a newline so the torn
 * tail cannot swallow the new record. One process owns a home at a time; concurrent writers are not
 * supported.
 *
 * Loading is tolerant: an incomplete last line (a crash mid-write) and any invalid line in the middle are
 * skipped with a warning naming the line; a load never fails because of one bad line. Records are data:
 * loading never contacts a server or runs a tool.
 */
export class TranscriptStore {
  readonly #dir: string
  readonly #now: () => Date
  readonly #onWarning: ((message: string) => void) | undefined

  constructor(dir: string, options: TranscriptStoreOptions = {}) {
    if (dir.trim().length === 0) throw new Error('the transcript store needs a directory')
    this.#dir = dir
    this.#now = options.now ?? (() => new Date())
    this.#onWarning = options.onWarning
  }

  get dir(): string {
    return this.#dir
  }

  /** Where a conversation's transcript lives; throws for an id that is not a ULID (never a path). */
  fileFor(id: string): string {
    const parsed = conversationIdSchema.safeParse(id)
    if (!parsed.success) {
      throw new IpcFailure('validation_failed', `invalid conversation id ${JSON.stringify(id)}`)
    }
    return path.join(this.#dir, `${parsed.data}.jsonl`)
  }

  /** Appends one record durably (fsync'd before returning) and returns it as written. */
  append(id: string, input: TranscriptRecordInput): TranscriptRecord {
    const file = this.fileFor(id)
    const parsed = transcriptRecordSchema.safeParse({
      ...input,
      v: TRANSCRIPT_RECORD_VERSION,
      at: this.#now().toISOString(),
    })
    if (!parsed.success) {
      throw new IpcFailure(
        'validation_failed',
        `invalid transcript record: ${describeZodIssues(parsed.error)}`,
      )
    }
    this.#ensureDir()
    const created = !existsSync(file)
    // 'a+': appends always go to the end, and the last byte can still be read to detect a torn tail.
    const fd = openSync(file, 'a+', 0o600)
    try {
      const prefix = endsWithoutNewline(fd) ? '\n' : ''
      writeSync(fd, `${prefix}${JSON.stringify(parsed.data)}\n`)
      fsyncSync(fd)
    } finally {
      closeSync(fd)
    }
    // A new file's directory entry must be durable too, or the whole conversation could vanish on power loss.
    if (created) this.#syncDir()
    return parsed.data
  }

  /** Every readable record in file order. A missing transcript is `not_found`; bad lines are skipped. */
  load(id: string): LoadedTranscript {
    const file = this.fileFor(id)
    let text: string
    try {
      text = readFileSync(file, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        throw new IpcFailure('not_found', `no conversation ${id}`)
      }
      throw new IpcFailure('unavailable', `transcript ${file} could not be read: ${(error as Error).message}`)
    }
    const lines = text.split('\n')
    // Text after the final newline is a line whose write never finished (or, rarely, finished unterminated).
    const tail = lines.pop() ?? ''
    const records: TranscriptRecord[] = []
    const warnings: string[] = []
    lines.forEach((line, index) => {
      if (line.trim().length === 0) return
      const result = parseRecord(line)
      if (result.ok) records.push(result.record)
      else warnings.push(`transcript ${id}: skipped line ${index + 1}: ${result.reason}`)
    })
    if (tail.trim().length > 0) {
      const result = parseRecord(tail)
      if (result.ok) records.push(result.record)
      else {
        warnings.push(
          `transcript ${id}: skipped incomplete last line ${lines.length + 1} (interrupted write): ${result.reason}`,
        )
      }
    }
    for (const warning of warnings) this.#onWarning?.(warning)
    return { records, warnings }
  }

  exists(id: string): boolean {
    return existsSync(this.fileFor(id))
  }

  /** Size and modification time, so callers can cache what they derive from a transcript. */
  stat(id: string): TranscriptFileStat | undefined {
    try {
      const stats = statSync(this.fileFor(id))
      return { size: stats.size, mtimeMs: stats.mtimeMs }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
      throw error
    }
  }

  /** Deletes the transcript file; false when there was none. */
  remove(id: string): boolean {
    const file = this.fileFor(id)
    if (!existsSync(file)) return false
    rmSync(file)
    return true
  }

  /** The ids of every transcript in the directory (files with other names are ignored). */
  ids(): string[] {
    let names: string[]
    try {
      names = readdirSync(this.#dir)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
      throw error
    }
    return names.map((name) => FILE_PATTERN.exec(name)?.[1]).filter((id): id is string => id !== undefined)
  }

  #ensureDir(): void {
    mkdirSync(this.#dir, { recursive: true, mode: 0o700 })
    // mkdir leaves an existing directory's mode alone; tighten it in case it was made by hand.
    if (process.platform !== 'win32') chmodSync(this.#dir, 0o700)
  }

  #syncDir(): void {
    // Windows cannot open a directory for fsync; NTFS journals the entry itself.
    if (process.platform === 'win32') return
    const fd = openSync(this.#dir, 'r')
    try {
      fsyncSync(fd)
    } finally {
      closeSync(fd)
    }
  }
}

function endsWithoutNewline(fd: number): boolean {
  const size = fstatSync(fd).size
  if (size === 0) return false
  const last = Buffer.alloc(1)
  readSync(fd, last, 0, 1, size - 1)
  return last[0] !== 0x0a
}

type ParseResult = { ok: true; record: TranscriptRecord } | { ok: false; reason: string }

function parseRecord(line: string): ParseResult {
  let value: unknown
  try {
    value = JSON.parse(line)
  } catch {
    return { ok: false, reason: 'not valid JSON' }
  }
  if (typeof value === 'object' && value !== null && 'v' in value) {
    const version = value.v
    if (typeof version === 'number' && version > TRANSCRIPT_RECORD_VERSION) {
      return { ok: false, reason: `written by a newer MCP Desk (record version ${version})` }
    }
  }
  const parsed = transcriptRecordSchema.safeParse(value)
  return parsed.success
    ? { ok: true, record: parsed.data }
    : { ok: false, reason: describeZodIssues(parsed.error) }
}
