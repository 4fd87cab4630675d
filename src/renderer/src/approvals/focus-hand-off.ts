/** Carried by every card waiting for the user's decision, in a transcript and in the approvals drawer. */
export const WAITING_CARD_ATTRIBUTE = 'data-waiting-card'

function focusable(element: HTMLElement | null): element is HTMLElement {
  return element !== null && element.isConnected && !(element as HTMLTextAreaElement).disabled
}

/**
 * After the user decided on the card `from` (Approve, Deny, Return, Enter), focus goes on to the next card
 * still waiting (the next one down the page, else the first), or to the composer when none is left, or to
 * the bell: never to the page body, where a keyboard user would have to start over. Only when focus is still
 * on that card (or already lost): a user who moved on meanwhile keeps their place.
 */
export function handOffFocus(from: HTMLElement | null): void {
  const active = document.activeElement
  const onCard = from !== null && active !== null && from.contains(active)
  if (!onCard && active !== null && active !== document.body) return
  const waiting = [...document.querySelectorAll<HTMLElement>(`[${WAITING_CARD_ATTRIBUTE}]`)].filter(
    (card) => card !== from && !from?.contains(card),
  )
  const below = from
    ? waiting.find((card) => from.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING)
    : undefined
  const candidates = [
    below,
    waiting[0],
    document.getElementById('composer-input'),
    document.querySelector<HTMLElement>('[data-testid="approvals-bell"]'),
  ]
  candidates.find((candidate): candidate is HTMLElement => focusable(candidate ?? null))?.focus()
}
