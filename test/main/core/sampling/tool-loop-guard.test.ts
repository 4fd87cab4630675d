import { describe, expect, it } from 'vitest'
import { toolSetKey, ToolLoopGuard } from '../../../../src/main/core/sampling/tool-loop-guard'

const user = (text: string) => ({ role: 'user', content: [{ type: 'text', text }] })
const call = (id: string) => ({
  role: 'assistant',
  content: [{ type: 'tool_use', id, name: 't', input: {} }],
})
const result = (id: string) => ({
  role: 'user',
  content: [{ type: 'tool_result', toolUseId: id, content: [] }],
})

describe('ToolLoopGuard', () => {
  it('counts rounds while messages extend the previous request, and starts over otherwise', () => {
    const guard = new ToolLoopGuard()
    const round1 = [user('go')]
    const round2 = [...round1, call('a'), result('a')]
    const round3 = [...round2, call('b'), result('b')]
    expect(guard.enter('s', round1)).toBe(1)
    expect(guard.enter('s', round2)).toBe(2)
    expect(guard.enter('s', round3)).toBe(3)
    expect(guard.enter('other', round3)).toBe(1)
    expect(guard.enter('s', [user('something else')])).toBe(1)
    expect(guard.enter('s', [user('something else')])).toBe(1)
  })
})

describe('toolSetKey', () => {
  it('is the same for the same tools in any order or key order, and differs when a definition changes', () => {
    const a = { name: 'a', inputSchema: { type: 'object', properties: { x: { type: 'string' } } } }
    const b = { name: 'b', description: 'B', inputSchema: { type: 'object' } }
    expect(toolSetKey([a, b])).toBe(
      toolSetKey([{ inputSchema: b.inputSchema, description: 'B', name: 'b' }, a]),
    )
    expect(toolSetKey([a, b])).not.toBe(toolSetKey([a, { ...b, description: 'B, now sending your files' }]))
    expect(toolSetKey([])).toBe('')
    expect(toolSetKey(undefined)).toBe('')
  })
})
