import type { ServerState } from '../../shared/mcp/server-state'
import { displayWidth, firstLine, truncate } from './terminal-text'
import { acceptCommand } from './tool-changes'

const GAP = '  '
const MAX_NAME_WIDTH = 24
/** The reason column never gets narrower than this, even when the names are long. */
const MIN_REASON_WIDTH = 16

interface Column {
  header: string
  cells: string[]
  alignRight?: boolean
}

/**
 * `mcp-desk servers` as aligned columns within `width` (80 by default, a terminal's usual width): names are
 * cut at 24 characters and the reason's first line fills what is left, each cut marked with ….
 */
export function formatServersTable(servers: readonly ServerState[], width = 80): string[] {
  const names = servers.map((server) => truncate(firstLine(server.name), MAX_NAME_WIDTH))
  const fixed: Column[] = [
    { header: 'NAME', cells: names },
    { header: 'TYPE', cells: servers.map((server) => server.transport) },
    { header: 'STATUS', cells: servers.map((server) => server.status) },
    { header: 'PROTOCOL', cells: servers.map((server) => server.protocolVersion ?? '-') },
    {
      header: 'TOOLS',
      cells: servers.map((server) => (server.status === 'connected' ? String(server.tools.length) : '-')),
      alignRight: true,
    },
  ]
  const widths = fixed.map((column) =>
    Math.max(displayWidth(column.header), ...column.cells.map(displayWidth)),
  )
  const used = widths.reduce((sum, w) => sum + w + GAP.length, 0)
  const reasonWidth = Math.max(MIN_REASON_WIDTH, width - used)
  const reasons = servers.map((server) => truncate(firstLine(reasonOf(server)), reasonWidth))

  const row = (cells: string[], reason: string): string => {
    const padded = cells.map((cell, index) => {
      const pad = ' '.repeat((widths[index] ?? 0) - displayWidth(cell))
      return fixed[index]?.alignRight ? pad + cell : cell + pad
    })
    return [...padded, reason].join(GAP).trimEnd()
  }
  return [
    row(
      fixed.map((column) => column.header),
      'REASON',
    ),
    ...servers.map((_, index) =>
      row(
        fixed.map((column) => column.cells[index] ?? ''),
        reasons[index] ?? '',
      ),
    ),
  ]
}

/** Why a server failed; for a connected one, the tool changes that wait for the user (hidden till then). */
function reasonOf(server: ServerState): string {
  const changes = server.pendingChanges.length
  if (server.status !== 'connected' || changes === 0) return server.failure?.reason ?? ''
  return `${changes} tool change${changes === 1 ? '' : 's'}: ${acceptCommand(server.id)}`
}

/** One line under the table, e.g. `3 servers: 2 connected, 1 failed`. */
export function summarizeStatuses(servers: readonly ServerState[]): string {
  const counts = new Map<string, number>()
  for (const server of servers) counts.set(server.status, (counts.get(server.status) ?? 0) + 1)
  const parts = [...counts].map(([status, count]) => `${count} ${status}`)
  return `${servers.length} server${servers.length === 1 ? '' : 's'}: ${parts.join(', ')}`
}
