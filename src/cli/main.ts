import { runCli } from './run-cli'

/** Entry of `mcp-desk` (built to out/main/cli.js, started by bin/mcp-desk.mjs). All logic is in runCli. */
runCli(process.argv.slice(2), {
  stdout: (s) => process.stdout.write(s),
  stderr: (s) => process.stderr.write(s),
  env: process.env,
}).then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    process.stderr.write(
      `mcp-desk: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    )
    process.exitCode = 1
  },
)
