import type { ToolChange } from '../../shared/mcp/server-state'
import { changeLines } from './chat-tool-card'
import { firstLine, terminalText } from './terminal-text'

/** The command that accepts a server's pending tool changes, as the hints print it. */
export function acceptCommand(serverId: string): string {
  return `mcp-desk servers accept ${serverId}`
}

/**
 * A server's tool changes waiting for review, in full and terminal-safe: for a changed tool each changed
 * part before and after, for a new one its whole description and input schema (what a model would read).
 */
export function pendingChangeLines(changes: readonly ToolChange[]): string[] {
  return changes.flatMap((change) => {
    const head = `${change.kind}: ${firstLine(change.name)} (${firstLine(change.exposedName)})`
    if (change.kind === 'changed')
      return [
        head,
        ...changeLines(change)
          .slice(1)
          .map((line) => `  ${line}`),
      ]
    if (change.kind === 'removed' || !change.after) return [head]
    const schema = JSON.stringify(change.after.inputSchema, null, 2)
    return [
      head,
      '  Description:',
      ...indented(change.after.description || '(none)'),
      '  Input schema:',
      ...indented(schema),
    ]
  })
}

function indented(text: string): string[] {
  return terminalText(text)
    .split('\n')
    .map((line) => `    ${line}`)
}
