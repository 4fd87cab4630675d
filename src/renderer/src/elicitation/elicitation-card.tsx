import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import {
  isElicitationWaiting,
  type ElicitationAnswer,
  type ElicitationCard,
  type ElicitationContent,
} from '../../../shared/elicitation/elicitation-card'
import { useAppState } from '../app/store-context'
import { approvalCardDomId } from '../approvals/approval-card'
import { handOffFocus, WAITING_CARD_ATTRIBUTE } from '../approvals/focus-hand-off'
import { useFocusRequest } from '../ui/use-focus-request'
import { useHandOffOnRemoval } from '../approvals/use-hand-off-on-removal'
import { ApprovalCardHeader } from '../approvals/approval-card-header'
import { ElicitationForm } from './elicitation-form'
import { ElicitationUrl } from './elicitation-url'
import { RevealedText } from '../ui/revealed-text'

export const ELICITATION_KEYBOARD_HELP =
  'Enter on this card declines the request, unless a button has focus; Enter in a field never sends the answer. Tab moves to the fields and the buttons.'

/**
 * A server's question (elicitation), anchored in the conversation it belongs to or in the approvals drawer
 * when that conversation is not open. Never a modal: it stays until answered and the transcript stays
 * readable. As with tool calls, the quick key is the safe one: Enter on the card itself declines.
 */
export function ElicitationApproval({ card, footer }: { card: ElicitationCard; footer?: ReactNode }) {
  const answerElicitation = useAppState((state) => state.answerElicitation)
  const dismissElicitation = useAppState((state) => state.dismissElicitation)
  const [busy, setBusy] = useState(false)
  const elementRef = useRef<HTMLElement>(null)
  const id = useId()
  const waiting = isElicitationWaiting(card)

  useFocusRequest(card.id, elementRef)
  useHandOffOnRemoval(elementRef)

  const answer = async (action: ElicitationAnswer['action'], content?: ElicitationContent) => {
    if (busy) return { ok: false as const }
    setBusy(true)
    const outcome = await answerElicitation(card.id, action, content)
    // On success the host's next list moves the card on; a refusal needs the buttons back.
    if (!outcome.ok || (card.mode === 'url' && action === 'accept')) setBusy(false)
    else handOffFocus(elementRef.current)
    return outcome
  }

  const dismiss = async () => {
    if (busy) return
    setBusy(true)
    if (await dismissElicitation(card.id)) handOffFocus(elementRef.current)
    else setBusy(false)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Enter' || event.target !== event.currentTarget || event.nativeEvent.isComposing) return
    event.preventDefault()
    if (waiting) void answer('decline')
  }

  const asks = card.mode === 'form' ? 'asks for information' : 'asks you to open a link'
  return (
    <article
      id={approvalCardDomId(card.id)}
      ref={elementRef}
      className={`approval-card approval-card--elicitation${waiting ? '' : ' approval-card--elicitation-opened'}`}
      data-testid="elicitation-card"
      data-mode={card.mode}
      {...(waiting ? { [WAITING_CARD_ATTRIBUTE]: '' } : {})}
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
            <span className="approval-card-server">{card.serverName}</span> {asks}
          </>
        }
        transportLabel={card.transportLabel}
        phase={{ label: card.mode === 'form' ? 'Question' : 'Link', tone: 'approval' }}
        createdAt={card.createdAt}
        cardRef={elementRef}
        askedInside={card.askedInside}
      />
      <div className="approval-card-body">
        {card.message && (
          <p className="elicitation-message selectable" data-testid="elicitation-message">
            <RevealedText text={card.message} />
          </p>
        )}
        {card.mode === 'form' ? (
          <ElicitationForm card={card} busy={busy} answer={answer} />
        ) : (
          <ElicitationUrl card={card} busy={busy} answer={answer} dismiss={() => void dismiss()} />
        )}
        {footer}
      </div>
      <p id={`${id}-help`} className="approval-card-help">
        {waiting ? ELICITATION_KEYBOARD_HELP : 'Tab moves to the Dismiss button.'}
      </p>
    </article>
  )
}
