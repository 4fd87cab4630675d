import { useEffect, useMemo, useRef, useState } from 'react'
import { announcementOf, stillWaitingNotice, waitingRequests, windowTitle } from './approval-announcements'
import { inOpenConversation } from './approvals-model'
import { useAppState } from '../app/store-context'

/** How long a toast stays before it goes by itself (the request still waits behind the bell). */
const TOAST_MS = 8_000

interface Toast {
  id: string
  text: string
  /** The conversation whose transcript shows its card: while that one is open, the card is in front of the
   *  user, so the notice is for screen readers only. */
  conversationId?: string | undefined
}

/**
 * Says when a request starts waiting for the user, wherever the user is looking: the window title carries
 * the count ("(2) MCP Desk"), and a toast names the server and what it asks. The toast is a polite live
 * region that is always in the page, so a screen reader announces each new one; "Show" brings the card into
 * view with focus (in its conversation or the approvals drawer), as a notification click does. A card that
 * appears in the open conversation, or while the approvals drawer is open, is already in front of the user:
 * it is announced, not shown twice.
 */
export function ApprovalAnnouncer() {
  const sampling = useAppState((state) => state.approvals)
  const toolCalls = useAppState((state) => state.toolCalls)
  const elicitations = useAppState((state) => state.elicitations)
  const revealApproval = useAppState((state) => state.revealApproval)
  const waiting = useMemo(
    () => waitingRequests(sampling, toolCalls, elicitations),
    [sampling, toolCalls, elicitations],
  )
  const seen = useRef(new Set<string>())
  const [toast, setToast] = useState<Toast | null>(null)
  const drawer = useAppState((state) => state.drawer)
  const openId = useAppState((state) => state.conversation?.id)
  const [lastDrawer, setLastDrawer] = useState(drawer)

  // Closing the approvals drawer (Escape, ×) with requests still in it says they still wait, and where.
  // Adjusted while rendering (React's pattern for state that follows a prop), not in an effect.
  if (drawer !== lastDrawer) {
    setLastDrawer(drawer)
    if (lastDrawer === 'approvals') {
      const inDrawer = waitingRequests(
        sampling.filter((card) => !inOpenConversation(card, openId)),
        toolCalls.filter((card) => !inOpenConversation(card, openId)),
        elicitations.filter((card) => !inOpenConversation(card, openId)),
      )
      const text = stillWaitingNotice(inDrawer)
      if (text !== undefined) setToast({ id: inDrawer[0]!.id, text })
    }
  }

  useEffect(() => {
    document.title = windowTitle(waiting.length)
  }, [waiting.length])

  useEffect(() => {
    const arrived = waiting.filter((request) => !seen.current.has(request.id))
    // Only what waits now is remembered, so the set stays as small as the queue.
    seen.current = new Set(waiting.map((request) => request.id))
    const text = announcementOf(arrived)
    const first = arrived[0]
    if (text !== undefined && first) setToast({ id: first.id, text, conversationId: first.conversationId })
    else if (toast && !seen.current.has(toast.id)) setToast(null)
  }, [waiting, toast])

  useEffect(() => {
    if (!toast) return
    const timer = setTimeout(() => setToast(null), TOAST_MS)
    return () => clearTimeout(timer)
  }, [toast])

  // In front of the user already: a card in the open conversation, or any request while the approvals drawer
  // (which lists all the others) is open. Announced, not shown a second time over the cards.
  const quiet = toast !== null && (drawer === 'approvals' || inOpenConversation(toast, openId))
  return (
    <div
      className="approval-toast-region"
      role="status"
      aria-live="polite"
      data-testid="approval-toast-region"
    >
      {toast && quiet && (
        <span className="visually-hidden" data-testid="approval-toast">
          {toast.text}
        </span>
      )}
      {toast && !quiet && (
        <div className="approval-toast" data-testid="approval-toast">
          <span className="approval-toast-text">{toast.text}</span>
          <button
            type="button"
            className="button button--small button--primary"
            onClick={() => {
              revealApproval(toast.id)
              setToast(null)
            }}
          >
            Show
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label="Dismiss this notice (the request still waits)"
            onClick={() => setToast(null)}
          >
            ×
          </button>
        </div>
      )}
    </div>
  )
}
