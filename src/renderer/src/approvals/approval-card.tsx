import { useId, useRef, useState, type KeyboardEvent } from 'react'
import type { ApprovalDecision, SamplingCard } from '../../../shared/sampling/sampling-card'
import { cardKeyboardHelp, phaseLabels } from '../sampling/sampling-labels'
import { useAppState } from '../app/store-context'
import { handOffFocus, WAITING_CARD_ATTRIBUTE } from './focus-hand-off'
import { useFocusRequest } from '../ui/use-focus-request'
import { useHandOffOnRemoval } from './use-hand-off-on-removal'
import { ApprovalCardHeader } from './approval-card-header'
import { SamplingApproval } from '../sampling/sampling-approval'
import { SamplingReview } from '../sampling/sampling-review'
import { SamplingStreaming } from '../sampling/sampling-streaming'

/** The card's element id, for bringing it into view when a notification or the tray asks for it. */
export function approvalCardDomId(cardId: string): string {
  return `approval-card-${cardId}`
}

/**
 * One sampling request waiting on the user, wherever it is shown: in the transcript of the conversation
 * whose tool call asked for it, or in the global approvals drawer. Not a modal: it stays until decided and the rest of the window stays
 * usable. Enter on the card itself (not on a control inside it) denies, so the quick key is the safe one.
 */
export function ApprovalCard({ card }: { card: SamplingCard }) {
  const decideApproval = useAppState((state) => state.decideApproval)
  // The phase a decision was sent in: the card stays busy until the host moves it on or it fails.
  const [sentIn, setSentIn] = useState<SamplingCard['phase'] | null>(null)
  const busy = sentIn === card.phase
  const elementRef = useRef<HTMLElement>(null)
  const id = useId()

  useFocusRequest(card.id, elementRef)
  useHandOffOnRemoval(elementRef)

  const decide = async (decision: ApprovalDecision): Promise<void> => {
    if (busy) return
    setSentIn(card.phase)
    if (await decideApproval(card.id, decision)) handOffFocus(elementRef.current)
    else setSentIn(null)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Enter' || event.target !== event.currentTarget || card.phase === 'streaming') return
    event.preventDefault()
    void decide({ kind: 'deny' })
  }

  return (
    <article
      id={approvalCardDomId(card.id)}
      ref={elementRef}
      className={`approval-card approval-card--${card.phase}`}
      data-testid="approval-card"
      data-phase={card.phase}
      {...(card.phase === 'streaming' ? {} : { [WAITING_CARD_ATTRIBUTE]: '' })}
      tabIndex={0}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-help`}
      aria-busy={busy}
      onKeyDown={onKeyDown}
    >
      <ApprovalCardHeader
        titleId={`${id}-title`}
        title={
          <>
            <span className="approval-card-server">{card.serverName}</span> wants to run a model
          </>
        }
        transportLabel={card.transportLabel}
        phase={{ label: phaseLabels[card.phase], tone: card.phase }}
        createdAt={card.createdAt}
        cardRef={elementRef}
        askedInside={card.askedInside}
      />
      {card.phase === 'approval' && <SamplingApproval card={card} busy={busy} onDecide={decide} />}
      {card.phase === 'streaming' && <SamplingStreaming card={card} />}
      {card.phase === 'review' && <SamplingReview card={card} busy={busy} onDecide={decide} />}
      <p id={`${id}-help`} className="approval-card-help">
        {cardKeyboardHelp(card.phase)}
      </p>
    </article>
  )
}
