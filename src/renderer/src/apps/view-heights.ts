import { MIN_VIEW_HEIGHT } from './view-host-context'

/** How many views' heights are remembered; the oldest is forgotten first. */
const REMEMBERED = 500

const heights = new Map<string, number>()

/**
 * The height a view last had, by a key naming its place (a transcript's call). The transcript mounts only
 * the rows near the viewport, so a view is mounted again and again as the user scrolls; a row that came
 * back at a placeholder height and then grew as its view loaded moved every row below it, which moved the
 * window's edge back over it: the row window mounted and unmounted it in a loop. Starting at the height it
 * last had keeps a row the same size every time it is mounted.
 */
export function rememberedViewHeight(key: string | undefined): number {
  return (key === undefined ? undefined : heights.get(key)) ?? MIN_VIEW_HEIGHT * 3
}

export function rememberViewHeight(key: string | undefined, height: number): void {
  if (key === undefined) return
  heights.delete(key)
  heights.set(key, height)
  if (heights.size > REMEMBERED) heights.delete(heights.keys().next().value as string)
}
