// MCP Desk's own stdio client transport. The SDK's StdioClientTransport drops the exit code and signal,
// cannot be asked for stderr after the fact and kills only the direct child; this one keeps all three, so
// a failed server can say why, and shutdown reaps the server's whole process tree.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import type { Writable } from 'node:stream'
import type { Transport, JSONRPCMessage } from '@modelcontextprotocol/client'
import { buildChildEnv } from './child-env'
import type { StdioExitInfo } from './exit-description'
import { invalidRequestAnswer, JsonLineReader } from './json-line-reader'
import { processGroupExists, signalProcessGroup, type StopSignal } from './process-group'
import { resolveCommand } from './resolve-command'
import { describeSpawnError } from './spawn-error'
import { TextTail } from './text-tail'
import { messageOf } from '../../../../shared/format/error-message'

export { describeExit, type StdioExitInfo } from './exit-description'
export { MalformedMessageError, MessageTooLargeError } from './json-line-reader'

/**
 * The server closed its stdout but went on running. It can never answer again, so the connection is over;
 * reported through onerror, like a message over the size limit, so the connection can say why it failed.
 */
export class OutputClosedError extends Error {
  constructor() {
    super('the server closed its standard output but kept running')
    this.name = 'OutputClosedError'
  }
}

export const STDERR_TAIL_CHARS = 4096
export const DEFAULT_SHUTDOWN_GRACE_MS = 2000
/** How often shutdown looks whether a server's leftover children are gone (there is no event for it). */
const GROUP_POLL_MS = 25

export interface ObservingStdioTransportOptions {
  command: string
  args: string[]
  /** The server's configured variables, secrets already resolved. */
  env: Record<string, string>
  cwd?: string
  /** The largest single message (one stdout line) accepted from the server. */
  maxMessageBytes: number
  /** Where the allowed host variables come from; default process.env. */
  hostEnv?: NodeJS.ProcessEnv
  platform?: NodeJS.Platform
  /** Wait after ending stdin, and again after SIGTERM, before escalating. */
  shutdownGraceMs?: number
}

type Phase = 'idle' | 'starting' | 'open' | 'closed'

/** Writes that fail because the server already stopped reading are told by its exit, not as errors. */
function isClosedPipe(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code
  return code === 'EPIPE' || code === 'ERR_STREAM_DESTROYED' || code === 'ECONNRESET'
}

function waitForDrain(stdin: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    const settle = (error?: Error): void => {
      stdin.off('drain', onDrain)
      stdin.off('close', onClose)
      stdin.off('error', onError)
      if (error) reject(error)
      else resolve()
    }
    const onDrain = (): void => settle()
    const onClose = (): void => settle(new Error('the server stopped reading its input'))
    const onError = (error: Error): void => settle(error)
    stdin.on('drain', onDrain)
    stdin.on('close', onClose)
    stdin.on('error', onError)
  })
}

export class ObservingStdioTransport implements Transport {
  onclose?: Transport['onclose']
  onerror?: Transport['onerror']
  onmessage?: Transport['onmessage']
  /** Every stderr chunk as it arrives (the tail keeps only the last 4096 characters). */
  onstderr?: (chunk: string) => void
  /** The first write to stdout: until then the server is starting (a first `npx -y` is downloading it). */
  onfirstoutput?: () => void

  readonly #options: ObservingStdioTransportOptions
  readonly #platform: NodeJS.Platform
  readonly #graceMs: number
  readonly #stderr = new TextTail(STDERR_TAIL_CHARS)
  readonly #reader: JsonLineReader
  readonly #closed: Promise<void>
  #markClosed!: () => void
  #child: ChildProcessWithoutNullStreams | undefined
  #phase: Phase = 'idle'
  #closeRequested = false
  /** Whether our shutdown had to signal the group: only then (or on a clean exit) was the end our doing. */
  #signalled = false
  #exitInfo: StdioExitInfo | undefined
  #shutdown: Promise<void> | undefined
  #oncloseFired = false
  #spoke = false
  #orphanedPipeTimer: NodeJS.Timeout | undefined
  #closedOutputTimer: NodeJS.Timeout | undefined

  constructor(options: ObservingStdioTransportOptions) {
    if (!Number.isSafeInteger(options.maxMessageBytes) || options.maxMessageBytes <= 0) {
      throw new Error(
        `maxMessageBytes must be a positive whole number of bytes, got ${options.maxMessageBytes}`,
      )
    }
    this.#options = options
    this.#platform = options.platform ?? process.platform
    this.#graceMs = options.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS
    this.#closed = new Promise((resolve) => {
      this.#markClosed = resolve
    })
    this.#reader = new JsonLineReader(options.maxMessageBytes, {
      onMessage: (message) => this.#callBack(() => this.onmessage?.(message)),
      onMalformed: (error) => {
        this.onerror?.(error)
        // A request the schema refuses still has an id: answered, the server's call ends instead of hanging.
        const answer = invalidRequestAnswer(error)
        if (answer) this.send(answer).catch(() => {})
      },
      onTooLarge: (error) => {
        this.onerror?.(error)
        void this.close()
      },
    })
  }

  get pid(): number | undefined {
    return this.#child?.pid
  }

  // The SDK tells stdio by `pid` + `stderr`: a probe left unanswered, or ended with the process, then means a
  // 2025 server, not an outage. Our stderr is read here (stderrTail): there is no stream to hand out.
  get stderr(): null {
    return null
  }

  /** How the process ended; undefined while it runs or when it never started. */
  get exitInfo(): StdioExitInfo | undefined {
    return this.#exitInfo
  }

  /** Whether the server has written anything to stdout yet. */
  get spoke(): boolean {
    return this.#spoke
  }

  stderrTail(): string {
    return this.#stderr.toString()
  }

  async start(): Promise<void> {
    if (this.#phase !== 'idle') throw new Error('the stdio transport was already started')
    this.#phase = 'starting'
    const { command, args, cwd } = this.#options
    const env = buildChildEnv(this.#options.hostEnv ?? process.env, this.#options.env, this.#platform)
    const resolved = resolveCommand(command, args, { platform: this.#platform, env, ...(cwd ? { cwd } : {}) })
    let child: ChildProcessWithoutNullStreams
    try {
      child = spawn(resolved.command, resolved.args, {
        ...(cwd ? { cwd } : {}),
        env,
        stdio: 'pipe',
        shell: false,
        // Its own process group, so shutdown can signal everything the server started.
        detached: this.#platform !== 'win32',
        windowsHide: true,
        windowsVerbatimArguments: resolved.windowsVerbatimArguments,
      })
    } catch (error) {
      // Arguments spawn rejects outright (e.g. a NUL byte) throw instead of emitting 'error'.
      this.#phase = 'closed'
      this.#markClosed()
      throw new Error(`could not start ${command}: ${messageOf(error)}`, { cause: error })
    }
    this.#child = child
    this.#wire(child)
    await new Promise<void>((resolve, reject) => {
      const onSpawn = (): void => {
        child.off('error', onError)
        if (this.#phase === 'starting') this.#phase = 'open'
        resolve()
      }
      const onError = (error: Error): void => {
        child.off('spawn', onSpawn)
        reject(describeSpawnError(command, cwd, error))
      }
      child.once('spawn', onSpawn)
      child.once('error', onError)
    })
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.#child?.stdin
    if (this.#phase === 'idle' || this.#phase === 'starting' || !stdin) {
      throw new Error('the stdio transport is not started')
    }
    if (this.#phase === 'closed' || this.#closeRequested || !stdin.writable) {
      throw new Error('the stdio transport is closed')
    }
    if (!stdin.write(`${JSON.stringify(message)}\n`)) await waitForDrain(stdin)
  }

  /**
   * End stdin; after the grace period SIGTERM the process group, after another SIGKILL it; wait for the
   * reaped process; then make sure nothing of its group outlives it. Idempotent: every call returns the
   * same shutdown.
   */
  close(): Promise<void> {
    this.#shutdown ??= this.#shutDown()
    return this.#shutdown
  }

  async #shutDown(): Promise<void> {
    this.#closeRequested = true
    clearTimeout(this.#closedOutputTimer)
    const child = this.#child
    if (child === undefined) {
      // Never started (or spawn threw): there is nothing to stop, only the close to announce.
      this.#phase = 'closed'
      this.#markClosed()
      this.#fireOnclose()
      return
    }
    const pid = child.pid
    if (pid === undefined) {
      // The spawn failed; its 'close' follows the 'error'.
      await this.#closed
      return
    }
    if (this.#phase !== 'closed') {
      child.stdin.end()
      if (!(await this.#closedWithin(this.#graceMs))) {
        await this.#signalGroup(pid, 'SIGTERM')
        if (!(await this.#closedWithin(this.#graceMs))) {
          await this.#signalGroup(pid, 'SIGKILL')
          // Only a process outside the group (it called setsid) can still hold our pipes now.
          if (!(await this.#closedWithin(this.#graceMs))) this.#destroyPipes(child)
          await this.#closed
        }
      }
    }
    await this.#stopLeftovers(pid)
  }

  #wire(child: ChildProcessWithoutNullStreams): void {
    child.stdout.on('data', (chunk: Buffer) => {
      if (!this.#spoke) {
        this.#spoke = true
        this.#callBack(() => this.onfirstoutput?.())
      }
      this.#reader.push(chunk)
    })
    child.stdout.on('end', () => this.#guardClosedOutput())
    // stderr is always read: a server blocks once a full pipe (64 KiB) is left unread.
    child.stderr.setEncoding('utf8')
    child.stderr.on('data', (chunk: string) => {
      this.#stderr.append(chunk)
      this.#callBack(() => this.onstderr?.(chunk))
    })
    const reportStreamError = (error: Error): void => {
      if (!isClosedPipe(error)) this.onerror?.(error)
    }
    child.stdin.on('error', reportStreamError)
    child.stdout.on('error', reportStreamError)
    child.stderr.on('error', reportStreamError)
    child.on('error', (error) => {
      // Spawn failures reject start(); later ones (a signal that could not be sent) are reported.
      if (this.#phase !== 'starting') this.onerror?.(error)
    })
    child.on('exit', (code, signal) => {
      // A server that exits with an error right as we begin closing (e.g. it died at start and our close
      // followed the failed initialize) ended by itself: only a clean exit or our signal is host-initiated.
      const endedByUs = this.#closeRequested && (this.#signalled || (code === 0 && signal === null))
      this.#exitInfo = { code, signal, hostInitiated: endedByUs }
      if (!this.#closeRequested) this.#guardOrphanedPipes(child)
    })
    // 'close' comes after 'exit' once stdout and stderr are drained, so the last words are in.
    child.on('close', () => {
      clearTimeout(this.#orphanedPipeTimer)
      clearTimeout(this.#closedOutputTimer)
      this.#phase = 'closed'
      this.#markClosed()
      this.#fireOnclose()
    })
  }

  /** A throwing handler must not throw inside a stream event, where it would take the host down. */
  #callBack(handler: () => void): void {
    try {
      handler()
    } catch (error) {
      this.onerror?.(error instanceof Error ? error : new Error(String(error)))
    }
  }

  #fireOnclose(): void {
    if (this.#oncloseFired) return
    this.#oncloseFired = true
    this.onclose?.()
  }

  /**
   * The server exited by itself but a child it left behind still holds stdout or stderr open, so 'close'
   * would never come and the failure would go unreported. After the grace period its group is killed,
   * and after another the pipes are let go.
   */
  #guardOrphanedPipes(child: ChildProcessWithoutNullStreams): void {
    const pid = child.pid
    if (pid === undefined) return
    this.#orphanedPipeTimer = setTimeout(() => {
      void this.#signalGroup(pid, 'SIGKILL').then(() => {
        if (this.#phase === 'closed') return
        this.#orphanedPipeTimer = setTimeout(() => this.#destroyPipes(child), this.#graceMs)
      })
    }, this.#graceMs)
  }

  /**
   * The server's stdout ended. Usually the server is exiting and 'exit' follows at once; but one that closed
   * its output and runs on would hold the connection open with nobody to answer, every call sitting out its
   * whole deadline, since 'close' waits for the exit. After the grace period it is reported and shut down.
   */
  #guardClosedOutput(): void {
    if (this.#closeRequested || this.#exitInfo !== undefined) return
    this.#closedOutputTimer = setTimeout(() => {
      if (this.#closeRequested || this.#exitInfo !== undefined) return
      this.onerror?.(new OutputClosedError())
      void this.close()
    }, this.#graceMs)
  }

  #destroyPipes(child: ChildProcessWithoutNullStreams): void {
    child.stdout.destroy()
    child.stderr.destroy()
    child.stdin.destroy()
  }

  /** The server is gone; SIGTERM whatever of its group remains, and SIGKILL what outlives the grace. */
  async #stopLeftovers(pid: number): Promise<void> {
    if (!(await this.#signalGroup(pid, 'SIGTERM'))) return
    const deadline = Date.now() + this.#graceMs
    while (processGroupExists(pid, this.#platform) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, GROUP_POLL_MS))
    }
    if (processGroupExists(pid, this.#platform)) await this.#signalGroup(pid, 'SIGKILL')
  }

  async #signalGroup(pid: number, signal: StopSignal): Promise<boolean> {
    this.#signalled = true
    try {
      return await signalProcessGroup(pid, signal, this.#platform)
    } catch (error) {
      this.onerror?.(new Error(`could not send ${signal} to the server's processes: ${messageOf(error)}`))
      return false
    }
  }

  /** True when the child closed within ms. */
  async #closedWithin(ms: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined
    const timedOut = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), ms)
    })
    try {
      return await Promise.race([this.#closed.then(() => true), timedOut])
    } finally {
      clearTimeout(timer)
    }
  }
}
