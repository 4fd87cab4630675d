import { Notification, type BrowserWindow } from 'electron'
import {
  isWaiting,
  NewApprovalDetector,
  noticesFor,
  waitingKey,
  type Notice,
} from '../core/approvals/approval-notices'
import type { PendingCard, PendingCardSource } from '../core/approvals/pending-approvals'
import type { HostEvents } from '../core/ipc/host-events'

export interface AppWindowAccess {
  /** The open app window, if any. */
  current(): BrowserWindow | undefined
  /** Shows and focuses the app window, opening a new one if it was closed (macOS apps outlive it). */
  show(): BrowserWindow | undefined
}

export interface ApprovalFocusTarget {
  windows: AppWindowAccess
  /** The host's events: `approvals:focus` reaches the renderer through the IPC router. */
  events: HostEvents
}

/** Brings the window forward and has the renderer open the card. */
export function focusApprovalCard(target: ApprovalFocusTarget, id: string): void {
  const window = target.windows.show()
  const emit = () => target.events.emit('approvals:focus', { id })
  // A window opened just now has no page listening yet; the event would be lost before it loads.
  if (window && !window.isDestroyed() && window.webContents.isLoading()) {
    window.webContents.once('did-finish-load', emit)
  } else {
    emit()
  }
}

export interface ApprovalNotifierOptions extends ApprovalFocusTarget {
  /** Sampling and tool-call cards together. */
  approvals: PendingCardSource
  log: (message: string) => void
  /** After a notification, cards arriving within this time are held and then shown together. */
  quietMs?: number
}

/**
 * A native notification for each card that starts waiting while the window is not focused (a focused
 * window already shows the card). Clicking one opens its card; a notification whose cards were decided
 * meanwhile is withdrawn. Returns a dispose function.
 */
export function startApprovalNotifier(options: ApprovalNotifierOptions): () => void {
  const { approvals, windows, log } = options
  const quietMs = options.quietMs ?? 5_000
  const detector = new NewApprovalDetector()
  // Electron drops the click handler of a notification that gets garbage-collected, so every shown
  // notification is held here until it is clicked, closed or withdrawn.
  const shown = new Map<Notification, Notice>()
  // The sources announce cards one by one, so a server (or a model) firing a batch would otherwise pop one
  // notification per request: the first shows at once, the rest wait out a quiet period and show as one
  // summary.
  let held: PendingCard[] = []
  let quiet: NodeJS.Timeout | undefined
  let waiting = new Set<string>()

  const windowFocused = () => windows.current()?.isFocused() === true

  const forget = (notification: Notification) => {
    if (shown.delete(notification)) notification.close()
  }

  const notify = (notice: Notice) => {
    const notification = new Notification({ title: notice.title, body: notice.body })
    notification.on('click', () => {
      forget(notification)
      focusApprovalCard(options, notice.cardId)
    })
    notification.on('close', () => shown.delete(notification))
    notification.show()
    shown.set(notification, notice)
  }

  const release = () => {
    quiet = undefined
    // Cards decided, or seen in a window focused meanwhile, no longer need a notification.
    const batch = held.filter((card) => waiting.has(waitingKey(card)))
    held = []
    if (batch.length === 0 || windowFocused()) return
    for (const notice of noticesFor(batch)) notify(notice)
    quiet = setTimeout(guarded(release), quietMs)
    quiet.unref()
  }

  const onCards = (cards: PendingCard[]) => {
    const fresh = detector.next(cards)
    waiting = new Set(cards.filter(isWaiting).map(waitingKey))
    for (const [notification, notice] of shown) {
      if (!notice.about.some((key) => waiting.has(key))) forget(notification)
    }
    if (fresh.length === 0 || !Notification.isSupported() || windowFocused()) return
    held.push(...fresh)
    if (!quiet) release()
  }

  // The sources call listeners inside the sampling or chat flow: a failure is logged, never thrown into a
  // server's request or a chat turn.
  function guarded<A extends unknown[]>(run: (...args: A) => void): (...args: A) => void {
    return (...args) => {
      try {
        run(...args)
      } catch (error) {
        log(`could not show an approval notification: ${(error as Error).message}`)
      }
    }
  }

  guarded(onCards)(approvals.list())
  const unsubscribe = approvals.subscribe(guarded(onCards))
  return () => {
    unsubscribe()
    clearTimeout(quiet)
    quiet = undefined
    held = []
    for (const notification of [...shown.keys()]) forget(notification)
  }
}
