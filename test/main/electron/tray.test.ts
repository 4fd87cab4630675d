import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fileURLToPath } from 'node:url'
import { ApprovalQueue } from '../../../src/main/core/approvals/approval-queue'
import { PendingApprovals } from '../../../src/main/core/approvals/pending-approvals'
import { PendingToolCalls } from '../../../src/main/core/chat/pending-tool-calls'
import { PendingElicitations } from '../../../src/main/core/elicitation/pending-elicitations'
import type { ToolCallCard } from '../../../src/shared/chat/tool-call-card'
import { HostEvents } from '../../../src/main/core/ipc/host-events'
import { createApprovalTray, type ApprovalTrayOptions } from '../../../src/main/electron/tray'
import {
  cardDraft,
  elicitationCard,
  FIELD_DEFAULT,
  recordFocusEvents,
  SECRET_ARGUMENT,
  toolCallCard,
  urlElicitationCard,
  windowAccess,
} from './approval-fixtures'
import { electronFake, FakeBrowserWindow, type FakeMenuItem, type FakeTray } from './fake-electron'

vi.mock('electron', async () => (await import('./fake-electron')).electronFake.module)

const iconPath = fileURLToPath(new URL('../../../resources/trayTemplate.png', import.meta.url))

let clock: Date
let queue: ApprovalQueue
let toolCalls: PendingToolCalls
let elicitations: PendingElicitations
let events: HostEvents
let window: FakeBrowserWindow
let disposers: (() => void)[]

beforeEach(() => {
  electronFake.reset()
  clock = new Date('2026-03-01T12:00:00.000Z')
  queue = new ApprovalQueue({ now: () => clock })
  toolCalls = new PendingToolCalls()
  elicitations = new PendingElicitations()
  events = new HostEvents()
  window = new FakeBrowserWindow({})
  disposers = []
})

afterEach(() => {
  for (const dispose of disposers) dispose()
  vi.useRealTimers()
})

function startTray(overrides: Partial<ApprovalTrayOptions> = {}) {
  const windows = windowAccess(window)
  const quit = vi.fn()
  const log = vi.fn()
  const dispose = createApprovalTray({
    approvals: new PendingApprovals(queue, toolCalls, elicitations),
    events,
    windows,
    iconPath,
    platform: 'darwin',
    quit,
    log,
    now: () => clock,
    ...overrides,
  })
  disposers.push(dispose)
  const tray = electronFake.Tray.instances.at(-1) as FakeTray
  return { tray, windows, quit, log, dispose }
}

/** A tool call shown now, as a chat turn shows it; resolves with the user's answer. */
function askToolCall(id: string, overrides: Partial<ToolCallCard> = {}, signal?: AbortSignal) {
  return toolCalls.ask(toolCallCard({ createdAt: clock.toISOString(), ...overrides, id }), signal)
}

function menuItems(tray: FakeTray): FakeMenuItem[] {
  return tray.menu?.items ?? []
}

function labels(tray: FakeTray): string[] {
  return menuItems(tray).map((item) => (item.type === 'separator' ? '---' : (item.label ?? '')))
}

function clickItem(tray: FakeTray, label: string): void {
  const item = menuItems(tray).find((candidate) => candidate.label === label)
  if (!item?.click) throw new Error(`no clickable menu item "${label}" in ${JSON.stringify(labels(tray))}`)
  item.click()
}

describe('the approvals tray', () => {
  it('shows the resources icon as a macOS template image and an idle state with nothing pending', () => {
    const { tray, log } = startTray()
    expect(tray.image.path).toBe(iconPath)
    expect(tray.image.isEmpty()).toBe(false)
    expect(tray.image.template).toBe(true)
    expect(tray.tooltip).toBe('MCP Desk — no pending approvals')
    expect(tray.title).toBe('')
    expect(labels(tray)).toEqual(['Open MCP Desk', '---', 'No pending approvals', '---', 'Quit MCP Desk'])
    expect(menuItems(tray)[2]?.enabled).toBe(false)
    expect(log).not.toHaveBeenCalled()
  })

  it('follows the queue: count in the title and tooltip, one menu line per waiting card', () => {
    const { tray } = startTray()
    const first = queue.request(cardDraft(), { phase: 'approval', timeoutMs: 0 })
    expect(tray.tooltip).toBe('MCP Desk — 1 pending approval')
    expect(tray.title).toBe('1')
    expect(labels(tray)).toEqual([
      'Open MCP Desk',
      '---',
      'Notes wants to run a model · just now',
      '---',
      'Quit MCP Desk',
    ])

    clock = new Date(clock.getTime() + 3 * 60_000)
    queue.request(cardDraft({ serverName: 'Files' }), { phase: 'approval', timeoutMs: 0 })
    expect(tray.tooltip).toBe('MCP Desk — 2 pending approvals')
    expect(tray.title).toBe('2')
    expect(labels(tray).slice(2, 4)).toEqual([
      'Notes wants to run a model · 3 min',
      'Files wants to run a model · just now',
    ])

    // Streaming is not waiting for the user; its review phase is again.
    queue.showStreaming(first.id)
    expect(tray.title).toBe('1')
    expect(labels(tray)).not.toContain('Notes wants to run a model · 3 min')
    queue.request(cardDraft(), { phase: 'review', timeoutMs: 0, id: first.id })
    expect(tray.title).toBe('2')
    expect(labels(tray)).toContain('Notes wants you to review a completion · 3 min')

    queue.remove(first.id)
    expect(tray.tooltip).toBe('MCP Desk — 1 pending approval')
  })

  it('counts tool-call cards with sampling cards, oldest first, until each is decided or its turn stops', async () => {
    const { tray } = startTray()
    queue.request(cardDraft(), { phase: 'approval', timeoutMs: 0 })
    clock = new Date(clock.getTime() + 2 * 60_000)
    const approved = askToolCall('t1', { serverName: 'Files', toolTitle: 'Read file' })
    const stop = new AbortController()
    const stopped = askToolCall('t2', { toolTitle: undefined }, stop.signal)
    expect(tray.title).toBe('3')
    expect(tray.tooltip).toBe('MCP Desk — 3 pending approvals')
    expect(labels(tray).slice(2, 5)).toEqual([
      'Notes wants to run a model · 2 min',
      'Files wants to call Read file · just now',
      'Notes wants to call search_notes · just now',
    ])
    expect(JSON.stringify(labels(tray))).not.toContain(SECRET_ARGUMENT)

    toolCalls.decide('t1', 'approve')
    expect(tray.title).toBe('2')
    stop.abort()
    expect(tray.title).toBe('1')
    expect(labels(tray)).not.toContain('Notes wants to call search_notes · just now')
    await expect(approved).resolves.toBe('approve')
    await expect(stopped).resolves.toBe('closed')
  })

  it('counts servers’ questions until answered; an opened link leaves the count, and a click opens its card', async () => {
    const { tray } = startTray()
    const focused = recordFocusEvents(events)
    const never = new AbortController().signal
    const answer = elicitations.wait(elicitationCard({ id: 'q1', createdAt: clock.toISOString() }), {}, never)
    void elicitations.wait(urlElicitationCard({ id: 'u1', createdAt: clock.toISOString() }), {}, never)
    void askToolCall('t1')
    expect(tray.title).toBe('3')
    expect(labels(tray).slice(2, 5)).toEqual([
      'Notes wants to call Search notes · just now',
      'Notes asks for information · just now',
      'Notes asks you to open a link · just now',
    ])
    expect(JSON.stringify(labels(tray))).not.toContain(FIELD_DEFAULT)

    clickItem(tray, 'Notes asks for information · just now')
    expect(focused).toEqual(['q1'])
    elicitations.get('u1')?.respond({ action: 'accept' })
    elicitations.update('u1', (card) => (card.mode === 'url' ? { ...card, opened: true } : card))
    expect(tray.title).toBe('2')
    elicitations.get('q1')?.respond({ action: 'decline' })
    elicitations.remove('q1')
    expect(tray.title).toBe('1')
    await expect(answer).resolves.toEqual({ action: 'decline' })
  })

  it('opens a tool-call card when its menu line is clicked', () => {
    const { tray, windows } = startTray()
    const focused = recordFocusEvents(events)
    void askToolCall('t1')
    clickItem(tray, 'Notes wants to call Search notes · just now')
    expect(windows.shows).toBe(1)
    expect(window.isFocused()).toBe(true)
    expect(focused).toEqual(['t1'])
  })

  it('refreshes the waiting times while only tool calls wait', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const { tray } = startTray({ refreshMs: 60_000 })
    void askToolCall('t1')
    clock = new Date(clock.getTime() + 5 * 60_000)
    vi.advanceTimersByTime(60_000)
    expect(labels(tray)).toContain('Notes wants to call Search notes · 5 min')
    toolCalls.decide('t1', 'deny')
    expect(vi.getTimerCount()).toBe(0)
  })

  it('brings the window forward and opens the card when its menu line is clicked', () => {
    const { tray, windows } = startTray()
    const focused = recordFocusEvents(events)
    const pending = queue.request(cardDraft(), { phase: 'approval', timeoutMs: 0 })
    expect(window.isFocused()).toBe(false)

    clickItem(tray, 'Notes wants to run a model · just now')
    expect(windows.shows).toBe(1)
    expect(window.isFocused()).toBe(true)
    expect(focused).toEqual([pending.id])
  })

  it('waits for a window that is still loading before asking it to open the card', () => {
    const { tray } = startTray()
    const focused = recordFocusEvents(events)
    const pending = queue.request(cardDraft(), { phase: 'approval', timeoutMs: 0 })
    window.webContents.loading = true

    clickItem(tray, 'Notes wants to run a model · just now')
    expect(focused).toEqual([])
    window.webContents.loading = false
    window.webContents.emit('did-finish-load')
    expect(focused).toEqual([pending.id])
  })

  it('lists at most 10 cards and opens the window for the rest', () => {
    const { tray, windows } = startTray()
    for (let index = 0; index < 12; index++) {
      queue.request(cardDraft({ serverName: `S${index}` }), { phase: 'approval', timeoutMs: 0 })
    }
    expect(tray.title).toBe('12')
    expect(labels(tray).filter((label) => label.includes('wants to run a model'))).toHaveLength(10)
    clickItem(tray, 'and 2 more')
    expect(windows.shows).toBe(1)
  })

  it('shows an ampersand in a server name instead of letting Electron read it as a mnemonic', () => {
    const { tray } = startTray()
    queue.request(cardDraft({ serverName: 'R&D' }), { phase: 'approval', timeoutMs: 0 })
    expect(labels(tray)).toContain('R&&D wants to run a model · just now')
  })

  it('opens the window and quits from the menu', () => {
    const { tray, windows, quit } = startTray()
    clickItem(tray, 'Open MCP Desk')
    expect(windows.shows).toBe(1)
    clickItem(tray, 'Quit MCP Desk')
    expect(quit).toHaveBeenCalledOnce()
  })

  it('refreshes the waiting times while cards wait', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const { tray } = startTray({ refreshMs: 60_000 })
    queue.request(cardDraft(), { phase: 'approval', timeoutMs: 0 })
    expect(labels(tray)).toContain('Notes wants to run a model · just now')

    clock = new Date(clock.getTime() + 2 * 60_000)
    vi.advanceTimersByTime(60_000)
    expect(labels(tray)).toContain('Notes wants to run a model · 2 min')
    expect(vi.getTimerCount()).toBe(1)
  })

  it('stops refreshing once nothing waits', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    startTray()
    const pending = queue.request(cardDraft(), { phase: 'approval', timeoutMs: 0 })
    expect(vi.getTimerCount()).toBe(1)
    queue.remove(pending.id)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('sets no title where the platform has none, and opens the window on a Windows left click', () => {
    const linux = startTray({ platform: 'linux' })
    queue.request(cardDraft(), { phase: 'approval', timeoutMs: 0 })
    expect(linux.tray.title).toBeUndefined()
    expect(linux.tray.image.template).toBe(false)
    expect(linux.tray.tooltip).toBe('MCP Desk — 1 pending approval')
    expect(linux.tray.listenerCount('click')).toBe(0)

    const windows = startTray({ platform: 'win32' })
    windows.tray.emit('click')
    expect(windows.windows.shows).toBe(1)
  })

  it('says so when the icon file is missing, and still shows the tray', () => {
    const { tray, log } = startTray({ iconPath: '/nonexistent/trayTemplate.png' })
    expect(log).toHaveBeenCalledWith('the tray icon could not be read from /nonexistent/trayTemplate.png')
    expect(tray.tooltip).toBe('MCP Desk — no pending approvals')
  })

  it('removes the icon and stops following the queue when disposed', () => {
    const { tray, dispose } = startTray()
    dispose()
    expect(tray.isDestroyed()).toBe(true)
    queue.request(cardDraft(), { phase: 'approval', timeoutMs: 0 })
    void askToolCall('t1')
    expect(tray.tooltip).toBe('MCP Desk — no pending approvals')
    dispose()
  })
})
