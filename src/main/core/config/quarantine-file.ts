import { existsSync, renameSync } from 'node:fs'

/** `2024-05-01T12-30-00-000Z`: an ISO time without ':' so the name is valid on Windows too. */
function fileTimestamp(now: Date): string {
  return now.toISOString().replace(/[:.]/g, '-')
}

/**
 * Moves a file that cannot be used out of the way, beside itself, as `<path>.invalid-<timestamp>`, so the
 * user's data is never deleted or overwritten: a second bad file in the same millisecond gets `-1`, `-2`, ...
 * Returns where the file went, or `undefined` when there was no file to move.
 */
export function quarantineFile(path: string, now: Date = new Date()): string | undefined {
  if (!existsSync(path)) return undefined
  const base = `${path}.invalid-${fileTimestamp(now)}`
  let target = base
  for (let attempt = 1; existsSync(target); attempt += 1) target = `${base}-${attempt}`
  try {
    renameSync(path, target)
  } catch (error) {
    // Gone between the check and the rename (another process moved it): nothing left to keep.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw new Error(`could not move ${path} aside to ${target}: ${(error as Error).message}`, {
      cause: error,
    })
  }
  return target
}
