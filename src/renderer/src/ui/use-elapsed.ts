import { useEffect, useState, type RefObject } from 'react'
import { nextWaitedChange } from '../sampling/sampling-labels'

/**
 * Milliseconds since `since` (an ISO time), kept current while the element is on screen: the timer wakes
 * only when the shown text would change, and sleeps while the window is hidden or the element is scrolled
 * out of view, so a queue of cards costs nothing when nobody looks at it.
 */
export function useElapsed(since: string, elementRef: RefObject<HTMLElement | null>): number {
  const start = Date.parse(since)
  const [now, setNow] = useState(() => Date.now())

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    let onScreen = true
    const schedule = () => {
      clearTimeout(timer)
      timer = undefined
      if (Number.isNaN(start) || document.visibilityState === 'hidden' || !onScreen) return
      timer = setTimeout(tick, nextWaitedChange(Date.now() - start))
    }
    const tick = () => {
      setNow(Date.now())
      schedule()
    }
    document.addEventListener('visibilitychange', tick)
    const element = elementRef.current
    // Absent in test DOMs and very old engines: the card then simply counts whenever the window is visible.
    const observer =
      element && typeof IntersectionObserver !== 'undefined'
        ? new IntersectionObserver((entries) => {
            onScreen = entries.some((entry) => entry.isIntersecting)
            tick()
          })
        : undefined
    if (element) observer?.observe(element)
    schedule()
    return () => {
      clearTimeout(timer)
      document.removeEventListener('visibilitychange', tick)
      observer?.disconnect()
    }
  }, [start, elementRef])

  return Number.isNaN(start) ? 0 : Math.max(0, now - start)
}
