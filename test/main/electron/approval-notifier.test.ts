import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApprovalQueue } from '../../../src/main/core/approvals/approval-queue'
import { PendingApprovals } from '../../../src/main/core/approvals/pending-approvals'
import { PendingToolCalls } from '../../../src/main/core/chat/pending-tool-calls'
import { PendingElicitations } from '../../../src/main/core/elicitation/pending-elicitations'
import { HostEvents } from '../../../src/main/core/ipc/host-events'
import {
  startApprovalNotifier,
  type ApprovalNotifierOptions,
} from '../../../src/main/electron/approval-notifier'
import type { ToolCallCard } from '../../../src/shared/chat/tool-call-card'
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
import { electronFake, FakeBrowserWindow, type FakeNotification } from './fake-electron'

vi.mock('electron', async () => (await import('./fake-electron')).electronFake.module)

let queue: ApprovalQueue
let toolCalls: PendingToolCalls
let elicitations: PendingElicitations
let events: HostEvents
let window: FakeBrowserWindow
let disposers: (() => void)[]

beforeEach(() => {
  electronFake.reset()
  queue = new ApprovalQueue()
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

function startNotifier(overrides: Partial<ApprovalNotifierOptions> = {}) {
  const windows = windowAccess(window)
  const log = vi.fn()
  const approvals = new PendingApprovals(queue, toolCalls, elicitations)
  const dispose = startApprovalNotifier({ approvals, events, windows, log, quietMs: 5_000, ...overrides })
  disposers.push(dispose)
  return { windows, log, dispose }
}

function notifications(): FakeNotification[] {
  return electronFake.Notification.instances
}

const ask = (overrides: Parameters<typeof cardDraft>[0] = {}) =>
  queue.request(cardDraft(overrides), { phase: 'approval', timeoutMs: 0 })

/** A tool call as a chat turn shows it; resolves with the user's answer. */
const askToolCall = (id: string, overrides: Partial<ToolCallCard> = {}, signal?: AbortSignal) =>
  toolCalls.ask(toolCallCard({ createdAt: new Date().toISOString(), ...overrides, id }), signal)

describe('approval notifications', () => {
  it('shows nothing while the window is focused: the card is already on screen', () => {
    window.focused = true
    startNotifier()
    ask()
    expect(notifications()).toEqual([])
  })

  it('shows one notification per new card while the window is not focused', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    startNotifier()
    ask({ firstUserText: 'Summarise\nmy notes' })
    expect(notifications()).toHaveLength(1)
    const [first] = notifications()
    expect(first?.options).toEqual({
      title: 'Notes wants to run a model',
      body: 'Model: Llama 3 (local)\nSummarise my notes',
    })
    expect(first?.shown).toBe(true)

    // Another card after the quiet period gets its own; the first is not notified again.
    vi.advanceTimersByTime(5_000)
    ask({ serverName: 'Files' })
    expect(notifications().map((n) => n.options.title)).toEqual([
      'Notes wants to run a model',
      'Files wants to run a model',
    ])
  })

  it('tells about a tool call by its tool and destination, never its arguments, and opens it on a click', () => {
    startNotifier()
    const focused = recordFocusEvents(events)
    void askToolCall('t1')
    expect(notifications().map((n) => n.options)).toEqual([
      {
        title: 'Notes wants to call Search notes',
        body: 'Tool: search_notes\nDestination: notes-mcp --vault ~/notes',
      },
    ])
    expect(JSON.stringify(notifications()[0]?.options)).not.toContain(SECRET_ARGUMENT)

    notifications()[0]?.emit('click')
    expect(window.isFocused()).toBe(true)
    expect(focused).toEqual(['t1'])
  })

  it('withdraws a tool-call notification once the call is decided or its turn stops', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    startNotifier()
    const decided = askToolCall('t1')
    vi.advanceTimersByTime(5_000)
    const stop = new AbortController()
    const stopped = askToolCall('t2', { toolName: 'delete_note', toolTitle: undefined }, stop.signal)
    const [forDecided, forStopped] = notifications()
    expect(forStopped?.options.title).toBe('Notes wants to call delete_note')

    toolCalls.decide('t1', 'deny')
    expect(forDecided?.closed).toBe(true)
    expect(forStopped?.closed).toBe(false)
    stop.abort()
    expect(forStopped?.closed).toBe(true)
    await expect(decided).resolves.toBe('deny')
    await expect(stopped).resolves.toBe('closed')
  })

  it('gathers sampling and tool-call cards arriving together into one summary', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    startNotifier()
    ask()
    void askToolCall('t1', { serverName: 'Files' })
    ask({ serverName: 'Mail' })
    void askToolCall('t2')
    void askToolCall('t3', { serverName: 'Files' })
    expect(notifications()).toHaveLength(1)

    vi.advanceTimersByTime(5_000)
    expect(notifications()[1]?.options).toEqual({
      title: '4 requests need your approval',
      body: 'From Files, Mail, Notes',
    })
    const focused = recordFocusEvents(events)
    notifications()[1]?.emit('click')
    expect(focused).toEqual(['t1'])
  })

  it('tells about a server’s question by its message, never a field’s value, and withdraws it once answered', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    startNotifier()
    const focused = recordFocusEvents(events)
    const never = new AbortController().signal
    const answer = elicitations.wait(elicitationCard({ id: 'q1' }), {}, never)
    vi.advanceTimersByTime(5_000)
    void elicitations.wait(urlElicitationCard({ id: 'u1' }), {}, never)
    expect(notifications().map((n) => n.options)).toEqual([
      { title: 'Notes asks for information', body: 'Which vault should I open?' },
      {
        title: 'Notes asks you to open a link',
        body: 'Link to auth.example.com\nSign in to sync your notes.',
      },
    ])
    expect(JSON.stringify(notifications().map((n) => n.options))).not.toContain(FIELD_DEFAULT)

    notifications()[0]?.emit('click')
    expect(focused).toEqual(['q1'])
    elicitations.get('u1')?.respond({ action: 'accept' })
    elicitations.update('u1', (card) => (card.mode === 'url' ? { ...card, opened: true } : card))
    // The user opened the link: nothing waits for them any more, so its notification goes.
    expect(notifications()[1]?.closed).toBe(true)
    elicitations.get('q1')?.respond({ action: 'cancel' })
    await expect(answer).resolves.toEqual({ action: 'cancel' })
  })

  it('shows nothing for a tool call while the window is focused: the card is in the conversation', () => {
    window.focused = true
    startNotifier()
    void askToolCall('t1')
    expect(notifications()).toEqual([])
  })

  it('opens the card when the notification is clicked', () => {
    startNotifier()
    const focused = recordFocusEvents(events)
    const pending = ask()
    notifications()[0]?.emit('click')
    expect(window.isFocused()).toBe(true)
    expect(focused).toEqual([pending.id])
  })

  it('notifies again when the same card waits for a review of its completion', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    startNotifier()
    const pending = ask()
    queue.showStreaming(pending.id)
    vi.advanceTimersByTime(5_000)
    queue.request(cardDraft(), { phase: 'review', timeoutMs: 0, id: pending.id })
    expect(notifications().map((n) => n.options.title)).toEqual([
      'Notes wants to run a model',
      'Notes wants you to review a completion',
    ])
  })

  it('withdraws a notification once its card is decided or gone', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    startNotifier()
    const first = ask()
    vi.advanceTimersByTime(5_000)
    const second = ask({ serverName: 'Files' })
    const [forFirst, forSecond] = notifications()

    queue.showStreaming(first.id)
    expect(forFirst?.closed).toBe(true)
    expect(forSecond?.closed).toBe(false)
    queue.remove(second.id)
    expect(forSecond?.closed).toBe(true)
  })

  it('gathers cards arriving in a burst into one summary after the quiet period', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    startNotifier()
    ask()
    const rest = ['Files', 'Mail', 'Notes', 'Files'].map((serverName) => ask({ serverName }))
    expect(notifications()).toHaveLength(1)

    vi.advanceTimersByTime(5_000)
    expect(notifications()).toHaveLength(2)
    expect(notifications()[1]?.options).toEqual({
      title: '4 requests need your approval',
      body: 'From Files, Mail, Notes',
    })
    const focused = recordFocusEvents(events)
    notifications()[1]?.emit('click')
    expect(focused).toEqual([rest[0]?.id])
  })

  it('drops held cards that were decided, or seen in a window focused, during the quiet period', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    startNotifier()
    ask()
    const decided = ask({ serverName: 'Files' })
    queue.remove(decided.id)
    vi.advanceTimersByTime(5_000)
    expect(notifications()).toHaveLength(1)

    ask({ serverName: 'Mail' })
    expect(notifications()).toHaveLength(2)
    ask({ serverName: 'Calendar' })
    window.focused = true
    vi.advanceTimersByTime(5_000)
    expect(notifications()).toHaveLength(2)
  })

  it('shows nothing where the system has no notifications', () => {
    electronFake.Notification.supported = false
    startNotifier()
    ask()
    expect(notifications()).toEqual([])
  })

  it('lets a dismissed notification go and withdraws the rest when disposed', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const { dispose } = startNotifier()
    ask()
    vi.advanceTimersByTime(5_000)
    ask({ serverName: 'Files' })
    const [dismissed, open] = notifications()
    dismissed?.dismiss()

    dispose()
    expect(open?.closed).toBe(true)
    expect(vi.getTimerCount()).toBe(0)
    ask({ serverName: 'Mail' })
    expect(notifications()).toHaveLength(2)
  })

  it('logs a failing notification instead of throwing into the sampling request', () => {
    const { log } = startNotifier()
    const failing = vi.spyOn(electronFake.Notification.prototype, 'show').mockImplementation(() => {
      throw new Error('notification service gone')
    })
    expect(() => ask()).not.toThrow()
    expect(log).toHaveBeenCalledWith('could not show an approval notification: notification service gone')
    failing.mockRestore()
  })
})
