import { useMemo } from 'react'
import { isElicitationWaiting } from '../../../shared/elicitation/elicitation-card'
import { inOpenConversation, waitingCount } from './approvals-model'
import { useAppState } from '../app/store-context'
import { ApprovalCard } from './approval-card'
import { ApprovalQueue } from './approval-queue'
import { arrivalOrder, type QueueEntry } from './approval-queue-model'
import { ApprovalBatches, serverBatches } from './approvals-bulk'
import { ElicitationApproval } from '../elicitation/elicitation-card'
import { ToolCallApproval } from '../chat/tool-call-approval'
import { shownBesideView } from '../apps/view-actions'

/** Where a drawer card comes from, with the way to read it in its transcript. */
function ConversationLink({ conversationId, fromView }: { conversationId: string; fromView?: boolean }) {
  const title = useAppState(
    (state) => state.conversations.find((entry) => entry.id === conversationId)?.title,
  )
  const openConversation = useAppState((state) => state.openConversation)
  // A view opened from the servers panel is in no conversation: there is nothing to open.
  if (fromView && title === undefined) {
    return <p className="tool-call-origin">From a view opened in the servers panel.</p>
  }
  return (
    <p className="tool-call-origin">
      In conversation <span className="tool-call-origin-title">“{title ?? conversationId}”</span>{' '}
      <button type="button" className="link-button" onClick={() => void openConversation(conversationId)}>
        Open conversation
      </button>
    </p>
  )
}

/** A drawer card, with the way to its conversation when it belongs to one. */
function DrawerCard({ entry }: { entry: QueueEntry }) {
  switch (entry.kind) {
    case 'tool-call':
      return (
        <ToolCallApproval
          card={entry.card}
          footer={
            <ConversationLink
              conversationId={entry.card.conversationId}
              fromView={entry.card.view !== undefined}
            />
          }
        />
      )
    case 'elicitation':
      return (
        <ElicitationApproval
          card={entry.card}
          footer={
            entry.card.conversationId ? (
              <ConversationLink conversationId={entry.card.conversationId} />
            ) : undefined
          }
        />
      )
    case 'sampling':
      return <ApprovalCard card={entry.card} />
  }
}

/**
 * The global approvals queue, in arrival order: the sampling cards, tool-call cards and servers' questions
 * of the conversations that are not open, or of none (the open conversation shows its own in its
 * transcript, under the call that asked). A notification or tray click (`approvals:focus`) is handled by
 * the card itself, wherever it is shown, once it arrives.
 */
export function ApprovalsPanel() {
  const allApprovals = useAppState((state) => state.approvals)
  const toolCalls = useAppState((state) => state.toolCalls)
  const openId = useAppState((state) => state.conversation?.id)
  // The open conversation's sampling cards are in its transcript, under the tool call that asked.
  const approvals = useMemo(
    () => allApprovals.filter((card) => !inOpenConversation(card, openId)),
    [allApprovals, openId],
  )
  const pending = waitingCount(approvals)
  const viewsOnScreen = useAppState((state) => state.viewsOnScreen)
  // A card a view asked for is beside that view while it is mounted, and here when it is not (its view
  // scrolled away or in another conversation, or a view card the host could not tie to a conversation).
  const elsewhere = useMemo(
    () =>
      toolCalls.filter((card) => !inOpenConversation(card, openId) && !shownBesideView(card, viewsOnScreen)),
    [toolCalls, openId, viewsOnScreen],
  )
  const elicitations = useAppState((state) => state.elicitations)
  const questionsElsewhere = useMemo(
    () => elicitations.filter((card) => !inOpenConversation(card, openId)),
    [elicitations, openId],
  )
  const queue = useMemo(
    () => arrivalOrder(approvals, elsewhere, questionsElsewhere),
    [approvals, elsewhere, questionsElsewhere],
  )

  const inConversation =
    toolCalls.filter((card) => inOpenConversation(card, openId)).length +
    elicitations.length -
    questionsElsewhere.length +
    allApprovals.length -
    approvals.length
  if (queue.length === 0) {
    return (
      <section className="panel" data-testid="approvals-panel" aria-label="Pending approvals">
        <p className="empty-note">
          {inConversation > 0 ? 'Nothing else is waiting.' : 'No pending approvals.'}
        </p>
        <p className="hint">
          {inConversation > 0
            ? 'The tool calls, sampling requests and questions of the open conversation wait in its transcript.'
            : 'Tool calls, sampling requests and servers’ questions that need you will wait here.'}
        </p>
      </section>
    )
  }
  const batches = serverBatches(approvals, elsewhere, questionsElsewhere)
  const running = approvals.length - pending
  const waiting = pending + elsewhere.length + questionsElsewhere.filter(isElicitationWaiting).length
  return (
    <section className="panel" data-testid="approvals-panel" aria-label="Pending approvals">
      <p className="hint" data-testid="approvals-summary">
        {waiting} waiting for you{running > 0 ? ` · ${running} generating` : ''}
        {inConversation > 0 ? ` · ${inConversation} more in the open conversation` : ''}
      </p>
      <ApprovalBatches batches={batches} />
      <ul className="approval-list">
        <ApprovalQueue entries={queue} renderCard={(entry) => <DrawerCard entry={entry} />} />
      </ul>
    </section>
  )
}
