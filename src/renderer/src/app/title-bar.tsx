import { isElicitationWaiting } from '../../../shared/elicitation/elicitation-card'
import { useAppState } from './store-context'
import type { DrawerPanel } from './app-store'
import { conversationModelLabel } from '../models/model-labels'
import { BellIcon } from '../approvals/bell-icon'

function DrawerToggle({ panel, label }: { panel: DrawerPanel; label: string }) {
  const open = useAppState((state) => state.drawer === panel)
  const toggleDrawer = useAppState((state) => state.toggleDrawer)
  return (
    <button
      type="button"
      className="title-button"
      aria-expanded={open}
      aria-pressed={open}
      onClick={() => toggleDrawer(panel)}
    >
      {label}
    </button>
  )
}

/** Narrow windows hide the sidebar; this shows it over the conversation (CSS shows the button only there). */
function SidebarToggle() {
  const open = useAppState((state) => state.sidebarOpen)
  const setSidebarOpen = useAppState((state) => state.setSidebarOpen)
  return (
    <button
      type="button"
      className="title-button sidebar-toggle"
      aria-label="Conversations and servers"
      aria-expanded={open}
      aria-controls="sidebar"
      data-testid="sidebar-toggle"
      onClick={() => setSidebarOpen(!open)}
    >
      <span aria-hidden="true">☰</span>
    </button>
  )
}

/**
 * The app's header: the open conversation's model (or the default model, which a conversation without
 * one and sampling fall back to) on the left, drawer toggles and the approvals bell on the right. The bell
 * counts sampling requests, tool calls and servers' questions waiting for the user, the same count as the
 * tray's.
 */
export function TitleBar() {
  const pending = useAppState(
    (state) =>
      state.pendingApprovals +
      state.toolCalls.length +
      state.elicitations.filter(isElicitationWaiting).length,
  )
  const approvalsOpen = useAppState((state) => state.drawer === 'approvals')
  const toggleDrawer = useAppState((state) => state.toggleDrawer)
  const models = useAppState((state) => state.settings?.models)
  const conversationModel = useAppState((state) => state.conversation?.meta.model)
  const model = conversationModelLabel(models, conversationModel)
  return (
    <header className="title-bar">
      <SidebarToggle />
      {/* The one h1 of every screen; the drawers' titles are h2 under it. */}
      <h1 className="title-bar-app">MCP Desk</h1>
      <span className="title-bar-model selectable" data-testid="current-model" title={model.title}>
        {model.text}
      </span>
      <div className="title-bar-actions">
        <DrawerToggle panel="servers" label="Servers" />
        <DrawerToggle panel="models" label="Models" />
        <DrawerToggle panel="activity" label="Activity" />
        <DrawerToggle panel="settings" label="Settings" />
        <button
          type="button"
          className="title-button bell-button"
          data-testid="approvals-bell"
          aria-label={`Pending approvals: ${pending}`}
          aria-expanded={approvalsOpen}
          onClick={() => toggleDrawer('approvals')}
        >
          <BellIcon />
          <span className={pending > 0 ? 'bell-count bell-count--active' : 'bell-count'} aria-hidden="true">
            {pending}
          </span>
        </button>
      </div>
    </header>
  )
}
