import type { ServerState, ServerStatus } from '../../../shared/mcp/server-state'
import type { ConfigValueView, ServerConfigView } from '../../../shared/settings/settings-view'
import { commandBasename, transportLabel } from '../../../shared/mcp/transport-label'

export { commandBasename, transportLabel } from '../../../shared/mcp/transport-label'

function urlHost(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return url
  }
}

/**
 * The same label from what the connection layer reports, for when the settings view is not (yet) there:
 * a stdio destination is `stdio: <command line>`, whose first word is the command (possibly quoted).
 */
export function stateTransportLabel(state: ServerState, config?: ServerConfigView): string {
  if (config && config.transport === state.transport) return transportLabel(config)
  if (state.transport !== 'stdio') return urlHost(state.destination)
  const commandLine = state.destination.replace(/^stdio:\s*/, '')
  const quoted = /^'((?:[^']|'\\'')*)'/.exec(commandLine)
  const command = quoted ? (quoted[1] ?? '').replace(/'\\''/g, "'") : (commandLine.split(' ')[0] ?? '')
  return `stdio: ${commandBasename(command)}`
}

/** The keys a server passes along (env for stdio, headers for http) with their masked views. */
export function serverValueEntries(server: ServerConfigView): {
  kind: 'env' | 'header'
  entries: Array<[string, ConfigValueView]>
} {
  return server.transport === 'stdio'
    ? { kind: 'env', entries: Object.entries(server.env) }
    : { kind: 'header', entries: Object.entries(server.headers) }
}

/** Words for each status: the pill's text and the dot's spoken label / tooltip. */
export const statusLabels: Record<ServerStatus, string> = {
  starting: 'Starting',
  connecting: 'Connecting',
  connected: 'Connected',
  failed: 'Failed',
  disabled: 'Disabled',
  'needs-sign-in': 'Needs sign-in',
}

/** The first line of a (possibly multi-line) failure reason: the one a card shows without "details". */
export function firstLine(text: string): string {
  const line = text.split(/\r?\n/).find((candidate) => candidate.trim() !== '')
  return (line ?? text).trim()
}

/** The prefix of the secrets MCP Desk creates for a server's typed env and header values. */
export function serverSecretPrefix(serverId: string): string {
  return `server.${serverId}.`
}
