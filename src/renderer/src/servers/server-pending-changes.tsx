import { useState } from 'react'
import type { ToolChange } from '../../../shared/mcp/server-state'
import { useAppState } from '../app/store-context'
import { ToolChangeItem } from './tool-change-item'

/**
 * The rug-pull guard made visible: tool definitions that differ from the ones the user approved. Until
 * accepted, models do not see the changed or new tools and calls to them are refused. A changed
 * description is how a server slips new instructions to a model, so it is shown whole. Accept sends
 * exactly the changes on screen (by fingerprint): one that changed again meanwhile is refused, not taken.
 */
export function ServerPendingChanges({
  changes,
  serverId,
  serverName,
}: {
  changes: ToolChange[]
  serverId: string
  serverName: string
}) {
  const acceptToolChanges = useAppState((s) => s.acceptToolChanges)
  const [busy, setBusy] = useState(false)
  if (changes.length === 0) return null
  const headingId = `server-${serverId}-changes`
  const accept = async () => {
    setBusy(true)
    await acceptToolChanges(serverId, changes)
    setBusy(false)
  }
  return (
    <section className="pending-changes" aria-labelledby={headingId} data-testid="pending-changes">
      <h4 id={headingId} className="pending-changes-title">
        Tools changed since approval ({changes.length})
      </h4>
      <p className="hint">
        The server changed these definitions after you approved its tools. Until you accept them, models do
        not see the changed or new tools and cannot call them. Read them before trusting the server with your
        data.
      </p>
      <ul className="tool-changes">
        {changes.map((change) => (
          <ToolChangeItem key={`${change.kind}:${change.name}`} change={change} />
        ))}
      </ul>
      <div className="server-actions">
        <button
          type="button"
          className="button"
          aria-label={`Accept ${changes.length} tool change${changes.length === 1 ? '' : 's'} of ${serverName}`}
          disabled={busy}
          onClick={() => void accept()}
        >
          Accept changes
        </button>
      </div>
    </section>
  )
}
