import { rowWindow, sameWindow, withRowKeys, type KeyedRowWindowEntry } from './row-window'

export interface RowWindowOptions {
  /** The list's CSS row gap, px. */
  gap: number
  /** How far above and below the viewport rows stay mounted, px. */
  overscan: number
  /** How close to the end counts as "reading the end", so new content keeps the end in view. */
  stickDistance: number
}

/** The attribute each mounted row carries, so measurements and focus map back to a row key. */
export const ROW_KEY_ATTRIBUTE = 'data-row-key'

/**
 * Keeps a window of a long list's rows mounted in a scrolling element (see rowWindow for which), as an
 * external store for useSyncExternalStore: the snapshot changes only when the set of rows or a spacer's
 * height does, so scrolling within the window re-renders nothing.
 *
 * Heights come from measuring mounted rows (offsetHeight: right after a commit that mounted rows, at the
 * next frame after any other commit, and when a ResizeObserver sees a row change size, e.g. a disclosure
 * opened), else from the caller's estimates. It also follows the end: while the user is at (or near) the
 * end, every change scrolls to the new end — the one place that does, since a new window or a measured
 * height moves the end without the conversation changing. Moving the view up stops following (content
 * growing below does not); scrolling back to the end resumes it.
 */
export class RowWindowController {
  readonly #options: RowWindowOptions
  readonly #listeners = new Set<() => void>()
  #scroller: HTMLElement | null = null
  #list: HTMLElement | null = null
  #keys: readonly string[] = []
  #estimates: readonly number[] = []
  readonly #measured = new Map<string, number>()
  /** Every row's height, measured or estimated; rebuilt only when a row or a measurement changed. */
  #sizes: number[] | null = null
  #measuredWidth = 0
  #following = true
  #pinnedKey: string | null = null
  #snapshot: KeyedRowWindowEntry[] = []
  #resizes: ResizeObserver | null = null
  /** Where the last scroll to the end left the view (scrollTop), to tell a move up from growth below. */
  #stuckTop = 0
  #frame = 0
  /** No overscan until the first rows are on screen: opening mounts what is visible first, the rest next. */
  #overscan = 0

  constructor(options: RowWindowOptions) {
    this.#options = options
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  getSnapshot = (): KeyedRowWindowEntry[] => this.#snapshot

  /** Starts watching the scroller and the list; the returned function stops. */
  attach(scroller: HTMLElement, list: HTMLElement): () => void {
    this.#scroller = scroller
    this.#list = list
    const resizes =
      typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => this.refreshSoon())
    resizes?.observe(scroller)
    this.#resizes = resizes
    scroller.addEventListener('scroll', this.#onScroll, { passive: true })
    list.addEventListener('focusin', this.#onFocusIn)
    list.addEventListener('focusout', this.#onFocusOut)
    this.refresh()
    return () => {
      if (this.#frame !== 0) cancelAnimationFrame(this.#frame)
      this.#frame = 0
      resizes?.disconnect()
      scroller.removeEventListener('scroll', this.#onScroll)
      list.removeEventListener('focusin', this.#onFocusIn)
      list.removeEventListener('focusout', this.#onFocusOut)
      this.#scroller = null
      this.#list = null
      this.#resizes = null
    }
  }

  /** The rows the list has now: their keys (stable while the list grows) and estimated heights. */
  setRows(keys: readonly string[], estimates: readonly number[]): void {
    this.#keys = keys
    this.#estimates = estimates
    this.#sizes = null
    this.#recompute()
  }

  /** A callback ref for each mounted row: a row that changes size (a disclosure opened) is re-measured. */
  observeRow = (element: HTMLElement | null): (() => void) | undefined => {
    const observer = this.#resizes
    if (!element || !observer) return undefined
    observer.observe(element)
    return () => observer.unobserve(element)
  }

  /**
   * Measures the mounted rows, keeps the end in view when following, and updates the window. Called
   * synchronously after a commit that changed the rows (before the browser paints), so a new window never
   * shows a frame with rows missing; the layout this forces covers only the mounted rows.
   */
  refresh(): void {
    const scroller = this.#scroller
    if (!scroller) return
    const mounted = this.#measure(scroller)
    if (this.#following) {
      scroller.scrollTop = scroller.scrollHeight
      this.#stuckTop = scroller.scrollTop
    }
    if (mounted > 0 && this.#overscan !== this.#options.overscan) {
      this.#overscan = this.#options.overscan
      this.refreshSoon()
    }
    this.#recompute()
  }

  /** Records the mounted rows' heights; returns how many rows are mounted. */
  #measure(scroller: HTMLElement): number {
    const list = this.#list
    if (!list) return 0
    // A new width rewraps every row: heights measured at the old one no longer hold.
    if (scroller.clientWidth !== this.#measuredWidth) {
      this.#measuredWidth = scroller.clientWidth
      this.#measured.clear()
      this.#sizes = null
    }
    const rows = list.querySelectorAll<HTMLElement>(`[${ROW_KEY_ATTRIBUTE}]`)
    for (const row of rows) {
      const key = row.getAttribute(ROW_KEY_ATTRIBUTE)
      const height = row.offsetHeight
      if (key === null || height === 0 || this.#measured.get(key) === height) continue
      this.#measured.set(key, height)
      this.#sizes = null
    }
    return rows.length
  }

  #recompute(): void {
    const scroller = this.#scroller
    const list = this.#list
    let height = 0
    let top = 0
    if (scroller && list) {
      height = scroller.clientHeight
      const listTop =
        list.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop
      top = scroller.scrollTop - listTop
    }
    const pinned = this.#pinnedKey === null ? -1 : this.#keys.indexOf(this.#pinnedKey)
    this.#sizes ??= this.#keys.map((key, index) => this.#measured.get(key) ?? this.#estimates[index] ?? 0)
    const next = withRowKeys(
      rowWindow({
        sizes: this.#sizes,
        gap: this.#options.gap,
        top,
        height,
        overscan: this.#overscan,
        atEnd: this.#following,
        ...(pinned >= 0 ? { pinned } : {}),
      }),
      this.#keys,
    )
    if (sameWindow(next, this.#snapshot)) return
    this.#snapshot = next
    for (const listener of this.#listeners) listener()
  }

  /**
   * refresh() at the next frame (once, however often asked before it): for size changes seen by the
   * ResizeObserver (never handled inside its callback) and for commits that did not change the rows.
   */
  refreshSoon = (): void => {
    if (this.#frame !== 0 || typeof requestAnimationFrame === 'undefined') return
    this.#frame = requestAnimationFrame(() => {
      this.#frame = 0
      this.refresh()
    })
  }

  #onScroll = (): void => {
    const scroller = this.#scroller
    if (!scroller) return
    // Content that grew below since the last scroll to the end leaves scrollTop where it was: that must not
    // stop following (the next refresh brings the new end into view). Only a move up from there (the user
    // scrolling, focus or find in page bringing an earlier message into view) is reading further up.
    if (!this.#following || scroller.scrollTop < this.#stuckTop - 1) {
      const fromEnd = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight
      this.#following = fromEnd <= this.#options.stickDistance
    }
    this.#recompute()
  }

  #onFocusIn = (event: FocusEvent): void => {
    const row = event.target instanceof Element ? event.target.closest(`[${ROW_KEY_ATTRIBUTE}]`) : null
    this.#pinnedKey = row?.getAttribute(ROW_KEY_ATTRIBUTE) ?? null
  }

  #onFocusOut = (event: FocusEvent): void => {
    const next = event.relatedTarget
    if (!(next instanceof Node) || !this.#list?.contains(next)) this.#pinnedKey = null
  }
}
