import { describe, expect, it } from 'vitest'
import { invalidXMcpHeader } from '../../../../../src/main/core/mcp/discovery/x-mcp-header'

const schema = (properties: Record<string, unknown>) => ({ type: 'object', properties })

describe('invalidXMcpHeader (SEP-2243)', () => {
  it('accepts unmarked schemas and marks on string, integer and boolean properties', () => {
    expect(invalidXMcpHeader({ type: 'object' })).toBeUndefined()
    expect(
      invalidXMcpHeader(
        schema({
          region: { type: 'string', 'x-mcp-header': 'Region' },
          priority: { type: 'integer', 'x-mcp-header': 'Priority' },
          nested: { type: 'object', properties: { debug: { type: 'boolean', 'x-mcp-header': 'Debug' } } },
        }),
      ),
    ).toBeUndefined()
  })

  it.each([
    ['empty', schema({ v: { type: 'string', 'x-mcp-header': '' } })],
    ['not a string', schema({ v: { type: 'string', 'x-mcp-header': 7 } })],
    ['a space', schema({ v: { type: 'string', 'x-mcp-header': 'My Region' } })],
    ['a colon', schema({ v: { type: 'string', 'x-mcp-header': 'Region:Primary' } })],
    ['non-ASCII', schema({ v: { type: 'string', 'x-mcp-header': 'Région' } })],
    ['a control character', schema({ v: { type: 'string', 'x-mcp-header': 'Region\t1' } })],
    ['on an object', schema({ v: { type: 'object', 'x-mcp-header': 'Data' } })],
    ['on an array', schema({ v: { type: 'array', 'x-mcp-header': 'Items' } })],
    ['on null', schema({ v: { type: 'null', 'x-mcp-header': 'Nil' } })],
    ['on a number', schema({ v: { type: 'number', 'x-mcp-header': 'Score' } })],
    ['without a type', schema({ v: { 'x-mcp-header': 'Free' } })],
    [
      'twice, ignoring case',
      schema({
        a: { type: 'string', 'x-mcp-header': 'MyField' },
        b: { type: 'string', 'x-mcp-header': 'myfield' },
      }),
    ],
    ['on the root', { type: 'object', 'x-mcp-header': 'Root' }],
    ['under items', schema({ list: { type: 'array', items: { type: 'string', 'x-mcp-header': 'Item' } } })],
    ['under anyOf', { type: 'object', anyOf: [schema({ v: { type: 'string', 'x-mcp-header': 'V' } })] }],
    ['under $defs', { type: 'object', $defs: { v: { type: 'string', 'x-mcp-header': 'V' } } }],
  ])('refuses a mark that is %s', (_, inputSchema) => {
    expect(invalidXMcpHeader(inputSchema)).toEqual(expect.any(String))
  })
})
