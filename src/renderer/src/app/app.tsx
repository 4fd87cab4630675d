import { useEffect } from 'react'
import type { Theme } from '../../../shared/settings/settings-schema'
import { useAppState } from './store-context'
import { ConnectionBanner } from './connection-banner'
import { ConversationView } from '../chat/conversation-view'
import { Drawer } from './drawer'
import { ErrorList } from './error-list'
import { ApprovalAnnouncer } from '../approvals/approval-announcer'
import { ImportDialog } from '../import/import-dialog'
import { ViewTryOverlay } from '../apps/view-try-overlay'
import { ImportDropZone } from '../import/import-drop-zone'
import { SettingsProblem } from '../settings/settings-problem'
import { Sidebar } from './sidebar'
import { StartupWarnings } from './startup-warnings'
import { TitleBar } from './title-bar'

export interface AppProps {
  /** Applies the user's theme (main.tsx puts it on <html> as `data-theme`). */
  applyTheme: (theme: Theme) => void
  reload: () => void
}

/** The user's override wins over the system setting; `system` lets the CSS media query decide. */
function useTheme(applyTheme: (theme: Theme) => void): void {
  const theme = useAppState((state) => state.settings?.appearance.theme ?? 'system')
  useEffect(() => applyTheme(theme), [applyTheme, theme])
}

export function App({ applyTheme, reload }: AppProps) {
  useTheme(applyTheme)
  const drawer = useAppState((state) => state.drawer)
  const importing = useAppState((state) => state.importDialog !== null)
  // Approval cards keep their decision buttons on one row, and the activity table its columns, when wider.
  const wide = drawer === 'approvals' || drawer === 'activity'
  return (
    <>
      <div
        className={drawer ? `app app--drawer-open${wide ? ' app--drawer-wide' : ''}` : 'app'}
        // The import dialog is modal: the window behind it takes no focus or clicks until it closes.
        inert={importing}
      >
        <TitleBar />
        <ApprovalAnnouncer />
        <div className="notices">
          <ConnectionBanner reload={reload} />
          <StartupWarnings testId="startup-warnings" />
          <SettingsProblem />
          <ErrorList />
        </div>
        <div className="workspace">
          <Sidebar />
          <ConversationView />
          {drawer && <Drawer panel={drawer} />}
        </div>
      </div>
      <ImportDialog />
      <ViewTryOverlay />
      <ImportDropZone />
    </>
  )
}
