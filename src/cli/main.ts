import { createInterface, type Interface } from 'node:readline'
import { runCli } from './run-cli'

/** Readers still waiting for an answer; closed at the end, or an interrupted prompt would keep node running. */
const openReaders = new Set<Interface>()

/**
 * One line from stdin, for `call`'s approval prompt; null at end of input. `terminal: false` leaves the
 * terminal in its normal line mode, so Ctrl+C stays a real SIGINT that stops the command (and its servers).
 */
function readLineFromStdin(): Promise<string | null> {
  return new Promise((resolve) => {
    const lines = createInterface({ input: process.stdin, terminal: false })
    openReaders.add(lines)
    let settled = false
    const finish = (line: string | null): void => {
      if (settled) return
      settled = true
      openReaders.delete(lines)
      lines.close()
      resolve(line)
    }
    lines.once('line', (line) => finish(line))
    lines.once('close', () => finish(null))
  })
}

function closeReaders(): void {
  for (const reader of openReaders) reader.close()
}

/** Entry of `mcp-desk` (built to out/main/cli.js, started by bin/mcp-desk.mjs). All logic is in runCli. */
runCli(process.argv.slice(2), {
  stdout: (s) => process.stdout.write(s),
  stderr: (s) => process.stderr.write(s),
  env: process.env,
  stdinIsTty: process.stdin.isTTY === true,
  readLine: readLineFromStdin,
}).then(
  (code) => {
    closeReaders()
    process.exitCode = code
  },
  (error: unknown) => {
    closeReaders()
    process.stderr.write(
      `mcp-desk: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    )
    process.exitCode = 1
  },
)
