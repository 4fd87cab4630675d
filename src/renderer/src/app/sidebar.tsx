import { useMemo, useState, type KeyboardEvent } from 'react'
import { waitingByConversation } from '../chat/chat-model'
import { statusLabels } from '../servers/server-labels'
import { useAppState } from './store-context'
import { ConversationRow } from '../chat/conversation-row'
import { ServerStatusDot } from '../servers/server-status-dot'

/** Every conversation, most recently active first, and the button that starts a new one. */
function SidebarConversations() {
  const conversations = useAppState((state) => state.conversations)
  const openId = useAppState((state) => state.conversation?.id ?? state.openingId)
  const toolCalls = useAppState((state) => state.toolCalls)
  const createConversation = useAppState((state) => state.createConversation)
  const waiting = useMemo(() => waitingByConversation(toolCalls), [toolCalls])
  const [creating, setCreating] = useState(false)

  const create = async () => {
    setCreating(true)
    await createConversation()
    setCreating(false)
  }

  return (
    // Named apart from its heading: the region must not share a landmark name with the drawer's panels.
    <section className="sidebar-section sidebar-conversations" aria-label="Conversation list">
      <div className="section-header">
        <h2 id="sidebar-conversations-heading" className="section-title">
          Conversations
        </h2>
      </div>
      <button
        type="button"
        className="button sidebar-new-conversation"
        disabled={creating}
        onClick={() => void create()}
      >
        <span aria-hidden="true">+</span> New conversation
      </button>
      {conversations.length === 0 ? (
        <p className="empty-note">No conversations yet</p>
      ) : (
        <ul className="conversation-list" aria-labelledby="sidebar-conversations-heading">
          {conversations.map((meta) => (
            <ConversationRow
              key={meta.id}
              meta={meta}
              selected={meta.id === openId}
              waiting={waiting[meta.id] ?? 0}
            />
          ))}
        </ul>
      )}
    </section>
  )
}

function SidebarServers() {
  const servers = useAppState((state) => state.servers)
  const openDrawer = useAppState((state) => state.openDrawer)
  return (
    // Not "Servers": the servers drawer's panel is a region of that name, and landmarks need unique names.
    <section className="sidebar-section sidebar-servers" aria-label="Server status">
      <div className="section-header">
        <h2 className="section-title">Servers</h2>
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

/**
 * Left column: conversations on top, a compact server list with status dots below. In a narrow window it
 * is hidden and shown over the conversation on the title bar's toggle; choosing a conversation, starting
 * one or Escape puts it away again.
 */
export function Sidebar() {
  const open = useAppState((state) => state.sidebarOpen)
  const setSidebarOpen = useAppState((state) => state.setSidebarOpen)
  const openId = useAppState((state) => state.conversation?.id ?? state.openingId)
  const [shownFor, setShownFor] = useState(openId)
  // Another conversation opened while the overlay was up: the user chose it, so the overlay goes.
  if (openId !== shownFor) {
    setShownFor(openId)
    if (open) setSidebarOpen(false)
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return
    event.stopPropagation()
    setSidebarOpen(false)
    document.querySelector<HTMLElement>('[data-testid="sidebar-toggle"]')?.focus()
  }
  return (
    <nav
      id="sidebar"
      className={open ? 'sidebar sidebar--open' : 'sidebar'}
      data-testid="sidebar"
      aria-label="Conversations and servers"
      onKeyDown={onKeyDown}
    >
      <SidebarConversations />
      <SidebarServers />
    </nav>
  )
}
