/**
 * Which rows of a long list to mount: those in or near the viewport, plus one pinned row (the one holding
 * keyboard focus), with spacers standing in for the rows in between. Pure, so the rules are tested
 * without a browser; row-window-controller.ts feeds it sizes and scroll positions.
 */

/** A mounted row (by index) or a spacer as tall as the rows it stands for. */
export type RowWindowEntry = { kind: 'row'; index: number } | { kind: 'space'; from: number; height: number }

export interface RowWindowInput {
  /** Every row's height: measured when it has been on screen, estimated otherwise. */
  sizes: readonly number[]
  /** Space between rows (the list's CSS gap); a spacer replaces rows and the gaps between them. */
  gap: number
  /** The viewport's top, measured from the top of the list. */
  top: number
  /** The viewport's height; 0 means no layout (a hidden list, or jsdom): every row is mounted. */
  height: number
  /** Extra distance above and below the viewport whose rows are mounted too, so scrolling shows no gap. */
  overscan: number
  /** Following the end: the window is the last rows, whatever `top` says (it may lag behind growth). */
  atEnd: boolean
  /** A row that stays mounted wherever it is. */
  pinned?: number
}

/** Offsets of every row's top, and the list's total height. */
function offsetsOf(sizes: readonly number[], gap: number): { offsets: number[]; total: number } {
  const offsets: number[] = []
  let y = 0
  for (let i = 0; i < sizes.length; i++) {
    offsets.push(y)
    y += sizes[i]! + (i < sizes.length - 1 ? gap : 0)
  }
  return { offsets, total: y }
}

/** The first index whose row ends below `y` (binary search over the sorted offsets). */
function firstEndingBelow(offsets: readonly number[], sizes: readonly number[], y: number): number {
  let low = 0
  let high = offsets.length
  while (low < high) {
    const middle = (low + high) >> 1
    if (offsets[middle]! + sizes[middle]! < y) low = middle + 1
    else high = middle
  }
  return low
}

/** The first index whose row starts below `y`. */
function firstStartingBelow(offsets: readonly number[], y: number): number {
  let low = 0
  let high = offsets.length
  while (low < high) {
    const middle = (low + high) >> 1
    if (offsets[middle]! <= y) low = middle + 1
    else high = middle
  }
  return low
}

function spacer(sizes: readonly number[], gap: number, from: number, to: number): RowWindowEntry {
  let height = (to - from - 1) * gap
  for (let i = from; i < to; i++) height += sizes[i]!
  return { kind: 'space', from, height: Math.round(height) }
}

/** The indices to mount, in order: the window's rows and the pinned one. */
function mountedIndices(input: RowWindowInput, offsets: number[], total: number): number[] {
  const { sizes, height, overscan, pinned } = input
  const count = sizes.length
  if (height <= 0) return Array.from({ length: count }, (_, index) => index)
  const top = input.atEnd ? Math.max(0, total - height) : Math.max(0, Math.min(input.top, total - height))
  const start = Math.min(firstEndingBelow(offsets, sizes, top - overscan), Math.max(0, count - 1))
  const end = Math.max(firstStartingBelow(offsets, top + height + overscan), start + 1)
  const indices: number[] = []
  for (let i = start; i < Math.min(end, count); i++) indices.push(i)
  if (pinned !== undefined && pinned >= 0 && pinned < count && (pinned < start || pinned >= end)) {
    indices.push(pinned)
    indices.sort((a, b) => a - b)
  }
  return indices
}

/**
 * The entries to render, top to bottom. A spacer stands for rows from..to-1: their heights plus the gaps
 * between them, one gap fewer than rows, since the list's own gap already separates the spacer from its
 * neighbours.
 */
export function rowWindow(input: RowWindowInput): RowWindowEntry[] {
  const { sizes, gap } = input
  if (sizes.length === 0) return []
  const { offsets, total } = offsetsOf(sizes, gap)
  const entries: RowWindowEntry[] = []
  let next = 0
  for (const index of mountedIndices(input, offsets, total)) {
    if (index > next) entries.push(spacer(sizes, gap, next, index))
    entries.push({ kind: 'row', index })
    next = index + 1
  }
  if (next < sizes.length) entries.push(spacer(sizes, gap, next, sizes.length))
  return entries
}

/**
 * A window's entries with each row's key, as the list renders them. A list finds a row by key, not by
 * index: a window computed before rows were added in front (older messages loaded) is still on screen
 * while React renders the next one, and by key it goes on showing the rows it meant.
 */
export type KeyedRowWindowEntry =
  { kind: 'row'; index: number; key: string } | { kind: 'space'; from: number; height: number }

export function withRowKeys(
  entries: readonly RowWindowEntry[],
  keys: readonly string[],
): KeyedRowWindowEntry[] {
  return entries.map((entry) => (entry.kind === 'row' ? { ...entry, key: keys[entry.index] ?? '' } : entry))
}

export function sameWindow(a: readonly KeyedRowWindowEntry[], b: readonly KeyedRowWindowEntry[]): boolean {
  if (a.length !== b.length) return false
  return a.every((entry, i) => {
    const other = b[i]!
    if (entry.kind === 'row')
      return other.kind === 'row' && other.index === entry.index && other.key === entry.key
    return other.kind === 'space' && other.from === entry.from && other.height === entry.height
  })
}
