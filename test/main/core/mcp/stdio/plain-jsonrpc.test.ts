import { JSONRPCMessageSchema } from '@modelcontextprotocol/core'
import { describe, expect, it } from 'vitest'
import { plainJsonRpcMessage } from '../../../../../src/main/core/mcp/stdio/plain-jsonrpc'

// Messages the fast path must recognise: for each, the schema's output equals the message itself.
const PLAIN: unknown[] = [
  { jsonrpc: '2.0', id: 1, method: 'ping' },
  { jsonrpc: '2.0', id: 'a-1', method: 'sampling/createMessage', params: { messages: [], maxTokens: 20 } },
  {
    jsonrpc: '2.0',
    id: 0,
    method: 'tools/call',
    params: { name: 'x', _meta: { progressToken: 'p', other: 1 } },
  },
  { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 3, progress: 1 } },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  { jsonrpc: '2.0', id: 7, result: {} },
  {
    jsonrpc: '2.0',
    id: 'r',
    result: { content: [{ type: 'text', text: 'hi' }], isError: false, extra: [1] },
  },
  { jsonrpc: '2.0', id: 7, error: { code: -32601, message: 'Method not found' } },
  { jsonrpc: '2.0', id: 7, error: { code: -1, message: 'no', data: { reason: 'rate limited' } } },
  { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' } },
]

// Messages it must leave to the schema: the schema rejects or rewrites each of them.
const NOT_PLAIN: unknown[] = [
  null,
  [],
  'text',
  { jsonrpc: '1.0', id: 1, method: 'ping' },
  { jsonrpc: '2.0', id: 1.5, method: 'ping' },
  { jsonrpc: '2.0', id: null, method: 'ping' },
  { jsonrpc: '2.0', id: 2 ** 60, method: 'ping' },
  { jsonrpc: '2.0', id: 1, method: 'ping', extra: true },
  { jsonrpc: '2.0', method: 'x', params: [] },
  { jsonrpc: '2.0', method: 'x', params: { _meta: { progressToken: 1.5 } } },
  {
    jsonrpc: '2.0',
    id: 1,
    method: 'x',
    params: { _meta: { 'io.modelcontextprotocol/related-task': { taskId: 't', x: 1 } } },
  },
  { jsonrpc: '2.0', id: 1, result: { _meta: { 'io.modelcontextprotocol/serverInfo': 'not an object' } } },
  { jsonrpc: '2.0', id: 1, result: [] },
  { jsonrpc: '2.0', result: {} },
  { jsonrpc: '2.0', id: 1, result: {}, error: { code: 1, message: 'm' } },
  { jsonrpc: '2.0', id: 1, error: { code: 1, message: 'm', stack: 'dropped by the schema' } },
  { jsonrpc: '2.0', id: null, error: { code: 1, message: 'm' } },
  { jsonrpc: '2.0', id: 1, error: { code: 1.5, message: 'm' } },
  { jsonrpc: '2.0', id: 1 },
]

describe('plainJsonRpcMessage', () => {
  it.each(PLAIN.map((message) => [JSON.stringify(message), message]))(
    'recognises %s as the schema would return it',
    (_, message) => {
      expect(plainJsonRpcMessage(message)).toBe(message)
      expect(JSONRPCMessageSchema.parse(message)).toEqual(message)
    },
  )

  it.each(NOT_PLAIN.map((message) => [JSON.stringify(message), message]))(
    'leaves %s to the schema',
    (_, message) => {
      expect(plainJsonRpcMessage(message)).toBeUndefined()
      const parsed = JSONRPCMessageSchema.safeParse(message)
      // Either the schema rejects it, or what it returns differs from the message (a key dropped or
      // rewritten) or it is a shape the fast path does not know (a result's _meta).
      if (parsed.success) expect(JSON.stringify(message)).toMatch(/_meta|stack|related-task/)
    },
  )

  it('keeps a "__proto__" key as data rather than a prototype', () => {
    const message = JSON.parse(
      '{"jsonrpc":"2.0","id":1,"method":"x","params":{"__proto__":{"polluted":true}}}',
    )
    const plain = plainJsonRpcMessage(message) as { params: Record<string, unknown> }
    expect(Object.getPrototypeOf(plain.params)).toBe(Object.prototype)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})
