// What the embedding model reads of a tool and of a query (issue 23): identifiers as words, long
// descriptions and schemas cut, and a vector key that changes exactly when the text or the model does.
import { describe, expect, it } from 'vitest'
import type { SearchableTool } from '../../../../../src/main/core/tools/search/tool-search-index'
import {
  queryEmbeddingText,
  toolEmbeddingText,
  vectorKey,
} from '../../../../../src/main/core/tools/semantic/embedding-text'

function tool(overrides: Partial<SearchableTool> = {}): SearchableTool {
  return {
    key: 'mcp_fmp_getForex1HourData',
    serverId: 'fmp',
    serverName: 'fmp',
    name: 'getForex1HourData',
    description: 'Hourly forex prices.',
    inputSchema: { type: 'object', properties: { symbol: { type: 'string' }, fromDate: { type: 'string' } } },
    ...overrides,
  }
}

describe('toolEmbeddingText', () => {
  it('reads the name as words, then the title, the description and the parameter names as words', () => {
    expect(toolEmbeddingText(tool({ title: 'Forex hourly' }))).toBe(
      'get forex 1 hour data. Forex hourly. Hourly forex prices.. Parameters: symbol, from date',
    )
  })

  it('splits snake, kebab and camel case names', () => {
    expect(toolEmbeddingText(tool({ name: 'ebay_get_offer', description: '', inputSchema: {} }))).toBe(
      'ebay get offer',
    )
    expect(
      toolEmbeddingText(tool({ name: 'API-patch-block-children', description: '', inputSchema: {} })),
    ).toBe('api patch block children')
  })

  it('leaves out an empty title and description and a schema without properties', () => {
    expect(
      toolEmbeddingText(tool({ title: '  ', description: ' \n ', inputSchema: { type: 'object' } })),
    ).toBe('get forex 1 hour data')
  })

  it('collapses whitespace and cuts a long description at 600 characters', () => {
    const description = `First\n\nline.   ${'x'.repeat(2000)}`
    const text = toolEmbeddingText(tool({ description, inputSchema: {} }))
    const [, cut] = text.split('get forex 1 hour data. ')
    expect(cut?.startsWith('First line. xxx')).toBe(true)
    expect(cut).toHaveLength(600)
  })

  it('keeps at most 16 parameter names', () => {
    const properties = Object.fromEntries(
      Array.from({ length: 30 }, (_, i) => [
        `param${String.fromCharCode(97 + (i % 26))}${i}`,
        { type: 'string' },
      ]),
    )
    const text = toolEmbeddingText(tool({ inputSchema: { type: 'object', properties } }))
    const parameters = text.split('Parameters: ')[1]?.split(', ') ?? []
    expect(parameters).toHaveLength(16)
    expect(parameters[0]).toBe('parama 0')
  })
})

describe('queryEmbeddingText', () => {
  it('is the query with whitespace collapsed and trimmed', () => {
    expect(queryEmbeddingText('  find\tmy   unpaid\n invoices ')).toBe('find my unpaid invoices')
  })

  it('cuts a pasted page at 1000 characters', () => {
    expect(queryEmbeddingText('word '.repeat(1000))).toHaveLength(1000)
  })
})

describe('vectorKey', () => {
  it('is stable for the same source and text', () => {
    expect(vectorKey('use-lite@1', 'get offer')).toBe(vectorKey('use-lite@1', 'get offer'))
    expect(vectorKey('use-lite@1', 'get offer')).toMatch(/^[A-Za-z0-9_-]{32}$/)
  })

  it('changes with the text and with the source', () => {
    const key = vectorKey('use-lite@1', 'get offer')
    expect(vectorKey('use-lite@1', 'get offers')).not.toBe(key)
    expect(vectorKey('use-lite@2', 'get offer')).not.toBe(key)
  })

  it('does not confuse where the source ends and the text begins', () => {
    expect(vectorKey('a', 'b\nc')).not.toBe(vectorKey('a\nb', 'c'))
  })
})
