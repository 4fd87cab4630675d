import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import {
  TOOL_CALL_ARGUMENTS_LIMIT_BYTES,
  type ToolCallCard,
  type ToolCallDecision,
} from '../../../shared/chat/tool-call-card'
import { useAppState } from '../app/store-context'
import { approvalCardDomId } from '../approvals/approval-card'
import { handOffFocus, WAITING_CARD_ATTRIBUTE } from '../approvals/focus-hand-off'
import { useFocusRequest } from '../ui/use-focus-request'
import { useHandOffOnRemoval } from '../approvals/use-hand-off-on-removal'
import { ApprovalCardHeader } from '../approvals/approval-card-header'
import { RevealedText } from '../ui/revealed-text'
import { ToolAnnotationBadges } from '../tools/tool-annotation-badges'
import { ToolChangeItem } from '../servers/tool-change-item'

export const TOOL_CALL_KEYBOARD_HELP =
  'Enter on this card denies the call, unless an Approve button has focus. Tab moves to the arguments and the buttons.'

function utf8Bytes(text: string): number {
  return new TextEncoder().encode(text).length
}

/** Pretty JSON; long arguments start in a scrolling box and open fully on request. */
function ToolCallArguments({ card, id }: { card: ToolCallCard; id: string }) {
  const collapsible = card.argumentsTruncated || utf8Bytes(card.arguments) > TOOL_CALL_ARGUMENTS_LIMIT_BYTES
  const [expanded, setExpanded] = useState(false)
  const collapsed = collapsible && !expanded
  return (
    <div className="tool-call-arguments">
      <pre
        id={`${id}-arguments`}
        className={
          collapsed ? 'schema-json tool-call-json tool-call-json--collapsed' : 'schema-json tool-call-json'
        }
        tabIndex={0}
        aria-label="Arguments"
        data-testid="tool-call-arguments"
      >
        <RevealedText text={card.arguments} />
      </pre>
      {card.argumentsTruncated && (
        <p className="hint" data-testid="tool-call-arguments-truncated">
          … truncated: only the first 2 KiB are shown here; the model’s full arguments are what is sent.
        </p>
      )}
      {collapsible && (
        <button
          type="button"
          className="link-button"
          aria-expanded={expanded}
          aria-controls={`${id}-arguments`}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? 'Show less' : 'Show all arguments'}
        </button>
      )}
    </div>
  )
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="tool-call-fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

/**
 * One MCP tool call waiting for the user, anchored in its conversation's transcript (or in the approvals
 * drawer when that conversation is not open). Not a modal: it stays until decided and the transcript stays
 * readable. Enter anywhere on the card denies, unless an Approve button has focus: the quick key is the
 * safe one, and approving always takes a deliberate move to its button.
 */
export function ToolCallApproval({ card, footer }: { card: ToolCallCard; footer?: ReactNode }) {
  const decideToolCall = useAppState((state) => state.decideToolCall)
  const [busy, setBusy] = useState(false)
  const elementRef = useRef<HTMLElement>(null)
  const approveRef = useRef<HTMLButtonElement>(null)
  const forConversationRef = useRef<HTMLButtonElement>(null)
  const id = useId()

  useFocusRequest(card.id, elementRef)
  useHandOffOnRemoval(elementRef)

  const decide = async (decision: ToolCallDecision): Promise<void> => {
    if (busy) return
    setBusy(true)
    // On success the card leaves with the host's next list; only a refusal needs the buttons back.
    if (await decideToolCall(card.id, decision)) handOffFocus(elementRef.current)
    else setBusy(false)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return
    event.preventDefault()
    if (event.target === approveRef.current) void decide('approve')
    else if (event.target === forConversationRef.current) void decide('approve-for-conversation')
    else void decide('deny')
  }

  return (
    <article
      id={approvalCardDomId(card.id)}
      ref={elementRef}
      className="approval-card approval-card--tool-call"
      data-testid="tool-call-card"
      {...{ [WAITING_CARD_ATTRIBUTE]: '' }}
      tabIndex={0}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-help`}
      aria-busy={busy}
      onKeyDown={onKeyDown}
    >
      <ApprovalCardHeader
        titleId={`${id}-title`}
        title={
          card.view ? (
            // A view is the server's own code: the card says who really asks, not "the model".
            <>
              Call <span className="approval-card-server">{card.toolName}</span> on{' '}
              <span className="approval-card-server">{card.serverName}</span>, from the view of{' '}
              <span className="approval-card-server">{card.view.toolName}</span>
            </>
          ) : (
            <>
              The model wants to call <span className="approval-card-server">{card.toolName}</span> on{' '}
              <span className="approval-card-server">{card.serverName}</span>
            </>
          )
        }
        transportLabel={card.transportLabel}
        phase={{ label: card.view ? 'Tool call from a view' : 'Tool call', tone: 'approval' }}
        createdAt={card.createdAt}
        cardRef={elementRef}
      />
      <div className="approval-card-body">
        <dl className="tool-call-facts selectable">
          <Fact label="Server">
            {card.serverName} <span className="tool-exposed">({card.serverId})</span>
          </Fact>
          <Fact label="Destination">
            <code className="tool-call-destination">{card.destination}</code>
          </Fact>
          <Fact label="Tool">
            <RevealedText text={card.toolName} className="tool-name" />
            {card.toolTitle && (
              <>
                {' '}
                <RevealedText text={card.toolTitle} className="tool-title" />
              </>
            )}{' '}
            <code className="tool-exposed">{card.exposedName}</code>{' '}
            <ToolAnnotationBadges annotations={card.annotations} />
          </Fact>
        </dl>
        <div className="tool-call-section">
          <span className="field-label">Arguments</span>
          <ToolCallArguments card={card} id={id} />
        </div>
        {/* Said on the first card of each server in a conversation; every later one would only repeat it. */}
        {!card.noteShownBefore && (
          <p className="callout callout--warning tool-call-note selectable" role="note">
            {card.note}
          </p>
        )}
        {card.changed && (
          <section className="tool-call-changed" aria-label="Tool definition changed">
            <p className="change-warning" role="note">
              This tool’s definition changed since it was approved. Read the difference before deciding.
            </p>
            <ul className="tool-changes">
              <ToolChangeItem change={card.changed} />
            </ul>
          </section>
        )}
        <div className="approval-actions" role="group" aria-label="Decision">
          <button
            type="button"
            ref={approveRef}
            className="button button--primary"
            disabled={busy}
            onClick={() => void decide('approve')}
          >
            Approve
          </button>
          <button
            type="button"
            ref={forConversationRef}
            className="button"
            disabled={busy}
            title={`Approve, and run ${card.toolName} on ${card.serverName} without asking again in this conversation`}
            onClick={() => void decide('approve-for-conversation')}
          >
            Approve for this conversation
          </button>
          <button
            type="button"
            className="button approval-deny"
            disabled={busy}
            onClick={() => void decide('deny')}
          >
            Deny
          </button>
        </div>
        {footer}
      </div>
      <p id={`${id}-help`} className="approval-card-help">
        {TOOL_CALL_KEYBOARD_HELP}
      </p>
    </article>
  )
}
