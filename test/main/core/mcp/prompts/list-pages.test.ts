import { describe, expect, it } from 'vitest'
import { listAllPages, MAX_LIST_PAGES } from '../../../../../src/main/core/mcp/prompts/list-pages'

describe('listAllPages', () => {
  it('follows nextCursor to the end and treats an empty cursor as the end', async () => {
    const pages: Record<string, { items: number[]; nextCursor?: string }> = {
      start: { items: [1, 2], nextCursor: 'b' },
      b: { items: [3], nextCursor: '' },
    }
    const asked: Array<string | undefined> = []
    const items = await listAllPages('test list', (cursor) => {
      asked.push(cursor)
      return Promise.resolve(pages[cursor ?? 'start'] ?? { items: [] })
    })
    expect(items).toEqual([1, 2, 3])
    expect(asked).toEqual([undefined, 'b'])
  })

  it('stops a list whose cursor repeats, and one with too many pages', async () => {
    await expect(
      listAllPages('loop list', (cursor) =>
        Promise.resolve({ items: [1], nextCursor: cursor === 'a' ? 'b' : 'a' }),
      ),
    ).rejects.toThrow('loop list repeated the cursor "a"; its pages loop')
    let page = 0
    await expect(
      listAllPages('long list', () => Promise.resolve({ items: [], nextCursor: String((page += 1)) })),
    ).rejects.toThrow(`long list has more than ${MAX_LIST_PAGES} pages`)
  })
})
