import { useEffect, type RefObject } from 'react'

/**
 * While a view fills the window: focus starts on its "Exit full screen" button, cannot wander to the
 * window behind (a Tab out of the frame comes back to the overlay), Escape leaves, and on leaving focus
 * returns to where it was before.
 */
export function useFullscreenFocus(
  active: boolean,
  overlayRef: RefObject<HTMLElement | null>,
  exitRef: RefObject<HTMLButtonElement | null>,
  exit: () => void,
): void {
  useEffect(() => {
    if (!active) return
    let returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null
    // Without preventScroll the transcript scrolls to bring the fixed overlay's button "into view", its row
    // window follows that scroll, and rows (this one too, losing full screen) mount and unmount in a loop.
    exitRef.current?.focus({ preventScroll: true })
    const onFocusIn = (event: FocusEvent) => {
      const overlay = overlayRef.current
      const target = event.target
      if (!overlay || !(target instanceof Node) || overlay.contains(target)) return
      // A dialog the view asked for (a link to confirm) is part of the overlay's conversation.
      if (target instanceof Element && target.closest('[role="dialog"][aria-modal="true"]')) return
      // What opened the overlay may have gone (the Open view dialog closes behind it) and handed focus on
      // to where it should return: remember that place for the exit.
      if (!returnTo?.isConnected && target instanceof HTMLElement) returnTo = target
      exitRef.current?.focus({ preventScroll: true })
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return
      if (document.querySelector('.open-link-dialog')) return
      event.preventDefault()
      exit()
    }
    document.addEventListener('focusin', onFocusIn)
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('focusin', onFocusIn)
      document.removeEventListener('keydown', onKeyDown)
      if (returnTo?.isConnected) returnTo.focus()
    }
  }, [active, overlayRef, exitRef, exit])
}
