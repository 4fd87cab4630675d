// Runs a writer loop (a TypeScript file under tsx) that prints a number after each durable write, and kills
// it with SIGKILL once it has reported enough writes: a crash in the middle of whatever write comes next.
import { spawn } from 'node:child_process'
import { statSync } from 'node:fs'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'

export interface KilledWriter {
  /** The last number the writer printed: that write had returned before the kill. */
  lastReported: number
  reported: number
  signal: NodeJS.Signals | null
}

export function supportScript(name: string): string {
  return fileURLToPath(new URL(`./${name}`, import.meta.url))
}

/** Generous: a writer under tsx takes a few seconds to start on a loaded machine. */
const WRITER_DEADLINE_MS = 30_000

/** Tells whether the writer is inside a write right now; called in a tight loop. */
export type WriteInProgress = () => boolean

/** The file's size has moved off what it was when this was made: the kernel grows it during a long write. */
export function fileGrowing(file: string): () => WriteInProgress {
  const sizeOf = (): number => statSync(file, { throwIfNoEntry: false })?.size ?? 0
  return () => {
    const before = sizeOf()
    return () => sizeOf() !== before
  }
}

/** Busy-waits, for at most a second, until the writer is inside a write. */
function awaitWriteInProgress(inWrite: WriteInProgress): void {
  const deadline = Date.now() + 1000
  while (!inWrite() && Date.now() < deadline) {
    // Polling on purpose: the kill has to land within microseconds of the write starting.
  }
}

export interface KillOptions {
  /** How many reported writes to wait for. */
  writes: number
  /** Made when they are in: tells when the next write is under way, so the kill can land inside it. */
  watch?: () => WriteInProgress
  /** Variables added to the writer's environment. */
  env?: Record<string, string>
}

/** Starts the writer and SIGKILLs it after it has reported enough writes (and, with `watch`, mid-write). */
export function killAfterWrites(script: string, args: string[], options: KillOptions): Promise<KilledWriter> {
  const { writes, watch } = options
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...options.env },
  })
  let stderr = ''
  child.stderr.setEncoding('utf8')
  child.stderr.on('data', (chunk: string) => (stderr += chunk))
  let reported = 0
  let lastReported = Number.NaN
  let failure: Error | undefined
  // Whatever goes wrong here, the writer must not outlive the test.
  const giveUp = setTimeout(() => {
    failure = new Error(`the writer reported ${reported} of ${writes} writes in time`)
    child.kill('SIGKILL')
  }, WRITER_DEADLINE_MS)
  createInterface({ input: child.stdout }).on('line', (line) => {
    reported += 1
    lastReported = Number(line)
    if (reported !== writes) return
    try {
      if (watch !== undefined) awaitWriteInProgress(watch())
    } catch (error) {
      failure = error instanceof Error ? error : new Error(String(error))
    } finally {
      child.kill('SIGKILL')
    }
  })
  return new Promise((resolve, reject) => {
    child.on('error', reject)
    // 'close', not 'exit': every line the writer got out before it died has been read by then.
    child.on('close', (code, signal) => {
      clearTimeout(giveUp)
      if (failure !== undefined) {
        reject(failure)
        return
      }
      if (signal !== 'SIGKILL') {
        reject(new Error(`the writer ended by itself (code ${code}) after ${reported} writes: ${stderr}`))
        return
      }
      resolve({ lastReported, reported, signal })
    })
  })
}
