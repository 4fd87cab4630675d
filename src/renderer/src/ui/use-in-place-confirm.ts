import { useEffect, useRef, useState, type RefObject } from 'react'

export interface InPlaceConfirm {
  confirming: boolean
  busy: boolean
  /** Put on the button that asks (Remove, Delete): focus comes back to it when the question is cancelled. */
  triggerRef: RefObject<HTMLButtonElement | null>
  /** Put on Cancel: it gets focus when the question appears, so Enter does not destroy anything. */
  cancelRef: RefObject<HTMLButtonElement | null>
  ask: () => void
  cancel: () => void
  /**
   * Runs the confirmed action. On success the item disappears with its list, taking this state along;
   * on failure (the error is shown elsewhere) the question closes and the item stays.
   */
  run: (action: () => Promise<boolean>) => Promise<void>
}

/**
 * A destructive action confirmed in place (no blocking dialog), with Cancel focused first. Destructure
 * the result: the refs are passed to `ref=` and nothing else reads them during render.
 */
export function useInPlaceConfirm(): InPlaceConfirm {
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const triggerRef = useRef<HTMLButtonElement>(null)
  const cancelRef = useRef<HTMLButtonElement>(null)
  const wasConfirming = useRef(false)

  useEffect(() => {
    if (confirming) cancelRef.current?.focus()
    else if (wasConfirming.current) triggerRef.current?.focus()
    wasConfirming.current = confirming
  }, [confirming])

  return {
    confirming,
    busy,
    triggerRef,
    cancelRef,
    ask: () => setConfirming(true),
    cancel: () => setConfirming(false),
    async run(action) {
      setBusy(true)
      if (!(await action())) {
        setBusy(false)
        setConfirming(false)
      }
    },
  }
}
