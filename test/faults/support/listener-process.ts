// Starts listener-child.ts under tsx and hands back its URL; `alive()` says whether it still runs, `stop()`
// ends it. Whatever the test does, the child does not outlive it.
import { spawn, type ChildProcess } from 'node:child_process'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'

const CHILD = fileURLToPath(new URL('./listener-child.ts', import.meta.url))
/** Generous: tsx takes a few seconds to start on a loaded machine. */
const START_DEADLINE_MS = 30_000

export interface ListenerProcess {
  url: URL
  /** Everything the child wrote to stderr: its log, and the stack if it died. */
  stderr(): string
  alive(): boolean
  stop(): Promise<void>
}

export function startListenerProcess(args: string[]): Promise<ListenerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, MCP_DESK_HOME: '' },
  })
  let stderr = ''
  child.stderr.setEncoding('utf8')
  child.stderr.on('data', (chunk: string) => (stderr += chunk))
  return new Promise((resolve, reject) => {
    const giveUp = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`the listener did not start in time: ${stderr}`))
    }, START_DEADLINE_MS)
    child.once('exit', (code, signal) => {
      clearTimeout(giveUp)
      reject(new Error(`the listener exited before it was ready (${code ?? signal}): ${stderr}`))
    })
    createInterface({ input: child.stdout }).on('line', (line) => {
      const match = /^READY (\S+)$/.exec(line)
      if (!match?.[1]) return
      clearTimeout(giveUp)
      resolve({
        url: new URL(match[1]),
        stderr: () => stderr,
        alive: () => child.exitCode === null && child.signalCode === null,
        stop: () => stopChild(child),
      })
    })
  })
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    child.once('exit', () => resolve())
    child.kill('SIGKILL')
  })
}
