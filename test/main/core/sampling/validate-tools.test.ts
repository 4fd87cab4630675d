// Sampling with tools (SEP-1577) validation: tool definitions, toolChoice, and the pairing of tool calls
// and results. Every failure is InvalidParams whose message and data.field name the problem.
import { describe, expect, it } from 'vitest'
import { validateCreateMessageParams } from '../../../../src/main/core/sampling/validate-request'
import { MAX_TOOL_DEFINITIONS_BYTES } from '../../../../src/main/core/sampling/validate-tools'
import { rejection, request, text } from './request-params'
import { ProtocolErrorCode } from '@modelcontextprotocol/server'

const lookup = { name: 'lookup', inputSchema: { type: 'object', properties: { q: { type: 'string' } } } }
const weather = { name: 'weather', description: 'Weather now', inputSchema: { type: 'object' } }
const use = (id: string, name = 'lookup', input: object = {}) => ({ type: 'tool_use', id, name, input })
const result = (toolUseId: string, content: unknown[] = [text('ok')]) => ({
  type: 'tool_result',
  toolUseId,
  content,
})
const user = (...content: unknown[]) => ({ role: 'user', content })
const assistant = (...content: unknown[]) => ({ role: 'assistant', content })
const withTools = (messages: unknown[], extra: Record<string, unknown> = {}) =>
  request({ messages, tools: [lookup, weather], ...extra })

describe('tool_use / tool_result pairing', () => {
  it('accepts parallel calls answered in any order, text beside the calls, and a finished loop', () => {
    const validated = validateCreateMessageParams(
      withTools([
        user(text('find x and the weather')),
        assistant(text('Looking.'), use('c1', 'lookup', { q: 'x' }), use('c2', 'weather')),
        user(result('c2'), result('c1')),
        assistant(text('x is y; sunny.')),
        user(text('thanks, once more')),
      ]),
      { allowTools: true },
    )
    expect(validated.messages).toHaveLength(5)
    expect(validated.messages[2]?.content.map((block) => block.type)).toEqual(['tool_result', 'tool_result'])
  })

  it('accepts a single (non-array) tool_use answered by a single tool_result', () => {
    const params = withTools([
      user(text('go')),
      { role: 'assistant', content: use('c1') },
      { role: 'user', content: result('c1') },
    ])
    expect(validateCreateMessageParams(params, { allowTools: true }).messages).toHaveLength(3)
  })

  const rows: Array<[string, unknown[], string, string]> = [
    [
      'a call left unanswered by the next message',
      [user(text('go')), assistant(use('c1'), use('c2')), user(result('c1'))],
      'messages[1].content[1].id',
      'tool_use "c2" is not answered: messages[2] holds no tool_result with toolUseId "c2"',
    ],
    [
      'a call followed by another assistant message',
      [user(text('go')), assistant(use('c1')), assistant(text('hm'))],
      'messages[1].content[0].id',
      'tool_use "c1" is not answered',
    ],
    [
      'a conversation ending on an unanswered call',
      [user(text('go')), { role: 'assistant', content: use('c1') }],
      'messages[1].content.id',
      'the conversation ends there',
    ],
    [
      'a call answered twice',
      [user(text('go')), assistant(use('c1')), user(result('c1'), result('c1'))],
      'messages[2].content[1].toolUseId',
      'tool_use "c1" is answered twice in messages[2] (also messages[2].content[0])',
    ],
    [
      'a result for an unknown id',
      [user(text('go')), assistant(use('c1')), user(result('c1'), result('c9'))],
      'messages[2].content[1].toolUseId',
      '"c9" answers no tool_use of the message before it (messages[1])',
    ],
    [
      'a result answering a call two messages back',
      [
        user(text('go')),
        assistant(use('c1')),
        user(result('c1')),
        assistant(text('done')),
        user(result('c1')),
      ],
      'messages[4].content[0].toolUseId',
      'answers no tool_use of the message before it (messages[3])',
    ],
    [
      'a result in the first message',
      [user(result('c1'))],
      'messages[0].content[0].toolUseId',
      'it is the first message',
    ],
    [
      'two calls with one id',
      [user(text('go')), assistant(use('c1'), use('c1')), user(result('c1'))],
      'messages[1].content[1].id',
      'duplicate tool_use id "c1" in messages[1] (also messages[1].content[0])',
    ],
    [
      'a tool_result message with text in it',
      [user(text('go')), assistant(use('c1')), user(result('c1'), text('and also'))],
      'messages[2].content[1].type',
      'a user message holding tool_result blocks must hold nothing else (got "text")',
    ],
  ]
  const cases = rows.map(([name, messages, field, problem]) => ({ name, messages, field, problem }))

  it.each(cases)('$name → InvalidParams naming $field', ({ messages, field, problem }) => {
    const error = rejection(withTools(messages), true)
    expect(error.code).toBe(ProtocolErrorCode.InvalidParams)
    expect(error.message.startsWith(`${field}: `)).toBe(true)
    expect(error.message).toContain(problem)
    expect(error.data).toEqual({ field })
  })
})

describe('tool definitions and toolChoice', () => {
  const tooBig = {
    name: 'big',
    description: 'x'.repeat(MAX_TOOL_DEFINITIONS_BYTES),
    inputSchema: { type: 'object' },
  }
  const rows: Array<[string, Record<string, unknown>, string, string]> = [
    [
      'duplicate tool names',
      { tools: [lookup, weather, { ...lookup, description: 'again' }] },
      'tools[2].name',
      'duplicate tool name "lookup" (also tools[0])',
    ],
    [
      'an array input schema',
      { tools: [lookup, { name: 'list', inputSchema: { type: 'array' } }] },
      'tools[1].inputSchema.type',
      'must be "object": a tool takes its arguments as one object (got "array")',
    ],
    [
      'an input schema without a type',
      { tools: [{ name: 'free', inputSchema: { properties: {} } }] },
      'tools[0].inputSchema.type',
      'must be "object"',
    ],
    [
      'an input schema that is a string',
      { tools: [{ name: 'free', inputSchema: 'object' }] },
      'tools[0].inputSchema',
      'must be a JSON Schema object (got "object")',
    ],
    ['no input schema', { tools: [{ name: 'free' }] }, 'tools[0].inputSchema', 'required'],
    ['an empty name', { tools: [{ name: '', inputSchema: { type: 'object' } }] }, 'tools[0].name', 'empty'],
    [
      'tool definitions over 64 KiB',
      { tools: [lookup, tooBig] },
      'tools',
      `is over the 64 KiB limit (${MAX_TOOL_DEFINITIONS_BYTES} bytes)`,
    ],
    [
      'toolChoice required without tools',
      { toolChoice: { mode: 'required' } },
      'toolChoice.mode',
      '"required" needs at least one tool',
    ],
    ['an unknown toolChoice mode', { toolChoice: { mode: 'any' }, tools: [lookup] }, 'toolChoice.mode', ''],
  ]
  const cases = rows.map(([name, extra, field, problem]) => ({ name, extra, field, problem }))

  it.each(cases)('$name → InvalidParams naming $field', ({ extra, field, problem }) => {
    const error = rejection(request(extra), true)
    expect(error.code).toBe(ProtocolErrorCode.InvalidParams)
    expect(error.message.startsWith(`${field}: `)).toBe(true)
    expect(error.message).toContain(problem)
    expect(error.data).toEqual({ field })
  })

  it('accepts tool definitions of exactly 64 KiB, and every toolChoice mode', () => {
    const bare = { name: 'big', description: '', inputSchema: { type: 'object' } }
    const padding = MAX_TOOL_DEFINITIONS_BYTES - Buffer.byteLength(JSON.stringify([bare]))
    const exact = [{ ...bare, description: 'x'.repeat(padding) }]
    expect(Buffer.byteLength(JSON.stringify(exact))).toBe(MAX_TOOL_DEFINITIONS_BYTES)
    expect(validateCreateMessageParams(request({ tools: exact }), { allowTools: true }).tools).toHaveLength(1)

    for (const mode of ['auto', 'required', 'none'] as const) {
      const validated = validateCreateMessageParams(request({ tools: [lookup], toolChoice: { mode } }), {
        allowTools: true,
      })
      expect(validated.toolChoice).toEqual({ mode })
    }
    // "auto" and "none" mean something without tools too (nothing to call), so they are not refused.
    expect(
      validateCreateMessageParams(request({ toolChoice: { mode: 'none' } }), { allowTools: true }).toolChoice,
    ).toEqual({ mode: 'none' })
  })
})
