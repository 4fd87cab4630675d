import { statusLabels } from '../state/server-labels'
import { useAppState } from '../state/store-context'
import { ServerStatusDot } from './server-status-dot'

function SidebarServers() {
  const servers = useAppState((state) => state.servers)
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
            <li
              key={server.id}
              className={`sidebar-server sidebar-server--${server.status}`}
              title={`${server.name}: ${statusLabels[server.status]}`}
              data-testid={`sidebar-server-${server.id}`}
            >
              <ServerStatusDot status={server.status} />
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
