import { useDeferredValue, useLayoutEffect, useState, useSyncExternalStore, type RefObject } from 'react'
import type { KeyedRowWindowEntry } from './row-window'
import { RowWindowController, type RowWindowOptions } from './row-window-controller'

const NO_ROWS: KeyedRowWindowEntry[] = []
const URGENT_ROWS = 2

/** How many rows `next` mounts that `shown` does not. */
function newRows(next: readonly KeyedRowWindowEntry[], shown: readonly KeyedRowWindowEntry[]): number {
  const mounted = new Set(shown.flatMap((entry) => (entry.kind === 'row' ? [entry.key] : [])))
  return next.filter((entry) => entry.kind === 'row' && !mounted.has(entry.key)).length
}

export interface RowWindow {
  entries: KeyedRowWindowEntry[]
  /** The callback ref every mounted row needs (with ROW_KEY_ATTRIBUTE set to its key). */
  observeRow: (element: HTMLElement | null) => (() => void) | undefined
}

/**
 * The rows of a list to mount inside `scroller`, given every row's key and estimated height. The window
 * is brought up to date after every commit of the calling component: at once when the rows changed, else
 * at the next frame.
 */
export function useRowWindow(
  scroller: RefObject<HTMLElement | null>,
  list: RefObject<HTMLElement | null>,
  keys: readonly string[],
  estimates: readonly number[],
  options: RowWindowOptions,
): RowWindow {
  const [controller] = useState(() => new RowWindowController(options))
  const latest = useSyncExternalStore(controller.subscribe, controller.getSnapshot)
  // Many new rows at once (opening, a long jump) render as a deferred value: React renders them
  // (markdown, highlighting: a few ms each) in slices between frames instead of in one long task, and
  // never finishes a window a newer one replaced; the previous window stays on screen meanwhile. A row or
  // two (the answer that replaces the streamed text, a short scroll) render at once, so nothing blinks.
  const deferred = useDeferredValue(latest, NO_ROWS)
  const entries = newRows(latest, deferred) <= URGENT_ROWS ? latest : deferred

  useLayoutEffect(() => {
    const scrollerElement = scroller.current
    const listElement = list.current
    if (!scrollerElement || !listElement) return
    return controller.attach(scrollerElement, listElement)
  }, [controller, scroller, list])

  useLayoutEffect(() => controller.setRows(keys, estimates), [controller, keys, estimates])

  // Newly mounted rows are measured before the browser paints, so a new window never shows a frame with
  // rows missing or overlapping the spacers.
  useLayoutEffect(() => controller.refresh(), [controller, entries])

  // Any other commit (a streamed token, a card) may move the end: once per frame at most, since measuring
  // and scrolling force a layout and tokens arrive faster than frames.
  useLayoutEffect(() => controller.refreshSoon())

  return { entries, observeRow: controller.observeRow }
}
