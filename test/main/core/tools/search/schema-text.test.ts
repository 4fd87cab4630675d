// The searchable text of an input schema: property names, descriptions, titles and enum values, collected
// through nesting and combinators, bounded, and never a crash on whatever a server sends.
import { describe, expect, it } from 'vitest'
import { collectSchemaText } from '../../../../../src/main/core/tools/search/schema-text'

describe('collectSchemaText', () => {
  it('collects property names, descriptions and enum values recursively', () => {
    const schema = {
      type: 'object',
      description: 'the root description repeats the tool description and is skipped',
      properties: {
        itemId: { type: 'string', description: 'The listing to end' },
        reason: { type: 'string', enum: ['NotAvailable', 'SellToHighBidder'] },
        body: {
          type: 'object',
          title: 'Request body',
          properties: {
            tracking: {
              type: 'array',
              items: { type: 'object', properties: { carrierCode: { type: 'string', const: 'UPS' } } },
            },
          },
        },
        target: {
          anyOf: [
            { type: 'object', properties: { pageId: { description: 'A page' } } },
            { type: 'object', properties: { databaseId: { description: 'A database' } } },
          ],
        },
      },
      $defs: { shared: { properties: { cursor: { description: 'Paging cursor' } } } },
    }
    const text = collectSchemaText(schema)
    expect(text.names).toEqual([
      'itemId',
      'reason',
      'body',
      'tracking',
      'carrierCode',
      'target',
      'pageId',
      'databaseId',
      'cursor',
    ])
    expect(text.texts).toEqual([
      'The listing to end',
      'NotAvailable',
      'SellToHighBidder',
      'Request body',
      'UPS',
      'A page',
      'A database',
      'Paging cursor',
    ])
    expect(text.texts.join(' ')).not.toContain('root description')
  })

  it('follows each shared or cyclic sub-schema once', () => {
    const node: Record<string, unknown> = { type: 'object', properties: {} }
    node['properties'] = { self: node, child: { type: 'object', properties: { parent: node } } }
    const text = collectSchemaText(node)
    expect(text.names).toEqual(['self', 'child', 'parent'])
  })

  it('returns nothing, without throwing, for schemas that are not objects or are malformed', () => {
    for (const odd of [undefined, null, 42, 'schema', [], [{ properties: { a: {} } }], { properties: 'x' }]) {
      expect(collectSchemaText(odd)).toEqual({ names: [], texts: [] })
    }
    expect(
      collectSchemaText({ properties: { a: null, b: 7, c: { enum: 'x', items: 3, anyOf: {} } } }),
    ).toEqual({
      names: ['a', 'b', 'c'],
      texts: [],
    })
    expect(
      collectSchemaText({ properties: { n: { description: 12, enum: [1, true, null, 'ok'] } } }),
    ).toEqual({
      names: ['n'],
      texts: ['ok'],
    })
  })

  it('stops at the depth, node and character limits', () => {
    let deep: Record<string, unknown> = { description: 'bottom' }
    for (let level = 0; level < 50; level += 1) deep = { properties: { [`p${level}`]: deep } }
    expect(collectSchemaText(deep, { maxDepth: 3, maxNodes: 1000, maxChars: 1000 }).names).toEqual([
      'p49',
      'p48',
      'p47',
      'p46',
    ])

    const wide = {
      properties: Object.fromEntries(
        Array.from({ length: 5000 }, (_, i) => [`field${i}`, { description: 'x'.repeat(50) }]),
      ),
    }
    const bounded = collectSchemaText(wide, { maxDepth: 5, maxNodes: 10, maxChars: 300 })
    const chars = [...bounded.names, ...bounded.texts].reduce((sum, text) => sum + text.length, 0)
    expect(chars).toBeLessThanOrEqual(300)
    expect(bounded.texts.length).toBeLessThanOrEqual(10)
  })
})
