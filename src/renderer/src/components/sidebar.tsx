import type { ServerConfigView } from '../../../shared/settings/settings-view'
import { useAppState } from '../state/store-context'
import { ServerStatusDot } from './server-status-dot'

const noServers: ServerConfigView[] = []

function SidebarServers() {
  const servers = useAppState((state) => state.settings?.servers ?? noServers)
  const openDrawer = useAppState((state) => state.openDrawer)
  return (
    <section className="sidebar-section sidebar-servers" aria-labelledby="sidebar-servers-heading">
      <div className="section-header">
        <h2 id="sidebar-servers-heading" className="section-title">
          Servers
        </h2>
        <button type="button" className="link-button" onClick={() => openDrawer('servers')}>
          Details
        </button>
      </div>
      {servers.length === 0 ? (
        <p className="empty-note">No servers configured</p>
      ) : (
        <ul className="sidebar-server-list">
          {servers.map((server) => (
            <li key={server.id} className={server.enabled ? 'sidebar-server' : 'sidebar-server is-disabled'}>
              <ServerStatusDot server={server} />
              <span className="sidebar-server-name">{server.name}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** Left column: conversations on top, a compact server list with status dots below. */
export function Sidebar() {
  return (
    <nav className="sidebar" data-testid="sidebar" aria-label="Conversations and servers">
      <section
        className="sidebar-section sidebar-conversations"
        aria-labelledby="sidebar-conversations-heading"
      >
        <div className="section-header">
          <h2 id="sidebar-conversations-heading" className="section-title">
            Conversations
          </h2>
        </div>
        <p className="empty-note">No conversations yet</p>
      </section>
      <SidebarServers />
    </nav>
  )
}
