import { createHash, randomBytes } from 'node:crypto'
import { readFileSync, statSync } from 'node:fs'
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

/** File layout: MAGIC, a uint32 header length, the JSON header (padded to 4 bytes), then the vectors. */
const MAGIC = Buffer.from('MCPDVEC1')
/** A cache file larger than this is not read (and is replaced on the next write). */
const MAX_FILE_BYTES = 512 * 1024 * 1024
const DEFAULT_MAX_ENTRIES = 50_000
const DAY_MS = 86_400_000

interface Header {
  source: string
  dimensions: number
  keys: string[]
  /** Per key: the day (since the epoch) it was last used, so the least recently used are dropped first. */
  used: number[]
}

export interface VectorCacheOptions {
  maxEntries?: number
  log?: (line: string) => void
  now?: () => number
}

/**
 * Tool vectors of one embedding source on disk (profile/cache/tool-vectors/<source hash>.bin), keyed by
 * vectorKey (definition text + model): a restart with unchanged tools reads them instead of embedding
 * again. The profile is shared by the app, web mode and every CLI command, so a write first reads what is
 * on disk and merges it (another process's vectors are kept), then replaces the file atomically. A file that
 * cannot be read is treated as empty: it is only a cache.
 */
export class VectorCache {
  readonly file: string
  readonly #source: string
  readonly #maxEntries: number
  readonly #log: (line: string) => void
  readonly #now: () => number
  /** Vectors computed here since the last flush, and keys used (their day is refreshed on flush). */
  #added = new Map<string, Float32Array>()
  #used = new Set<string>()
  /** The last-used day of each key as last read, so touching a key used today writes nothing. */
  #days = new Map<string, number>()
  /** Flushes run one after another (a timer's and the end of a batch's may overlap). */
  #flushing: Promise<void> = Promise.resolve()

  constructor(directory: string, sourceId: string, options: VectorCacheOptions = {}) {
    this.#source = sourceId
    this.file = join(directory, `${createHash('sha256').update(sourceId).digest('hex').slice(0, 24)}.bin`)
    this.#maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES
    this.#log = options.log ?? (() => {})
    this.#now = options.now ?? Date.now
  }

  /** Every cached vector of this source (empty when the file is missing, foreign or damaged). */
  load(): Map<string, Float32Array> {
    let data: Buffer | undefined
    try {
      data = statSync(this.file).size > MAX_FILE_BYTES ? undefined : readFileSync(this.file)
    } catch {
      data = undefined
    }
    const entries = this.#parse(data)
    return new Map([...entries].map(([key, entry]) => [key, entry.vector]))
  }

  /** A vector to keep; written by the next flush. */
  put(key: string, vector: Float32Array): void {
    this.#added.set(key, vector)
  }

  /** These vectors were used: they are the last to be dropped when the cache is full. */
  touch(keys: Iterable<string>): void {
    const today = this.#today()
    for (const key of keys) {
      const day = this.#days.get(key)
      if (day !== undefined && day < today) this.#used.add(key)
    }
  }

  get pending(): number {
    return this.#added.size
  }

  /**
   * Merges what this process computed into the file as it is on disk now. Asynchronous, so the main thread
   * is not held while the file is read and written; nothing is written when nothing changed.
   */
  flush(): Promise<void> {
    this.#flushing = this.#flushing.then(() => this.#flushNow())
    return this.#flushing
  }

  async #flushNow(): Promise<void> {
    if (this.#added.size === 0 && this.#used.size === 0) return
    const today = this.#today()
    const added = this.#added
    const used = this.#used
    this.#added = new Map()
    this.#used = new Set()
    const entries = this.#parse(await this.#readFile())
    for (const key of used) {
      const entry = entries.get(key)
      if (entry) entry.used = today
    }
    for (const [key, vector] of added) entries.set(key, { vector, used: today })
    const dimensions = entries.values().next().value?.vector.length ?? 0
    const kept = [...entries]
      .filter(([, entry]) => entry.vector.length === dimensions)
      .sort((a, b) => b[1].used - a[1].used)
      .slice(0, this.#maxEntries)
    this.#days = new Map(kept.map(([key, entry]) => [key, entry.used]))
    await this.#write(dimensions, kept)
  }

  #today(): number {
    return Math.floor(this.#now() / DAY_MS)
  }

  async #readFile(): Promise<Buffer | undefined> {
    try {
      if ((await stat(this.file)).size > MAX_FILE_BYTES) {
        this.#log(`tool search: ${this.file} is larger than 512 MiB; not read`)
        return undefined
      }
      return await readFile(this.file)
    } catch {
      return undefined
    }
  }

  #parse(data: Buffer | undefined): Map<string, { vector: Float32Array; used: number }> {
    const entries = new Map<string, { vector: Float32Array; used: number }>()
    if (data === undefined) return entries
    try {
      if (!data.subarray(0, MAGIC.length).equals(MAGIC)) throw new Error('not a vector cache')
      const headerLength = data.readUInt32LE(MAGIC.length)
      const headerStart = MAGIC.length + 4
      const header = JSON.parse(data.toString('utf8', headerStart, headerStart + headerLength)) as Header
      if (header.source !== this.#source) return entries
      const { dimensions, keys, used } = header
      if (!Number.isInteger(dimensions) || !Array.isArray(keys) || keys.length !== used.length)
        throw new Error('damaged header')
      const body = headerStart + padded(headerLength)
      if (data.length !== body + keys.length * dimensions * 4) throw new Error('damaged vectors')
      // One copy into an aligned buffer; each vector is a view of it.
      const all = new Float32Array(keys.length * dimensions)
      Buffer.from(all.buffer).set(data.subarray(body))
      keys.forEach((key, i) => {
        entries.set(key, {
          vector: all.subarray(i * dimensions, (i + 1) * dimensions),
          used: used[i] ?? 0,
        })
      })
    } catch (error) {
      this.#log(`tool search: ignoring the damaged vector cache ${this.file}: ${(error as Error).message}`)
      entries.clear()
    }
    this.#days = new Map([...entries].map(([key, entry]) => [key, entry.used]))
    return entries
  }

  async #write(
    dimensions: number,
    entries: ReadonlyArray<[string, { vector: Float32Array; used: number }]>,
  ): Promise<void> {
    const header: Header = {
      source: this.#source,
      dimensions,
      keys: entries.map(([key]) => key),
      used: entries.map(([, entry]) => entry.used),
    }
    const headerBytes = Buffer.from(JSON.stringify(header), 'utf8')
    const prefix = Buffer.alloc(MAGIC.length + 4 + padded(headerBytes.length))
    MAGIC.copy(prefix)
    prefix.writeUInt32LE(headerBytes.length, MAGIC.length)
    headerBytes.copy(prefix, MAGIC.length + 4)
    const body = new Float32Array(entries.length * dimensions)
    entries.forEach(([, entry], i) => body.set(entry.vector, i * dimensions))
    const temporary = `${this.file}.${randomBytes(6).toString('hex')}.tmp`
    try {
      await mkdir(join(this.file, '..'), { recursive: true })
      await writeFile(temporary, Buffer.concat([prefix, Buffer.from(body.buffer)]))
      await rename(temporary, this.file)
    } catch (error) {
      await rm(temporary, { force: true })
      this.#log(`tool search: could not write the vector cache ${this.file}: ${(error as Error).message}`)
    }
  }
}

function padded(length: number): number {
  return Math.ceil(length / 4) * 4
}
