import { describe, expect, it } from 'vitest'
import {
  rowWindow,
  sameWindow,
  withRowKeys,
  type RowWindowEntry,
  type RowWindowInput,
} from '../../../src/renderer/src/chat/row-window'

const GAP = 10

function input(sizes: number[], overrides: Partial<RowWindowInput> = {}): RowWindowInput {
  return { sizes, gap: GAP, top: 0, height: 500, overscan: 0, atEnd: false, ...overrides }
}

function rows(entries: RowWindowEntry[]): number[] {
  return entries.flatMap((entry) => (entry.kind === 'row' ? [entry.index] : []))
}

/** The height the entries take in a list with the gap between neighbours: must equal the whole list's. */
function laidOutHeight(entries: RowWindowEntry[], sizes: number[]): number {
  const heights = entries.map((entry) => (entry.kind === 'row' ? sizes[entry.index]! : entry.height))
  return heights.reduce((sum, height) => sum + height, 0) + Math.max(0, entries.length - 1) * GAP
}

function fullHeight(sizes: number[]): number {
  return sizes.reduce((sum, size) => sum + size, 0) + Math.max(0, sizes.length - 1) * GAP
}

const hundred = Array.from({ length: 100 }, () => 100)

describe('rowWindow', () => {
  it('mounts nothing for no rows, and every row when there is no layout to window by', () => {
    expect(rowWindow(input([]))).toEqual([])
    expect(rows(rowWindow(input([50, 60, 70], { height: 0 })))).toEqual([0, 1, 2])
  })

  it('following the end mounts the last rows that fill the viewport, whatever the scroll position says', () => {
    const entries = rowWindow(input(hundred, { atEnd: true, top: 0 }))
    // The last 500 of 10,990 px: rows 96–99 whole and the end of row 95 (10,450–10,550).
    expect(rows(entries)).toEqual([95, 96, 97, 98, 99])
    expect(entries[0]).toEqual({ kind: 'space', from: 0, height: 95 * 100 + 94 * GAP })
    expect(laidOutHeight(entries, hundred)).toBe(fullHeight(hundred))
  })

  it('mounts the rows the viewport and the overscan touch, with spacers before and after', () => {
    const entries = rowWindow(input(hundred, { top: 2200, height: 300, overscan: 200 }))
    // 2000..2700 px: rows start every 110 px, so rows 18 (1980–2080) to 24 (2640–2740).
    expect(rows(entries)).toEqual([18, 19, 20, 21, 22, 23, 24])
    expect(entries[0]?.kind).toBe('space')
    expect(entries.at(-1)?.kind).toBe('space')
    expect(laidOutHeight(entries, hundred)).toBe(fullHeight(hundred))
  })

  it('keeps a pinned row mounted far from the window, between two spacers', () => {
    const entries = rowWindow(input(hundred, { top: 0, height: 300, pinned: 60 }))
    expect(rows(entries)).toEqual([0, 1, 2, 60])
    expect(entries.map((entry) => entry.kind)).toEqual(['row', 'row', 'row', 'space', 'row', 'space'])
    expect(laidOutHeight(entries, hundred)).toBe(fullHeight(hundred))
  })

  it('lays out exactly as tall as the whole list for mixed sizes, anywhere it is scrolled', () => {
    const sizes = Array.from({ length: 400 }, (_, index) => 20 + ((index * 37) % 300))
    const total = fullHeight(sizes)
    for (let top = -100; top < total + 500; top += 997) {
      const entries = rowWindow(input(sizes, { top, height: 700, overscan: 300, pinned: 123 }))
      expect(laidOutHeight(entries, sizes)).toBe(total)
      expect(rows(entries).length).toBeGreaterThan(0)
      expect(rows(entries).length).toBeLessThan(40)
    }
  })

  it('tells windows apart by their rows, their keys and spacer heights', () => {
    const keys = hundred.map((_, index) => `k${index}`)
    const keyed = (overrides: Partial<RowWindowInput>, sizes = hundred, rowKeys = keys) =>
      withRowKeys(rowWindow(input(sizes, overrides)), rowKeys)
    const a = keyed({ top: 1000 })
    expect(a.find((entry) => entry.kind === 'row')).toEqual({ kind: 'row', index: 9, key: 'k9' })
    expect(sameWindow(a, keyed({ top: 1001 }))).toBe(true)
    expect(sameWindow(a, keyed({ top: 1500 }))).toBe(false)
    expect(sameWindow(a, keyed({ top: 1000 }, [...hundred.slice(0, 99), 130]))).toBe(false)
    // The same places holding other rows (rows joined in front shift every key) is another window.
    expect(
      sameWindow(
        a,
        keyed(
          { top: 1000 },
          hundred,
          keys.map((key) => `${key}'`),
        ),
      ),
    ).toBe(false)
  })
})
