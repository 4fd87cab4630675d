import { useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { useAppState } from '../app/store-context'
import { entrySummary, openEntryIds, type QueueEntry } from './approval-queue-model'
import { handOffFocus, WAITING_CARD_ATTRIBUTE } from './focus-hand-off'

/** A waiting request shown as one line; activating it opens the whole card in its place. */
function CollapsedApproval({ entry, onOpen }: { entry: QueueEntry; onOpen: () => void }) {
  const { server, text } = entrySummary(entry)
  return (
    <div className="approval-summary" data-testid="approval-summary" data-card-id={entry.card.id}>
      <button
        type="button"
        className="approval-summary-toggle"
        aria-expanded={false}
        title={`${server} ${text}`}
        // The focus hand-off after a decision lands here when this is the next request waiting.
        {...{ [WAITING_CARD_ATTRIBUTE]: '' }}
        onClick={onOpen}
      >
        <span className="approval-card-server">{server}</span>{' '}
        <span className="approval-summary-text">{text}</span>{' '}
        <span className="approval-summary-action">Show request</span>
      </button>
    </div>
  )
}

function QueueItem(props: {
  entry: QueueEntry
  open: boolean
  className?: string
  onOpen: () => void
  renderCard: (entry: QueueEntry) => ReactNode
}) {
  const { entry, open, className, onOpen, renderCard } = props
  const itemRef = useRef<HTMLLIElement>(null)
  const wasOpen = useRef(open)
  // Whether focus was on the one-line summary: its button unmounts when the card opens, and focus must
  // move into the card rather than fall to the page body.
  const summaryFocused = useRef(false)
  useLayoutEffect(() => {
    if (open && !wasOpen.current && summaryFocused.current) {
      const item = itemRef.current
      const card = item?.querySelector<HTMLElement>(`[${WAITING_CARD_ATTRIBUTE}]`)
      // Opened because it no longer waits (released by "for this session", or answered elsewhere): there
      // is nothing to decide here, so focus goes on as after a decision.
      if (card) card.focus()
      else handOffFocus(item ?? null)
    }
    if (open) summaryFocused.current = false
    wasOpen.current = open
  }, [open])
  return (
    <li
      ref={itemRef}
      className={className}
      onFocus={() => {
        if (!open) summaryFocused.current = true
      }}
      onBlur={(event) => {
        if (!open && !event.currentTarget.contains(event.relatedTarget)) summaryFocused.current = false
      }}
    >
      {open ? renderCard(entry) : <CollapsedApproval entry={entry} onOpen={onOpen} />}
    </li>
  )
}

/**
 * Requests waiting on the user, in arrival order: the oldest waiting one as its whole card, the rest as
 * one-line summaries that open on a click (each card is several hundred pixels tall). A notification or
 * tray click that asks for a collapsed request opens it, so its card can take the focus.
 */
export function ApprovalQueue(props: {
  entries: readonly QueueEntry[]
  itemClassName?: string
  renderCard: (entry: QueueEntry) => ReactNode
}) {
  const { entries, itemClassName, renderCard } = props
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set())
  const focusId = useAppState((state) => state.approvalFocus?.id)
  const open = useMemo(() => {
    const byUser = focusId === undefined ? opened : new Set([...opened, focusId])
    return openEntryIds(entries, byUser)
  }, [entries, opened, focusId])
  return (
    <>
      {entries.map((entry) => (
        <QueueItem
          key={entry.card.id}
          entry={entry}
          open={open.has(entry.card.id)}
          className={itemClassName}
          onOpen={() => setOpened((previous) => new Set(previous).add(entry.card.id))}
          renderCard={renderCard}
        />
      ))}
    </>
  )
}
