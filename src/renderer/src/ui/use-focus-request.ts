import { useEffect, useRef, type RefObject } from 'react'
import { useAppState } from '../app/store-context'

/**
 * A notification or tray click (`approvals:focus`) asked for this card: bring it into view with focus,
 * once it is shown, wherever that is (a transcript or the approvals drawer). Each request is handled once.
 */
export function useFocusRequest(cardId: string, elementRef: RefObject<HTMLElement | null>): void {
  const focus = useAppState((state) => state.approvalFocus)
  const handled = useRef(0)
  useEffect(() => {
    if (!focus || focus.id !== cardId || focus.seq <= handled.current) return
    handled.current = focus.seq
    elementRef.current?.scrollIntoView?.({ block: 'nearest' })
    elementRef.current?.focus()
  }, [focus, cardId, elementRef])
}
