import { outputOf, UsageError, waitForProcessSignal, type CliIo } from '../cli-io'

function parsePort(raw: string | undefined): number {
  if (raw === undefined) return 0
  const port = /^\d{1,5}$/.test(raw) ? Number(raw) : Number.NaN
  if (!(port >= 0 && port <= 65535)) {
    throw new UsageError(`invalid --port ${JSON.stringify(raw)}: expected a whole number from 0 to 65535`)
  }
  return port
}

/** Serves the UI until the process is told to stop. */
export async function serveWeb(home: string, rawPort: string | undefined, io: CliIo): Promise<number> {
  const { print, warn } = outputOf(io)
  const port = parsePort(rawPort)
  // Loaded only for this command, so the other commands start without the web server's modules.
  const { startWebMode } = await import('../../main/web/start-web-mode')
  const running = await startWebMode({ home, port, host: '127.0.0.1', log: warn })
  print(`MCP Desk web UI: ${running.url}`)
  const done = new AbortController()
  try {
    const reason = await (io.untilShutdown ?? waitForProcessSignal)(done.signal)
    warn(`${reason}: shutting down`)
  } finally {
    done.abort()
    await running.close()
  }
  return 0
}
