/** How a stdio server's process ended, known once its stdio has closed. */
export interface StdioExitInfo {
  code: number | null
  signal: NodeJS.Signals | null
  /** True when MCP Desk ended it (close(): shutdown, restart, disable): never a crash. */
  hostInitiated: boolean
}

const MAX_STDERR_LINE = 300

function firstNonEmptyLine(text: string): string | undefined {
  for (const line of text.split('\n')) {
    const trimmed = line.trim()
    if (trimmed !== '') {
      return trimmed.length > MAX_STDERR_LINE ? `${trimmed.slice(0, MAX_STDERR_LINE)}…` : trimmed
    }
  }
  return undefined
}

/**
 * The one-line reason a stdio server stopped, first for the servers panel and the CLI table:
 * `exited with exit code 3: config file missing`, `killed by signal SIGSEGV`, `closed its output`.
 * The first non-empty stderr line is appended because servers that fail at start-up usually say why
 * there; the whole tail is shown separately.
 */
export function describeExit(exit: StdioExitInfo | undefined, stderrTail: string): string {
  let what: string
  if (exit === undefined) what = 'closed its output'
  else if (exit.hostInitiated) what = 'was stopped by MCP Desk'
  else if (exit.signal !== null) what = `killed by signal ${exit.signal}`
  else if (exit.code !== null) what = `exited with exit code ${exit.code}`
  else what = 'closed its output'
  const stderrLine = exit?.hostInitiated ? undefined : firstNonEmptyLine(stderrTail)
  return stderrLine === undefined ? what : `${what}: ${stderrLine}`
}
