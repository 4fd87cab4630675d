import type { Locator, Page } from 'playwright-core'
import { expect } from 'vitest'
import { blocking, describeViolations, runAxe } from './axe'
import { shoot } from './screenshots'

/** The two windows every main flow is checked in (issue 21, item 2): a usual one and the smallest. */
export const WINDOW_SIZES = [
  { width: 1280, height: 800 },
  { width: 800, height: 600 },
] as const

export const SMALL_WINDOW = WINDOW_SIZES[1]

/** How far the document scrolls as a whole (it must not: the transcript and drawers scroll inside). */
export function pageOverflow(page: Page): Promise<{ x: number; y: number }> {
  // A string, since the e2e files are typed for Node (no DOM lib).
  return page.evaluate<{ x: number; y: number }>(`(() => {
    const root = document.scrollingElement ?? document.documentElement
    return { x: Math.max(0, root.scrollWidth - innerWidth), y: Math.max(0, root.scrollHeight - innerHeight) }
  })()`)
}

/**
 * Where `button` is once scrolled into view: `reachable` when its centre lies inside the window and inside
 * every scrolling ancestor's box, and the element at that point is the button (nothing covers it); else why.
 */
async function reachability(button: Locator): Promise<string> {
  await button.scrollIntoViewIfNeeded()
  return button.evaluate((element) => {
    const view = element.ownerDocument.defaultView!
    const rect = element.getBoundingClientRect()
    const x = rect.left + rect.width / 2
    const y = rect.top + rect.height / 2
    if (rect.width === 0 || rect.height === 0) return 'has no size'
    if (x < 0 || y < 0 || x > view.innerWidth || y > view.innerHeight)
      return `centre ${x},${y} off the window`
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      const { overflowX, overflowY } = view.getComputedStyle(parent)
      if (overflowX === 'visible' && overflowY === 'visible') continue
      const box = parent.getBoundingClientRect()
      if (x < box.left || x > box.right || y < box.top || y > box.bottom) {
        return `clipped by ${parent.tagName.toLowerCase()}.${parent.className}`
      }
    }
    const hit = element.ownerDocument.elementFromPoint(x, y)
    if (!hit || !(hit === element || element.contains(hit))) {
      return `covered by ${hit ? `${hit.tagName.toLowerCase()}.${hit.className}` : 'nothing'}`
    }
    return 'reachable'
  })
}

/**
 * The screen as it is now, at each window size: the page does not scroll as a whole, each of `buttons` (the
 * screen's primary actions) is reachable, a screenshot `flow-<name>-<w>x<h>.png` is saved, and axe-core finds
 * no serious or critical violation. It ends at 800×600, where the flows run.
 */
export async function checkAtEverySize(page: Page, name: string, buttons: Locator[] = []): Promise<void> {
  for (const size of WINDOW_SIZES) {
    await page.setViewportSize(size)
    const where = `${name} at ${size.width}×${size.height}`
    for (const button of buttons) {
      expect(await reachability(button), `${where}: ${button.toString()}`).toBe('reachable')
    }
    expect(await pageOverflow(page), `${where}: the page scrolls as a whole`).toEqual({ x: 0, y: 0 })
    await shoot(page, `flow-${name}-${size.width}x${size.height}.png`)
    // What only a small window shows (a table that now scrolls sideways, a clipped label) is checked too.
    const violations = blocking(await runAxe(page))
    expect(violations, describeViolations(where, violations)).toEqual([])
  }
}
