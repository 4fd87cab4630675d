// Runs `mcp-desk` in-process through runCli, with a scripted terminal for call's approval prompt.
import { runCli } from '../../../src/cli/run-cli'
import { FIXTURE_STDIO_SERVER_PATH } from '../../support/spawn-command'

export interface CliRun {
  code: number
  stdout: string
  stderr: string
  /** What stderr held each time the CLI read an answer: proves what the user saw before answering. */
  stderrAtEachPrompt: string[]
}

export interface CliRunOptions {
  env?: NodeJS.ProcessEnv
  /** Pretends stdin is a terminal, answering the CLI's prompts with these lines in turn. */
  terminalAnswers?: string[]
  /** Piped (not a terminal) stdin: its lines are what the CLI reads, e.g. for --api-key-stdin. */
  stdin?: string
  /** Default: never (the command runs to its end). */
  untilShutdown?: () => Promise<string>
}

export async function runMcpDesk(argv: string[], options: CliRunOptions = {}): Promise<CliRun> {
  let stdout = ''
  let stderr = ''
  const stderrAtEachPrompt: string[] = []
  const answers = [...(options.terminalAnswers ?? [])]
  const piped = options.stdin === undefined ? [] : options.stdin.split('\n')
  // Like readline at the end of a pipe: a final line without a line break still counts, an empty rest does not.
  if (piped.at(-1) === '') piped.pop()
  const code = await runCli(argv, {
    stdout: (s) => (stdout += s),
    stderr: (s) => (stderr += s),
    env: options.env ?? {},
    untilShutdown: options.untilShutdown ?? (() => new Promise<string>(() => {})),
    ...(options.terminalAnswers
      ? {
          stdinIsTty: true,
          readLine: () => {
            stderrAtEachPrompt.push(stderr)
            return Promise.resolve(answers.shift() ?? null)
          },
        }
      : {}),
    ...(options.stdin !== undefined
      ? { stdinIsTty: false, readLine: () => Promise.resolve(piped.shift() ?? null) }
      : {}),
  })
  return { code, stdout, stderr, stderrAtEachPrompt }
}

/** `-- node <fixture stdio server> [args]`: what `servers add` takes to run the repo's fixture server. */
export function fixtureServerCommand(extraArgs: string[] = []): string[] {
  return ['--', process.execPath, FIXTURE_STDIO_SERVER_PATH, ...extraArgs]
}

/** Runs the command and fails the test with its output when it does not exit with `expected`. */
export async function expectExit(argv: string[], expected: number, options?: CliRunOptions): Promise<CliRun> {
  const run = await runMcpDesk(argv, options)
  if (run.code !== expected) {
    throw new Error(
      `mcp-desk ${argv.join(' ')} exited ${run.code}, expected ${expected}\n` +
        `stdout:\n${run.stdout}\nstderr:\n${run.stderr}`,
    )
  }
  return run
}
