import type { ServerConfigView } from '../../../shared/settings/settings-view'
import { useAppState } from '../state/store-context'
import { ServerCard } from './server-card'

const noServers: ServerConfigView[] = []

/** The configured servers as settings.json describes them (connecting to them arrives later). */
export function ServersPanel() {
  const servers = useAppState((state) => state.settings?.servers ?? noServers)
  const settingsPath = useAppState((state) => state.info?.settingsPath)
  return (
    <section className="panel" data-testid="servers-panel" aria-label="Servers">
      {servers.length === 0 ? (
        <div className="empty-state empty-state--compact">
          <p className="empty-state-title">No servers configured</p>
          <p>
            Servers can be added in settings.json
            {settingsPath ? (
              <>
                {' '}
                at <code className="path selectable">{settingsPath}</code>
              </>
            ) : null}
            .
          </p>
        </div>
      ) : (
        <ul className="server-cards">
          {servers.map((server) => (
            <ServerCard key={server.id} server={server} />
          ))}
        </ul>
      )}
      <p className="hint">
        MCP Desk does not connect to servers yet; this shows what settings.json configures.
      </p>
    </section>
  )
}
