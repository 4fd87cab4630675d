import type { ToolChange } from '../../../shared/mcp/server-state'
import { ToolChangeItem } from './tool-change-item'

/**
 * The rug-pull guard made visible: tool definitions the server changed after MCP Desk first saw them.
 * A changed description is how a server slips new instructions to a model, so it is shown whole.
 */
export function ServerPendingChanges({ changes, serverId }: { changes: ToolChange[]; serverId: string }) {
  if (changes.length === 0) return null
  const headingId = `server-${serverId}-changes`
  return (
    <section className="pending-changes" aria-labelledby={headingId} data-testid="pending-changes">
      <h4 id={headingId} className="pending-changes-title">
        Tools changed since approval ({changes.length})
      </h4>
      <p className="hint">
        The server changed these definitions after they were first seen. Read them before trusting the server
        with your data.
      </p>
      <ul className="tool-changes">
        {changes.map((change) => (
          <ToolChangeItem key={`${change.kind}:${change.name}`} change={change} />
        ))}
      </ul>
    </section>
  )
}
