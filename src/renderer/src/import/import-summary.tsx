import type { ImportSummary as Summary } from './import-actions'
import { useAppState } from '../app/store-context'
import { ServerStatusDot } from '../servers/server-status-dot'

/** One imported server with its live status: the dialog shows it connecting, then connected or failed. */
function ImportedServer({ id, name }: { id: string; name: string }) {
  const state = useAppState((app) => app.servers.find((server) => server.id === id))
  return (
    <li className="import-done-server" data-testid={`imported-${id}`}>
      {state && <ServerStatusDot status={state.status} />}
      <span>{name}</span>
      {state?.status === 'failed' && state.failure && (
        <span className="hint import-done-failure">{state.failure.reason.split('\n')[0]}</span>
      )}
    </li>
  )
}

function ServerGroup({ title, servers }: { title: string; servers: Array<{ id: string; name: string }> }) {
  if (servers.length === 0) return null
  return (
    <section aria-label={title}>
      <h3 className="settings-title">{title}</h3>
      <ul className="import-done-list">
        {servers.map((server) => (
          <ImportedServer key={server.id} {...server} />
        ))}
      </ul>
    </section>
  )
}

export function ImportSummary({ summary }: { summary: Summary }) {
  const closeImport = useAppState((state) => state.closeImport)
  const restartImport = useAppState((state) => state.restartImport)
  const openDrawer = useAppState((state) => state.openDrawer)
  const showServerList = useAppState((state) => state.showServerList)
  const written = summary.added.length + summary.replaced.length
  return (
    <div className="import-done" data-testid="import-summary">
      <p role="status">
        {written === 0
          ? `Nothing was imported from ${summary.source}.`
          : `${summary.installed ? 'Added' : 'Imported'} ${written} server${written === 1 ? '' : 's'} from ${summary.source}.`}
      </p>
      <ServerGroup title="Added" servers={summary.added} />
      <ServerGroup title="Replaced" servers={summary.replaced} />
      {summary.skipped.length > 0 && <p className="hint">Skipped: {summary.skipped.join(', ')}</p>}
      {summary.notes.length > 0 && (
        <ul className="callout callout--info" aria-label="Notes">
          {summary.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
      <div className="modal-actions">
        {/* An install (registry entry or link) came from the Browse view behind the dialog: back to it. */}
        {summary.installed ? (
          <button type="button" className="button" onClick={closeImport}>
            Close
          </button>
        ) : (
          <button type="button" className="button" onClick={restartImport}>
            Import another
          </button>
        )}
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            closeImport()
            openDrawer('servers')
            showServerList()
          }}
        >
          Show servers
        </button>
      </div>
    </div>
  )
}
