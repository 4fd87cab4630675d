/** What `runCli` talks to, passed in so tests run every command in-process and drive its prompts. */
export interface CliIo {
  stdout: (s: string) => void
  stderr: (s: string) => void
  env: NodeJS.ProcessEnv
  /**
   * Resolves (with the reason, e.g. `SIGINT`) when a long-running command should stop: `web` serves until
   * then, and server commands stop their servers early. Defaults to the process receiving SIGINT or
   * SIGTERM. `done` aborts once the command finished by itself, so the wait can let go of its listeners.
   */
  untilShutdown?: (done: AbortSignal) => Promise<string>
  /** Whether someone at a terminal can answer `call`'s approval prompt. Default: no. */
  stdinIsTty?: boolean
  /** Reads one line of the user's answer (without the line break); null when input ended. */
  readLine?: () => Promise<string | null>
}

/** Bad command-line input: reported with the usage text and exit code 2. */
export class UsageError extends Error {}

export interface CliOutput {
  /** A line of the command's result, on stdout. */
  print: (line: string) => void
  /** A line of progress, warning or error, on stderr. */
  warn: (line: string) => void
}

export function outputOf(io: CliIo): CliOutput {
  return {
    print: (line) => io.stdout(`${line}\n`),
    warn: (line) => io.stderr(`${line}\n`),
  }
}

/** The default `untilShutdown`: the first SIGINT or SIGTERM; its listeners go away once `done` aborts. */
export function waitForProcessSignal(done: AbortSignal): Promise<string> {
  return new Promise((resolve) => {
    const stop = (): void => {
      process.off('SIGINT', onSignal)
      process.off('SIGTERM', onSignal)
    }
    const onSignal = (signal: NodeJS.Signals): void => {
      stop()
      resolve(signal)
    }
    process.on('SIGINT', onSignal)
    process.on('SIGTERM', onSignal)
    done.addEventListener('abort', stop, { once: true })
  })
}

/** The shell convention for "ended by a signal": 128 + its number (SIGINT 130, SIGTERM 143). */
export function exitCodeForSignal(reason: string): number {
  if (reason === 'SIGINT') return 130
  if (reason === 'SIGTERM') return 143
  return 1
}
