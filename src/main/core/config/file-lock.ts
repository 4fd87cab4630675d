import { randomBytes } from 'node:crypto'
import { closeSync, linkSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs'
import { hostname } from 'node:os'
import { IpcFailure } from '../../../shared/ipc/ipc-error'

export interface FileLockOptions {
  /** How long to wait for another process's lock before giving up. */
  timeoutMs?: number
  /** A lock older than this is a crashed writer's, whoever it names: a live holder keeps it for milliseconds. */
  staleMs?: number
}

/** What a lock file holds: who took it, so a waiting process can tell a crashed holder from a live one. */
interface LockHolder {
  pid: number
  host: string
  token: string
}

const DEFAULT_TIMEOUT_MS = 15_000
const DEFAULT_STALE_MS = 5_000

/**
 * A cross-process lock held by a file created with O_EXCL (`<file>.lock`), for the few milliseconds of one
 * read-modify-write of a shared profile file. Synchronous on purpose: settings updates are synchronous, and
 * the lock is held only around synchronous file work, never across an await.
 *
 * A process that dies holding it cannot leave it stuck: a lock whose holder (same host) is no longer running,
 * or that is older than `staleMs`, is taken away by renaming it aside (only one waiter wins the rename) and
 * checking that what was moved is the stale lock that was judged, not a fresh one made meanwhile.
 * Re-entrant within one instance, so a change that already holds the lock can call code that takes it.
 */
export class FileLock {
  readonly path: string
  readonly #timeoutMs: number
  readonly #staleMs: number
  #depth = 0
  #token: string | undefined

  constructor(path: string, options: FileLockOptions = {}) {
    this.path = path
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
    this.#staleMs = options.staleMs ?? DEFAULT_STALE_MS
  }

  hold<T>(run: () => T): T {
    if (this.#depth === 0) this.#acquire()
    this.#depth += 1
    try {
      return run()
    } finally {
      this.#depth -= 1
      if (this.#depth === 0) this.#release()
    }
  }

  #acquire(): void {
    const deadline = Date.now() + this.#timeoutMs
    const token = randomBytes(9).toString('hex')
    const holder: LockHolder = { pid: process.pid, host: hostname(), token }
    for (let attempt = 0; ; attempt += 1) {
      if (this.#tryCreate(holder)) {
        this.#token = token
        return
      }
      if (this.#breakIfStale()) continue
      if (Date.now() > deadline) {
        const current = readHolder(this.path)
        throw new IpcFailure(
          'unavailable',
          `another MCP Desk process${current ? ` (pid ${current.pid})` : ''} kept ${this.path} for ` +
            `${Math.round(this.#timeoutMs / 1000)} s; try again. If no MCP Desk is running, delete that file.`,
        )
      }
      sleepSync(Math.min(2 ** attempt, 25) + Math.random() * 3)
    }
  }

  #tryCreate(holder: LockHolder): boolean {
    let fd: number
    try {
      fd = openSync(this.path, 'wx', 0o600)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
      throw new IpcFailure('unavailable', `cannot create ${this.path}: ${(error as Error).message}`)
    }
    try {
      writeSync(fd, JSON.stringify(holder))
    } finally {
      closeSync(fd)
    }
    return true
  }

  /** True when the lock was stale and is gone now (or vanished by itself): try again at once. */
  #breakIfStale(): boolean {
    let text: string
    let ageMs: number
    try {
      text = readFileSync(this.path, 'utf8')
      ageMs = Date.now() - statSync(this.path).mtimeMs
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true
      throw error
    }
    const holder = parseHolder(text)
    // An unreadable lock may be one being written right now: only its age can make it stale.
    const crashed = holder !== undefined && holder.host === hostname() && !isRunning(holder.pid)
    if (!crashed && ageMs < this.#staleMs) return false
    const aside = `${this.path}.stale-${process.pid}-${randomBytes(4).toString('hex')}`
    try {
      renameSync(this.path, aside)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true
      throw error
    }
    try {
      // Another waiter broke the stale lock first and a live process took a new one, which we just moved:
      // put it back (link fails if yet another lock exists; the writers' compare-before-rename covers that).
      if (readFileSync(aside, 'utf8') !== text) linkSync(aside, this.path)
    } catch {
      // Nothing to restore, or a newer lock is already in place.
    } finally {
      rmSync(aside, { force: true })
    }
    return true
  }

  #release(): void {
    const token = this.#token
    this.#token = undefined
    // Only our own lock is removed: if it was broken as stale meanwhile, the file is someone else's now.
    if (token !== undefined && readHolder(this.path)?.token === token) rmSync(this.path, { force: true })
  }
}

function readHolder(path: string): LockHolder | undefined {
  try {
    return parseHolder(readFileSync(path, 'utf8'))
  } catch {
    return undefined
  }
}

function parseHolder(text: string): LockHolder | undefined {
  try {
    const value = JSON.parse(text) as Partial<LockHolder>
    if (typeof value.pid === 'number' && typeof value.host === 'string' && typeof value.token === 'string') {
      return { pid: value.pid, host: value.host, token: value.token }
    }
  } catch {
    // Empty or torn: being written, or written by something else.
  }
  return undefined
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

const sleeper = new Int32Array(new SharedArrayBuffer(4))

/** Blocks this thread for `ms`: the lock is taken inside synchronous updates, which cannot await. */
export function sleepSync(ms: number): void {
  Atomics.wait(sleeper, 0, 0, ms)
}
