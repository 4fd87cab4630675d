import {
  appendFileSync,
  chmodSync,
  closeSync,
  fstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
} from 'node:fs'
import path from 'node:path'
import { auditEntrySchema, type AuditEntry } from '../../../shared/sampling/sampling-card'

export interface SamplingUsage {
  requests: number
  inputTokens: number
  outputTokens: number
}

export interface SamplingAuditLogOptions {
  now?: () => Date
  /** Told about lines that could not be read (once per file) and listeners that threw. */
  onWarning?: (message: string) => void
}

export type AuditListener = (entry: AuditEntry) => void

const FILE_PATTERN = /^sampling-(\d{4}-\d{2}-\d{2})\.jsonl$/

/**
 * The record of every sampling request: one JSON object per line, one file per local day
 * (`sampling-YYYY-MM-DD.jsonl`), in a directory only the user can read (0700, files 0600).
 *
 * Only the fields of AuditEntry are written: the entry is parsed with its schema first, which also drops
 * any extra property, so message content or completion text handed in by mistake never reaches the disk.
 *
 * Each entry goes to the file of the day it is appended (the local date of `now()`), which keeps every file
 * in append order; a request that runs past midnight counts towards the day it ended.
 *
 * Appends use appendFileSync: the file is opened O_APPEND and the whole line is handed to one write, so
 * appends from this process never interleave or tear. That is enough for the one process that owns a home
 * (the app, or the CLI); two processes writing the same home at once are not supported. A line torn by a
 * crash is skipped on reading (reported once via onWarning), and the next append starts on a new line so
 * the torn tail cannot swallow it.
 */
export class SamplingAuditLog {
  readonly #dir: string
  readonly #now: () => Date
  readonly #onWarning: ((message: string) => void) | undefined
  readonly #listeners = new Set<AuditListener>()
  /** Files whose unreadable lines were already reported. */
  readonly #warnedFiles = new Set<string>()
  /** Files this instance has made sure end with a newline before its first append. */
  readonly #checkedTails = new Set<string>()
  /** Today's usage per server, built from the file once and then kept up to date by append. */
  #usage: { date: string; byServer: Map<string, SamplingUsage> } | undefined

  constructor(dir: string, options: SamplingAuditLogOptions = {}) {
    if (dir.trim().length === 0) throw new Error('the sampling audit log needs a directory')
    this.#dir = dir
    this.#now = options.now ?? (() => new Date())
    this.#onWarning = options.onWarning
  }

  get dir(): string {
    return this.#dir
  }

  /** Records one request. Throws (with the field named) for an invalid entry, or when the disk refuses. */
  append(entry: AuditEntry): void {
    const parsed = auditEntrySchema.safeParse(entry)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      const field = issue?.path.join('.') || 'entry'
      throw new Error(`invalid sampling audit entry: ${field}: ${issue?.message ?? 'invalid'}`)
    }
    const date = localDate(this.#now())
    const file = this.#fileFor(date)
    this.#ensureDir()
    const prefix = this.#needsLeadingNewline(file) ? '\n' : ''
    appendFileSync(file, `${prefix}${JSON.stringify(parsed.data)}\n`, { encoding: 'utf8', mode: 0o600 })
    if (this.#usage?.date === date) addUsage(this.#usage.byServer, parsed.data)
    for (const listener of this.#listeners) {
      try {
        listener(parsed.data)
      } catch (error) {
        this.#onWarning?.(`a sampling audit listener failed: ${(error as Error).message}`)
      }
    }
  }

  /** The newest `limit` entries, newest first, across day files. */
  recent(limit: number): AuditEntry[] {
    const wanted = Number.isFinite(limit) ? Math.floor(limit) : 0
    if (wanted <= 0) return []
    const result: AuditEntry[] = []
    for (const date of this.#dates().reverse()) {
      const entries = this.#read(date)
      for (let i = entries.length - 1; i >= 0 && result.length < wanted; i--) result.push(entries[i]!)
      if (result.length >= wanted) break
    }
    return result
  }

  /** What this server used today (local date): every recorded request, and the tokens of those that ran. */
  usageToday(serverId: string): SamplingUsage {
    const date = localDate(this.#now())
    if (this.#usage?.date !== date) {
      const byServer = new Map<string, SamplingUsage>()
      for (const entry of this.#read(date)) addUsage(byServer, entry)
      this.#usage = { date, byServer }
    }
    return { ...(this.#usage.byServer.get(serverId) ?? { requests: 0, inputTokens: 0, outputTokens: 0 }) }
  }

  /** Called after each append with the entry as written. */
  subscribe(listener: AuditListener): () => void {
    this.#listeners.add(listener)
    return () => {
      this.#listeners.delete(listener)
    }
  }

  #fileFor(date: string): string {
    return path.join(this.#dir, `sampling-${date}.jsonl`)
  }

  #ensureDir(): void {
    mkdirSync(this.#dir, { recursive: true, mode: 0o700 })
    // mkdir leaves an existing directory's mode alone; the log says which servers ran which models when.
    if (process.platform !== 'win32') chmodSync(this.#dir, 0o700)
  }

  #needsLeadingNewline(file: string): boolean {
    if (this.#checkedTails.has(file)) return false
    this.#checkedTails.add(file)
    let fd: number
    try {
      fd = openSync(file, 'r')
    } catch {
      return false
    }
    try {
      const size = fstatSync(fd).size
      if (size === 0) return false
      const last = Buffer.alloc(1)
      readSync(fd, last, 0, 1, size - 1)
      return last[0] !== 0x0a
    } finally {
      closeSync(fd)
    }
  }

  /** The days with a log file, oldest first. */
  #dates(): string[] {
    let names: string[]
    try {
      names = readdirSync(this.#dir)
    } catch {
      return []
    }
    return names
      .map((name) => FILE_PATTERN.exec(name)?.[1])
      .filter((date): date is string => date !== undefined)
      .sort()
  }

  /** One day's entries in file order; unreadable lines are skipped and reported once per file. */
  #read(date: string): AuditEntry[] {
    const file = this.#fileFor(date)
    let text: string
    try {
      text = readFileSync(file, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        this.#warnOnce(file, `sampling audit log ${file} could not be read: ${(error as Error).message}`)
      }
      return []
    }
    const entries: AuditEntry[] = []
    const skipped: number[] = []
    text.split('\n').forEach((line, index) => {
      if (line.trim().length === 0) return
      const entry = parseLine(line)
      if (entry === undefined) skipped.push(index + 1)
      else entries.push(entry)
    })
    if (skipped.length > 0) {
      const lines =
        skipped.length === 1 ? `line ${skipped[0]}` : `${skipped.length} lines (first: line ${skipped[0]})`
      this.#warnOnce(file, `sampling audit log ${file}: skipped ${lines} that are not valid entries`)
    }
    return entries
  }

  #warnOnce(file: string, message: string): void {
    if (this.#warnedFiles.has(file)) return
    this.#warnedFiles.add(file)
    this.#onWarning?.(message)
  }
}

function parseLine(line: string): AuditEntry | undefined {
  let value: unknown
  try {
    value = JSON.parse(line)
  } catch {
    return undefined
  }
  const parsed = auditEntrySchema.safeParse(value)
  return parsed.success ? parsed.data : undefined
}

function addUsage(byServer: Map<string, SamplingUsage>, entry: AuditEntry): void {
  const usage = byServer.get(entry.serverId) ?? { requests: 0, inputTokens: 0, outputTokens: 0 }
  usage.requests += entry.count ?? 1
  usage.inputTokens += entry.inputTokens ?? 0
  usage.outputTokens += entry.outputTokens ?? 0
  byServer.set(entry.serverId, usage)
}

/** `YYYY-MM-DD` in the machine's time zone: "today" is the user's day, not UTC's. */
export function localDate(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0')
  const day = String(date.getDate()).padStart(2, '0')
  return `${date.getFullYear()}-${month}-${day}`
}
