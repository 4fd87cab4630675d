import { useEffect, useMemo, useRef } from 'react'
import type { ToolCallCard } from '../../../shared/chat/tool-call-card'
import type { SamplingCard } from '../../../shared/sampling/sampling-card'
import { useAppState } from '../state/store-context'
import { ApprovalCard, approvalCardDomId } from './approval-card'
import { ToolCallApproval } from './tool-call-approval'

/** Where a drawer card's call comes from, with the way to read it in its transcript. */
function ConversationLink({ card }: { card: ToolCallCard }) {
  const title = useAppState(
    (state) => state.conversations.find((entry) => entry.id === card.conversationId)?.title,
  )
  const openConversation = useAppState((state) => state.openConversation)
  return (
    <p className="tool-call-origin">
      In conversation <span className="tool-call-origin-title">“{title ?? card.conversationId}”</span>{' '}
      <button
        type="button"
        className="link-button"
        onClick={() => void openConversation(card.conversationId)}
      >
        Open conversation
      </button>
    </p>
  )
}

type QueueEntry = { kind: 'sampling'; card: SamplingCard } | { kind: 'tool-call'; card: ToolCallCard }

/** Sampling and tool-call cards in one queue, oldest first (a stable sort keeps equal times in order). */
function arrivalOrder(sampling: readonly SamplingCard[], toolCalls: readonly ToolCallCard[]): QueueEntry[] {
  const entries: QueueEntry[] = [
    ...sampling.map((card) => ({ kind: 'sampling' as const, card })),
    ...toolCalls.map((card) => ({ kind: 'tool-call' as const, card })),
  ]
  return entries.sort((a, b) => Date.parse(a.card.createdAt) - Date.parse(b.card.createdAt))
}

/**
 * The global approvals queue, in arrival order: every sampling card, and the tool-call cards of the
 * conversations that are not open (the open conversation shows its own in its transcript).
 * A notification or tray click (`approvals:focus`) brings its card into view and gives it focus, once the
 * card is here; the request waits for the next list if the card has not arrived yet.
 */
export function ApprovalsPanel() {
  const approvals = useAppState((state) => state.approvals)
  const pending = useAppState((state) => state.pendingApprovals)
  const focus = useAppState((state) => state.approvalFocus)
  const toolCalls = useAppState((state) => state.toolCalls)
  const openId = useAppState((state) => state.conversation?.id)
  const elsewhere = useMemo(
    () => toolCalls.filter((card) => card.conversationId !== openId),
    [toolCalls, openId],
  )
  const queue = useMemo(() => arrivalOrder(approvals, elsewhere), [approvals, elsewhere])
  const handledSeq = useRef(0)

  useEffect(() => {
    if (!focus || focus.seq <= handledSeq.current) return
    const element = document.getElementById(approvalCardDomId(focus.id))
    if (!element) return
    handledSeq.current = focus.seq
    element.scrollIntoView?.({ block: 'nearest' })
    element.focus()
  }, [focus, approvals, elsewhere])

  const inConversation = toolCalls.length - elsewhere.length
  if (approvals.length === 0 && elsewhere.length === 0) {
    return (
      <section className="panel" data-testid="approvals-panel" aria-label="Pending approvals">
        <p className="empty-note">
          {inConversation > 0 ? 'Nothing else is waiting.' : 'No pending approvals.'}
        </p>
        <p className="hint">
          {inConversation > 0
            ? 'The tool calls of the open conversation wait in its transcript.'
            : 'Tool calls and sampling requests that need your decision will wait here.'}
        </p>
      </section>
    )
  }
  const running = approvals.length - pending
  const waiting = pending + elsewhere.length
  return (
    <section className="panel" data-testid="approvals-panel" aria-label="Pending approvals">
      <p className="hint" data-testid="approvals-summary">
        {waiting} waiting for you{running > 0 ? ` · ${running} generating` : ''}
        {inConversation > 0 ? ` · ${inConversation} more in the open conversation` : ''}
      </p>
      <ul className="approval-list">
        {queue.map((entry) => (
          <li key={entry.card.id}>
            {entry.kind === 'tool-call' ? (
              <ToolCallApproval card={entry.card} footer={<ConversationLink card={entry.card} />} />
            ) : (
              <ApprovalCard card={entry.card} />
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}
