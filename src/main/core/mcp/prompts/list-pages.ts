import { IpcFailure } from '../../../../shared/ipc/ipc-error'

/** Enough for any honest server; a server past it is paginating in circles or flooding the host. */
export const MAX_LIST_PAGES = 64
export const MAX_LIST_ITEMS = 10_000

export interface ListPage<T> {
  items: T[]
  nextCursor?: string | undefined
}

/**
 * Follows `nextCursor` to the end of a paginated list (prompts/list, resources/list, templates/list). An
 * empty cursor ends the list, as some servers send "" for "no more pages"; a repeated cursor or too many
 * pages or items is an error rather than an endless loop.
 */
export async function listAllPages<T>(
  what: string,
  fetchPage: (cursor: string | undefined) => Promise<ListPage<T>>,
): Promise<T[]> {
  const items: T[] = []
  const seen = new Set<string>()
  let cursor: string | undefined
  for (let page = 1; ; page += 1) {
    const result = await fetchPage(cursor)
    items.push(...result.items)
    if (items.length > MAX_LIST_ITEMS) {
      throw new IpcFailure('unavailable', `${what} has more than ${MAX_LIST_ITEMS} entries`)
    }
    const next = result.nextCursor
    if (next === undefined || next === '') return items
    if (seen.has(next)) {
      throw new IpcFailure(
        'unavailable',
        `${what} repeated the cursor ${JSON.stringify(next)}; its pages loop`,
      )
    }
    if (page >= MAX_LIST_PAGES) {
      throw new IpcFailure('unavailable', `${what} has more than ${MAX_LIST_PAGES} pages`)
    }
    seen.add(next)
    cursor = next
  }
}
