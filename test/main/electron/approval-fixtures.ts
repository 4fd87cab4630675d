import type { BrowserWindow } from 'electron'
import type { CardDraft } from '../../../src/main/core/approvals/approval-queue'
import type { HostEvents } from '../../../src/main/core/ipc/host-events'
import type { AppWindowAccess } from '../../../src/main/electron/approval-notifier'
import type { FakeBrowserWindow } from './fake-electron'

/** A sampling card as the sampling service would queue it, for the tray and notifier tests. */
export function cardDraft(overrides: Partial<CardDraft> = {}): CardDraft {
  return {
    kind: 'sampling',
    serverId: 'notes',
    serverName: 'Notes',
    transportLabel: 'stdio: notes-mcp',
    model: {
      chosen: 'local/llama',
      eligible: [{ ref: 'local/llama', displayName: 'Llama 3 (local)' }],
      ineligible: [],
    },
    hints: [],
    priorities: {},
    maxTokens: 200,
    stopSequences: [],
    messages: [{ role: 'user', content: [{ type: 'text', text: 'Summarise my notes' }] }],
    firstUserText: 'Summarise my notes',
    tools: [],
    estimatedInputTokens: 5,
    usageToday: { requests: 0, inputTokens: 0, outputTokens: 0 },
    ...overrides,
  }
}

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
