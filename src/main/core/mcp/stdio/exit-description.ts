import { stderrHeadline } from './stderr-headline'

/** How a stdio server's process ended, known once its stdio has closed. */
export interface StdioExitInfo {
  code: number | null
  signal: NodeJS.Signals | null
  /** True when MCP Desk ended it (close(): shutdown, restart, disable): never a crash. */
  hostInitiated: boolean
}

/** How the process ended, without its stderr: `exited with code 1`, `killed by SIGKILL`. */
export function describeExitStatus(exit: { code: number | null; signal: string | null }): string {
  if (exit.signal !== null) return `killed by ${exit.signal}`
  if (exit.code !== null) return `exited with code ${exit.code}`
  return 'closed its output'
}

/**
 * The one-line reason a stdio server stopped, for the servers panel, the CLI table and a tool call the
 * crash cut off: `exited with code 1: Error: boom`, `killed by SIGSEGV`, `closed its output`. The stderr
 * line appended is the one that says why it died (stderr-headline.ts: the last meaningful line, not the
 * first thing it logged); the whole tail is shown separately.
 */
export function describeExit(exit: StdioExitInfo | undefined, stderrTail: string): string {
  let what: string
  if (exit === undefined) what = 'closed its output'
  else if (exit.hostInitiated) what = 'was stopped by MCP Desk'
  else what = describeExitStatus(exit)
  const stderrLine = exit?.hostInitiated ? undefined : stderrHeadline(stderrTail)
  return stderrLine === undefined ? what : `${what}: ${stderrLine}`
}
