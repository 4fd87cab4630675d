/** Keys that scroll the focused scroller, or the scroller around the focused element. */
const SCROLL_KEYS = new Set(['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', ' '])

/** How long after a wheel turn or a key press its scroll events may still arrive (smooth scrolling). */
const INTENT_MS = 600

export interface UserScrollIntent {
  /** Whether the user is scrolling `element` now (or just did): a wheel, touch, key or scrollbar drag. */
  active(): boolean
  stop(): void
}

/**
 * Tells the user's scrolling apart from the rest: content growing under a scroller that was put at its
 * end, the browser's scroll anchoring, the app's own scrollTop writes. Only the user's scrolling may stop
 * a transcript from following its end; a scroll event alone cannot say whose it is.
 */
export function watchUserScrolling(element: HTMLElement): UserScrollIntent {
  let until = 0
  let pointerDown = false
  const touched = () => {
    until = performance.now() + INTENT_MS
  }
  const onKey = (event: KeyboardEvent) => {
    if (SCROLL_KEYS.has(event.key)) touched()
  }
  const onPointerDown = () => {
    pointerDown = true
    touched()
  }
  const onPointerUp = () => {
    pointerDown = false
    touched()
  }
  element.addEventListener('wheel', touched, { passive: true })
  element.addEventListener('touchmove', touched, { passive: true })
  element.addEventListener('keydown', onKey)
  // The scrollbar is part of the element: dragging it starts with a pointerdown there.
  element.addEventListener('pointerdown', onPointerDown)
  window.addEventListener('pointerup', onPointerUp)
  return {
    active: () => pointerDown || performance.now() < until,
    stop: () => {
      element.removeEventListener('wheel', touched)
      element.removeEventListener('touchmove', touched)
      element.removeEventListener('keydown', onKey)
      element.removeEventListener('pointerdown', onPointerDown)
      window.removeEventListener('pointerup', onPointerUp)
    },
  }
}
