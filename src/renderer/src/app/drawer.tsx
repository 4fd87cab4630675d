import { useEffect, useRef, type KeyboardEvent } from 'react'
import type { DrawerPanel } from './app-store'
import { useAppState } from './store-context'
import { ActivityPanel } from '../approvals/activity-panel'
import { ApprovalsPanel } from '../approvals/approvals-panel'
import { ModelsPanel } from '../models/models-panel'
import { ServersPanel } from '../servers/servers-panel'
import { SettingsPanel } from '../settings/settings-panel'

const titles: Record<DrawerPanel, string> = {
  servers: 'Servers',
  models: 'Models',
  settings: 'Settings',
  approvals: 'Pending approvals',
  activity: 'Sampling activity',
}

function PanelBody({ panel }: { panel: DrawerPanel }) {
  switch (panel) {
    case 'servers':
      return <ServersPanel />
    case 'models':
      return <ModelsPanel />
    case 'settings':
      return <SettingsPanel />
    case 'approvals':
      return <ApprovalsPanel />
    case 'activity':
      return <ActivityPanel />
  }
}

/**
 * The right column. It is part of the grid (it narrows the conversation) rather than an overlay, so the
 * composer and transcript stay usable while it is open. Escape closes it and focus goes back to the opener.
 */
export function Drawer({ panel }: { panel: DrawerPanel }) {
  const closeDrawer = useAppState((state) => state.closeDrawer)
  const drawerRef = useRef<HTMLElement>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const openerRef = useRef<Element | null>(null)

  useEffect(() => {
    openerRef.current = document.activeElement
  }, [])

  useEffect(() => {
    // A panel that already put focus inside (an approval card brought into view) keeps it.
    if (drawerRef.current?.contains(document.activeElement)) return
    headingRef.current?.focus()
  }, [panel])

  useEffect(
    () => () => {
      // Only pull focus back when it was lost with the drawer, never away from what the user chose.
      const opener = openerRef.current
      const focusLost = document.activeElement === null || document.activeElement === document.body
      if (focusLost && opener instanceof HTMLElement && opener.isConnected) opener.focus()
    },
    [],
  )

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation()
      closeDrawer()
    }
  }

  return (
    <aside
      id="drawer"
      ref={drawerRef}
      className="drawer"
      data-testid="drawer"
      aria-labelledby="drawer-title"
      onKeyDown={onKeyDown}
    >
      <header className="drawer-header">
        <h2 id="drawer-title" className="drawer-title" tabIndex={-1} ref={headingRef}>
          {titles[panel]}
        </h2>
        <button
          type="button"
          className="icon-button"
          aria-label={`Close ${titles[panel]}`}
          onClick={closeDrawer}
        >
          ×
        </button>
      </header>
      <div className="drawer-body">
        <PanelBody panel={panel} />
      </div>
    </aside>
  )
}
