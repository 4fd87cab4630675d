import type { BrowserWindow } from 'electron'
import type { HostEvents } from '../../../src/main/core/ipc/host-events'
import type { AppWindowAccess } from '../../../src/main/electron/approval-notifier'
import type { FakeBrowserWindow } from './fake-electron'

// The cards themselves are the core tests' fixtures, so the tray and notifier see the same cards.
export {
  cardDraft,
  elicitationCard,
  FIELD_DEFAULT,
  SECRET_ARGUMENT,
  toolCallCard,
  urlElicitationCard,
} from '../core/approvals/card-fixtures'

/** Window access over one fake window, counting how often the glue asked to bring it forward. */
export function windowAccess(window: FakeBrowserWindow): AppWindowAccess & { shows: number } {
  const access = {
    shows: 0,
    current: () => (window.destroyed ? undefined : (window as unknown as BrowserWindow)),
    show: () => {
      access.shows += 1
      window.focus()
      return window as unknown as BrowserWindow
    },
  }
  return access
}

/** Every `approvals:focus` the host emitted, in order. */
export function recordFocusEvents(events: HostEvents): string[] {
  const focused: string[] = []
  events.subscribe((event, payload) => {
    if (event === 'approvals:focus') focused.push((payload as { id: string }).id)
  })
  return focused
}
