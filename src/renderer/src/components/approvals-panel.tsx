import { useEffect, useRef } from 'react'
import { useAppState } from '../state/store-context'
import { ApprovalCard, approvalCardDomId } from './approval-card'

/**
 * The global approvals queue, in arrival order. There are no conversations yet, so every card lands here;
 * when a card names its conversation it will be shown there instead (the card itself does not care).
 * A notification or tray click (`approvals:focus`) brings its card into view and gives it focus, once the
 * card is here; the request waits for the next list if the card has not arrived yet.
 */
export function ApprovalsPanel() {
  const approvals = useAppState((state) => state.approvals)
  const pending = useAppState((state) => state.pendingApprovals)
  const focus = useAppState((state) => state.approvalFocus)
  const handledSeq = useRef(0)

  useEffect(() => {
    if (!focus || focus.seq <= handledSeq.current) return
    const element = document.getElementById(approvalCardDomId(focus.id))
    if (!element) return
    handledSeq.current = focus.seq
    element.scrollIntoView?.({ block: 'nearest' })
    element.focus()
  }, [focus, approvals])

  if (approvals.length === 0) {
    return (
      <section className="panel" data-testid="approvals-panel" aria-label="Pending approvals">
        <p className="empty-note">No pending approvals.</p>
        <p className="hint">Tool calls and sampling requests that need your decision will wait here.</p>
      </section>
    )
  }
  const running = approvals.length - pending
  return (
    <section className="panel" data-testid="approvals-panel" aria-label="Pending approvals">
      <p className="hint" data-testid="approvals-summary">
        {pending} waiting for you{running > 0 ? ` · ${running} generating` : ''}
      </p>
      <ul className="approval-list">
        {approvals.map((card) => (
          <li key={card.id}>
            <ApprovalCard card={card} />
          </li>
        ))}
      </ul>
    </section>
  )
}
