import { randomBytes } from 'node:crypto'
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  watch,
  writeSync,
  type FSWatcher,
} from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { IpcFailure } from '../../../shared/ipc/ipc-error'
import { FileLock, type FileLockOptions } from './file-lock'

export interface SharedFileOptions extends FileLockOptions {
  /** The file's mode when this creates it (profile files hold secrets or their references: 0600). */
  mode?: number
}

/** How many times an update starts over when the file changed under it (a writer that took no lock). */
const MAX_ATTEMPTS = 5
/** Quiet time after the last change event before listeners hear of it: editors save in several steps. */
export const WATCH_DEBOUNCE_MS = 150

/**
 * A profile file that several processes change (the desktop app, web mode, CLI commands, the user's editor).
 * Every change is a read-modify-write of what is on disk now, under a lock file, written to a temp file,
 * fsynced and renamed over the original, so readers see the old file or the new one, never half of one.
 * Just before the rename the file is read again and compared with what the change was computed from: a
 * writer that took no lock (an editor) makes the change start over on its content instead of being erased.
 */
export class SharedFile {
  readonly path: string
  readonly #lock: FileLock
  readonly #mode: number

  constructor(path: string, options: SharedFileOptions = {}) {
    this.path = path
    this.#lock = new FileLock(`${path}.lock`, options)
    this.#mode = options.mode ?? 0o600
  }

  /** The file's text, or undefined when it does not exist. */
  readText(): string | undefined {
    try {
      return readFileSync(this.path, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
      throw new IpcFailure('unavailable', `cannot read ${this.path}: ${(error as Error).message}`)
    }
  }

  /** Runs `use` while no other process can change the file (the lock is re-entrant within this instance). */
  locked<T>(use: () => T): T {
    mkdirSync(dirname(this.path), { recursive: true, mode: 0o700 })
    return this.#lock.hold(use)
  }

  /**
   * Replaces the file with what `change` makes of its current text; nothing is written when it returns
   * undefined or the same text. `change` may run more than once (after a concurrent write), so it must
   * only compute from its argument.
   */
  update(change: (current: string | undefined) => string | undefined): void {
    this.locked(() => {
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
        const current = this.readText()
        const next = change(current)
        if (next === undefined || next === current) return
        if (this.#replace(next, current)) return
      }
      throw new IpcFailure(
        'unavailable',
        `${this.path} kept changing while MCP Desk tried to write it; nothing was written, try again`,
      )
    })
  }

  /**
   * Calls `onChange` once the file may have changed on disk (created, replaced, edited, removed), debounced.
   * The folder is watched, not the file: writers replace the file by rename, which a file watch loses.
   */
  watch(onChange: () => void, debounceMs = WATCH_DEBOUNCE_MS): () => void {
    let timer: NodeJS.Timeout | undefined
    const notify = (): void => {
      try {
        onChange()
      } catch {
        // A timer callback that throws would end the process; the next change or write meets it again.
      }
    }
    // A symlinked file changes where it really lives: that folder is followed too.
    const followed = new Map<string, Set<string>>()
    for (const path of [this.path, resolvedTarget(this.path)]) {
      followed.set(dirname(path), (followed.get(dirname(path)) ?? new Set()).add(basename(path)))
    }
    const watchers: FSWatcher[] = []
    for (const [dir, names] of followed) {
      try {
        const watcher = watch(dir, { persistent: false }, (_event, file) => {
          if (file !== null && !names.has(file)) return
          clearTimeout(timer)
          timer = setTimeout(notify, debounceMs)
          timer.unref()
        })
        // The folder went away or the watch broke: there is nothing left to follow, and nothing to crash for.
        watcher.on('error', () => watcher.close())
        watchers.push(watcher)
      } catch {
        // No watch possible here (the folder is missing): outside changes are then seen at the next update.
      }
    }
    return () => {
      clearTimeout(timer)
      for (const watcher of watchers) watcher.close()
    }
  }

  /** False when the file is no longer `expected` (someone wrote it meanwhile): the caller starts over. */
  #replace(text: string, expected: string | undefined): boolean {
    // A settings.json kept in a dotfiles repository is often a symlink: the file it points to is replaced,
    // so the link stays a link.
    const target = resolvedTarget(this.path)
    const dir = dirname(target)
    const temp = join(dir, `.${basename(target)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`)
    try {
      const fd = openSync(temp, 'wx', this.#mode)
      try {
        writeSync(fd, text)
        fsyncSync(fd)
      } finally {
        closeSync(fd)
      }
      if (this.readText() !== expected) {
        rmSync(temp, { force: true })
        return false
      }
      renameSync(temp, target)
    } catch (error) {
      rmSync(temp, { force: true })
      if (error instanceof IpcFailure) throw error
      throw new IpcFailure('unavailable', `cannot write ${this.path}: ${(error as Error).message}`)
    }
    syncFolder(dir)
    return true
  }
}

function resolvedTarget(path: string): string {
  try {
    return realpathSync(path)
  } catch {
    return path
  }
}

/** Makes the rename itself durable; not every platform can open a folder for this, which is fine. */
function syncFolder(dir: string): void {
  let fd: number | undefined
  try {
    fd = openSync(dir, 'r')
    fsyncSync(fd)
  } catch {
    // Windows cannot fsync a directory; its rename is durable enough for a settings file.
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}
