import { create, insert, search, type Results } from '@orama/orama'
import type { SearchableTool } from '../../src/main/core/tools/search/tool-search-index'

/**
 * The reference point of the issue: Orama 3 BM25 (k1 1.2, b 0.75, Orama's default tokenizer, no stemming)
 * over the raw name and description, nothing else.
 */
export class PlainBm25 {
  private readonly db = create({ schema: { name: 'string', description: 'string' } as const })

  constructor(tools: Iterable<SearchableTool>) {
    for (const tool of tools) {
      const inserted = insert(this.db, { id: tool.key, name: tool.name, description: tool.description })
      if (inserted instanceof Promise) throw new Error('Orama insert went asynchronous')
    }
  }

  search(query: string, limit: number): string[] {
    const results: Results<unknown> | Promise<Results<unknown>> = search(this.db, {
      term: query,
      properties: ['name', 'description'],
      limit,
      relevance: { k: 1.2, b: 0.75, d: 0.5 },
    })
    if (results instanceof Promise) throw new Error('Orama search went asynchronous')
    return results.hits.map((hit) => String(hit.id))
  }
}
