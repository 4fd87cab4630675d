import { closeSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs'

/** How long a lock whose owner cannot be identified (empty file: its writer died at once) is respected. */
const ANONYMOUS_LOCK_MS = 10_000
const RETRY_MS = 5
const sleeper = new Int32Array(new SharedArrayBuffer(4))

/**
 * Runs `work` holding `<lockPath>` (created exclusively, holding our pid), so processes sharing a profile
 * (the app, web mode, CLI commands) apply their read-modify-write one at a time. A lock left by a process
 * that no longer runs is taken over, so a crash never leaves the file locked. Short work only: other
 * processes wait for it synchronously, at most `waitMs`.
 */
export function withFileLock<T>(lockPath: string, work: () => T, waitMs = 5_000): T {
  const giveUpAt = Date.now() + waitMs
  for (;;) {
    if (tryLock(lockPath)) break
    if (isAbandoned(lockPath)) {
      // Moved, not deleted: if another process took it over first, our rename fails instead of
      // deleting their fresh lock.
      try {
        renameSync(lockPath, `${lockPath}.stale-${process.pid}`)
        rmSync(`${lockPath}.stale-${process.pid}`, { force: true })
      } catch {
        // Someone else cleared it; try again.
      }
      continue
    }
    if (Date.now() > giveUpAt) throw new Error(`${lockPath} is held by another process`)
    Atomics.wait(sleeper, 0, 0, RETRY_MS)
  }
  try {
    return work()
  } finally {
    rmSync(lockPath, { force: true })
  }
}

function tryLock(lockPath: string): boolean {
  let fd: number
  try {
    fd = openSync(lockPath, 'wx', 0o600)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw error
  }
  try {
    writeSync(fd, String(process.pid))
  } finally {
    closeSync(fd)
  }
  return true
}

function isAbandoned(lockPath: string): boolean {
  let owner: string
  let modifiedAt: number
  try {
    owner = readFileSync(lockPath, 'utf8').trim()
    modifiedAt = statSync(lockPath).mtimeMs
  } catch {
    return false // Released meanwhile: the next try takes it.
  }
  const pid = Number(owner)
  if (owner === '' || !Number.isSafeInteger(pid) || pid <= 0) {
    return Date.now() - modifiedAt > ANONYMOUS_LOCK_MS
  }
  try {
    process.kill(pid, 0)
    return false
  } catch (error) {
    // EPERM: the process exists but is someone else's.
    return (error as NodeJS.ErrnoException).code === 'ESRCH'
  }
}
