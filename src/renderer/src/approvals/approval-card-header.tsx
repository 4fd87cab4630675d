import type { ReactNode, RefObject } from 'react'
import { describeInputOrigin, type InputOrigin } from '../../../shared/mcp/input-origin'
import { formatWaited } from '../sampling/sampling-labels'
import { useElapsed } from '../ui/use-elapsed'

/** How long a card has waited, kept current while it is on screen; the full time on hover. */
function WaitedTime({ since, elementRef }: { since: string; elementRef: RefObject<HTMLElement | null> }) {
  const elapsed = useElapsed(since, elementRef)
  const at = new Date(since)
  return (
    <time dateTime={since} title={Number.isNaN(at.getTime()) ? since : at.toLocaleString()}>
      {formatWaited(elapsed)}
    </time>
  )
}

/**
 * The head every card that waits on the user shares (sampling, tool call, a server's question): who asks
 * for what as the card's title, then the transport, the kind of card or its phase, and how long it waited.
 */
export function ApprovalCardHeader({
  titleId,
  title,
  transportLabel,
  phase,
  createdAt,
  cardRef,
  askedInside,
}: {
  /** The id the card's aria-labelledby points at. */
  titleId: string
  title: ReactNode
  transportLabel: string
  /** The pill: its words and the phase class that colours it. */
  phase: { label: string; tone: string }
  createdAt: string
  /** The card element: the waited time only ticks while it is on screen. */
  cardRef: RefObject<HTMLElement | null>
  /** The tool call (prompt, resource read) whose result asked for this, and the round (2026-07-28 MRTR). */
  askedInside?: InputOrigin | undefined
}) {
  return (
    <header className="approval-card-header selectable">
      <h3 id={titleId} className="approval-card-title">
        {title}
      </h3>
      <p className="approval-card-meta">
        <code className="approval-card-transport">{transportLabel}</code>
        <span className={`approval-phase approval-phase--${phase.tone}`}>{phase.label}</span>
        {askedInside && <span data-testid="asked-inside">asked {describeInputOrigin(askedInside)}</span>}
        <span>
          waited <WaitedTime since={createdAt} elementRef={cardRef} />
        </span>
      </p>
    </header>
  )
}
