import type { ConnectionManager } from '../main/core/mcp/connection-manager'
import { latestStderrLine, type ServerState } from '../shared/mcp/server-state'
import { firstLine, truncate } from './format/terminal-text'

/** A server still starting after this long gets a line on stderr (most stdio servers speak within it). */
export const SLOW_START_NOTICE_MS = 1000
const MAX_LINE_WIDTH = 160

/**
 * While `mcp-desk servers` waits, a stdio server that is still `starting` after a second (a first
 * `npx -y` or `uvx` downloading it) is named on stderr with how long the host waits for it, and each new
 * line it writes to stderr meanwhile (the package manager's progress) is shown. Returns a stop function.
 */
export function reportSlowStarts(
  servers: ConnectionManager,
  warn: (line: string) => void,
  startupMs: number,
): () => void {
  const announced = new Set<string>()
  const lastLines = new Map<string, string>()
  let watching = false

  const report = (states: readonly ServerState[]): void => {
    if (!watching) return
    for (const state of states) {
      if (state.status !== 'starting') continue
      const name = firstLine(state.name)
      if (!announced.has(state.id)) {
        announced.add(state.id)
        warn(
          `Waiting for ${name} to start (up to ${Math.round(startupMs / 1000)} s; ` +
            'a first npx/uvx run downloads the server)…',
        )
      }
      const line = truncate(firstLine(latestStderrLine(state.stderrTail)), MAX_LINE_WIDTH)
      if (line === '' || lastLines.get(state.id) === line) continue
      lastLines.set(state.id, line)
      warn(`  ${name}: ${line}`)
    }
  }
  const timer = setTimeout(() => {
    watching = true
    report(servers.list())
  }, SLOW_START_NOTICE_MS)
  timer.unref()
  const unsubscribe = servers.subscribe(report)
  return () => {
    clearTimeout(timer)
    unsubscribe()
  }
}
