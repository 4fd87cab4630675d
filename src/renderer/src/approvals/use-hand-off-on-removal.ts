import { useLayoutEffect, type RefObject } from 'react'
import { handOffFocus } from './focus-hand-off'

/**
 * A card the host takes away while it holds focus (a completion that finished streaming, a question
 * answered elsewhere) would drop focus to the page body: focus goes on as after a decision instead. The
 * cleanup of a layout effect runs while the card is still in the page, so it can tell whether it held
 * focus; the hand-off waits until it is gone, and does nothing if focus has meanwhile gone elsewhere.
 */
export function useHandOffOnRemoval(elementRef: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = elementRef.current
    return () => {
      if (element?.contains(document.activeElement)) queueMicrotask(() => handOffFocus(null))
    }
  }, [elementRef])
}
