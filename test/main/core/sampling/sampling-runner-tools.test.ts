// runSampling with tools (SEP-1577) against the real mock provider through the real `ai` SDK: what the
// provider is sent (tools, tool history, tool_choice in the OpenAI format) and what comes back.
import type { Tool } from '@modelcontextprotocol/server'
import { CreateMessageResultWithToolsSchema } from '@modelcontextprotocol/core'
import type { FinishReason } from 'ai'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { runSampling, stopReasonFor } from '../../../../src/main/core/sampling/sampling-runner'
import { toCreateMessageResult } from '../../../../src/main/core/sampling/sampling-result'
import type { SamplingPrompt } from '../../../../src/main/core/sampling/to-model-messages'
import { modelToolName } from '../../../../src/main/core/sampling/tool-names'
import { startMockOpenAI, type MockOpenAI } from '../../../fixtures/mock-openai'
import { mcpErrorFrom, runInput } from './runner-harness'
import { ProtocolErrorCode } from '@modelcontextprotocol/server'

let mock: MockOpenAI

beforeEach(async () => {
  mock = await startMockOpenAI()
})

afterEach(async () => {
  await mock.close()
})

const lookup: Tool = {
  name: 'lookup',
  description: 'Look a word up in the dictionary',
  inputSchema: { type: 'object', properties: { word: { type: 'string' } }, required: ['word'] },
}
const weather: Tool = { name: 'weather', inputSchema: { type: 'object' } }
const text = (value: string) => ({ type: 'text' as const, text: value })
const ask = (extra: Partial<SamplingPrompt> = {}): SamplingPrompt => ({
  messages: [{ role: 'user', content: [text('Define "a" and tell me the weather')] }],
  tools: [lookup, weather],
  ...extra,
})
const bodyOf = async (count = 1) => (await mock.waitForRequest(count)).body as Record<string, unknown>

describe('runSampling with tools: the provider request', () => {
  it('sends the tools in the OpenAI format, in the server order, and the tool history as tool_calls and tool messages', async () => {
    mock.enqueue({ kind: 'text', chunks: ['"a" is a letter; ', 'sunny.'] })
    const result = await runSampling(
      runInput(mock, {
        request: ask({
          tools: [weather, lookup],
          messages: [
            { role: 'user', content: [text('Define "a" and tell me the weather')] },
            {
              role: 'assistant',
              content: [
                text('Let me check.'),
                { type: 'tool_use', id: 'call_1', name: 'lookup', input: { word: 'a' } },
                { type: 'tool_use', id: 'call_2', name: 'weather', input: {} },
              ],
            },
            {
              role: 'user',
              content: [
                { type: 'tool_result', toolUseId: 'call_1', content: [text('a: the first letter')] },
                {
                  type: 'tool_result',
                  toolUseId: 'call_2',
                  content: [],
                  structuredContent: { temperature: 20, condition: 'sunny' },
                },
              ],
            },
          ],
        }),
      }),
    )

    expect(result.stopReason).toBe('endTurn')
    expect(result.content).toEqual([{ type: 'text', text: '"a" is a letter; sunny.' }])
    const body = await bodyOf()
    expect(body.tools).toEqual([
      { type: 'function', function: { name: 'weather', parameters: { type: 'object' } } },
      {
        type: 'function',
        function: {
          name: 'lookup',
          description: 'Look a word up in the dictionary',
          parameters: { type: 'object', properties: { word: { type: 'string' } }, required: ['word'] },
        },
      },
    ])
    // The server did not say: the SDK sends the default.
    expect(body.tool_choice).toBe('auto')
    expect(body.messages).toEqual([
      { role: 'user', content: 'Define "a" and tell me the weather' },
      {
        role: 'assistant',
        content: 'Let me check.',
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'lookup', arguments: '{"word":"a"}' } },
          { id: 'call_2', type: 'function', function: { name: 'weather', arguments: '{}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: 'a: the first letter' },
      { role: 'tool', tool_call_id: 'call_2', content: '{"temperature":20,"condition":"sunny"}' },
    ])
  })

  it.each(['none', 'required', 'auto'] as const)('sends toolChoice %s as tool_choice "%s"', async (mode) => {
    mock.enqueue(
      mode === 'required'
        ? { kind: 'tool_calls', calls: [{ id: 'c1', name: 'weather', arguments: '{}' }] }
        : { kind: 'text', chunks: ['fine'] },
    )
    await runSampling(runInput(mock, { request: ask({ toolChoice: { mode } }) }))
    const body = await bodyOf()
    expect(body.tool_choice).toBe(mode)
    // "none" still lists the tools (OpenAI semantics): the model sees them but may not call one.
    expect((body.tools as unknown[]).length).toBe(2)
  })

  it('sends no tools and no tool_choice when none are offered', async () => {
    mock.enqueue({ kind: 'text', chunks: ['plain'] })
    await runSampling(runInput(mock, { request: ask({ tools: [], toolChoice: { mode: 'auto' } }) }))
    const body = await bodyOf()
    expect(body).not.toHaveProperty('tools')
    expect(body).not.toHaveProperty('tool_choice')
  })
})

describe('runSampling with tools: the answer', () => {
  it('returns parallel tool calls together, in order, with toolUse, after one provider request', async () => {
    mock.enqueue({
      kind: 'tool_calls',
      text: 'Checking both.',
      calls: [
        { id: 'call_a', name: 'lookup', arguments: JSON.stringify({ word: 'a' }) },
        { id: 'call_w', name: 'weather', arguments: '{}' },
      ],
    })
    const result = await runSampling(runInput(mock, { request: ask() }))

    expect(result.stopReason).toBe('toolUse')
    expect(result.text).toBe('Checking both.')
    expect(result.content).toEqual([
      { type: 'text', text: 'Checking both.' },
      { type: 'tool_use', id: 'call_a', name: 'lookup', input: { word: 'a' } },
      { type: 'tool_use', id: 'call_w', name: 'weather', input: {} },
    ])
    // The argument fragments counted as output (the stall detector sees them as life).
    expect(result.chunks).toBeGreaterThan(2)
    // Without execute nothing ran and no second step asked the model again.
    expect(mock.requests).toHaveLength(1)
  })

  it('hands two calls to a 2025-11-25 server as an array, and only the first (with a warning) to an older one', async () => {
    mock.enqueue({
      kind: 'tool_calls',
      calls: [
        { id: 'c1', name: 'lookup', arguments: '{"word":"a"}' },
        { id: 'c2', name: 'lookup', arguments: '{"word":"b"}' },
      ],
    })
    const result = await runSampling(runInput(mock, { request: ask() }))
    const warnings: string[] = []

    const current = toCreateMessageResult(result, 'mock/mock-model', '2025-11-25', (m) => warnings.push(m))
    expect(current).toEqual({
      role: 'assistant',
      model: 'mock/mock-model',
      stopReason: 'toolUse',
      content: [
        { type: 'tool_use', id: 'c1', name: 'lookup', input: { word: 'a' } },
        { type: 'tool_use', id: 'c2', name: 'lookup', input: { word: 'b' } },
      ],
    })
    expect(CreateMessageResultWithToolsSchema.safeParse(current).success).toBe(true)
    expect(warnings).toEqual([])

    const older = toCreateMessageResult(result, 'mock/mock-model', '2025-06-18', (m) => warnings.push(m))
    expect(older.content).toEqual({ type: 'tool_use', id: 'c1', name: 'lookup', input: { word: 'a' } })
    expect(older.stopReason).toBe('toolUse')
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toContain('2 content blocks (tool_use, tool_use)')
    expect(warnings[0]).toContain('2025-06-18 predates array content')
  })

  it('round-trips a tool name the model API cannot take', async () => {
    const search: Tool = { name: 'notes.search', inputSchema: { type: 'object' } }
    const safe = modelToolName('notes.search')
    mock.enqueue({ kind: 'tool_calls', calls: [{ id: 'c2', name: safe, arguments: '{"q":"x"}' }] })
    const result = await runSampling(
      runInput(mock, {
        request: {
          tools: [search],
          messages: [
            { role: 'user', content: [text('search twice')] },
            { role: 'assistant', content: [{ type: 'tool_use', id: 'c1', name: 'notes.search', input: {} }] },
            { role: 'user', content: [{ type: 'tool_result', toolUseId: 'c1', content: [text('none')] }] },
          ],
        },
      }),
    )

    const body = await bodyOf()
    expect(body.tools).toEqual([
      { type: 'function', function: { name: safe, parameters: { type: 'object' } } },
    ])
    const messages = body.messages as Array<Record<string, unknown>>
    expect(messages[1]?.tool_calls).toEqual([
      { id: 'c1', type: 'function', function: { name: safe, arguments: '{}' } },
    ])
    expect(result.content).toEqual([{ type: 'tool_use', id: 'c2', name: 'notes.search', input: { q: 'x' } }])
  })
})

describe('runSampling with tools: calls the server cannot take', () => {
  it.each([
    [
      'a tool that was not offered',
      'delete_everything',
      '{}',
      'called the tool "delete_everything", which was not offered',
    ],
    [
      'arguments that are not JSON',
      'lookup',
      '{"word": ',
      'called the tool "lookup" with arguments that are not a JSON object',
    ],
    [
      'arguments that are a JSON array',
      'lookup',
      '["a"]',
      'called the tool "lookup" with arguments that are not a JSON object',
    ],
  ])('fails %s with InternalError', async (_, name, args, words) => {
    mock.enqueue({ kind: 'tool_calls', calls: [{ id: 'c1', name, arguments: args }] })
    const error = await mcpErrorFrom(runSampling(runInput(mock, { request: ask() })))
    expect(error.code).toBe(ProtocolErrorCode.InternalError)
    expect(error.message).toContain(`the model mock/mock-model ${words}`)
  })

  it.each([
    ['calls a tool under toolChoice none', 'none', 'contained a tool call even though tool choice was none'],
    [
      'calls no tool under toolChoice required',
      'required',
      'did not contain a tool call even though tool choice was required',
    ],
  ] as const)('fails a model that %s with InternalError', async (_, mode, words) => {
    mock.enqueue(
      mode === 'none'
        ? { kind: 'tool_calls', calls: [{ id: 'c1', name: 'weather', arguments: '{}' }] }
        : { kind: 'text', chunks: ['I would rather not.'] },
    )
    const error = await mcpErrorFrom(runSampling(runInput(mock, { request: ask({ toolChoice: { mode } }) })))
    expect(error.code).toBe(ProtocolErrorCode.InternalError)
    expect(error.message).toContain(`the model call to mock/mock-model failed: Model response ${words}`)
  })

  it('refuses "required" once every tool is gone, before calling the provider', async () => {
    const error = await mcpErrorFrom(
      runSampling(runInput(mock, { request: ask({ tools: [], toolChoice: { mode: 'required' } }) })),
    )
    expect(error.code).toBe(ProtocolErrorCode.InvalidParams)
    expect(mock.requests).toHaveLength(0)
  })
})

describe('stopReasonFor with tool calls', () => {
  const finish = (finishReason: FinishReason) => ({ finishReason, rawFinishReason: undefined })

  it('reports toolUse whenever the model made calls, unless the answer was cut (maxTokens)', () => {
    expect(stopReasonFor(finish('tool-calls'), '', [], 'p/m', 2)).toBe('toolUse')
    // Some OpenAI-compatible servers finish a tool call with a plain "stop".
    expect(stopReasonFor(finish('stop'), 'calling', [], 'p/m', 1)).toBe('toolUse')
    expect(stopReasonFor(finish('other'), '', [], 'p/m', 1)).toBe('toolUse')
    expect(stopReasonFor(finish('length'), '', [], 'p/m', 1)).toBe('maxTokens')
    expect(stopReasonFor(finish('stop'), 'no calls', [], 'p/m', 0)).toBe('endTurn')
  })

  it('fails a tool-calls finish without any call, saying whether tools were offered', () => {
    expect(() => stopReasonFor(finish('tool-calls'), '', [], 'p/m', 0)).toThrow(
      'the model p/m stopped to call tools, but made no tool call',
    )
    expect(() => stopReasonFor(finish('tool-calls'), '', [], 'p/m')).toThrow('none were offered')
  })
})
