import { ProtocolError } from '@modelcontextprotocol/server'
import type {
  McpServer,
  CreateMessageRequestParamsWithTools,
  CreateMessageResultWithTools,
  SamplingMessage,
  Tool,
} from '@modelcontextprotocol/server'
import { afterEach, describe, expect, it } from 'vitest'
import {
  nextCard,
  startSamplingHarness,
  userText,
  type HarnessOptions,
  type SamplingHarness,
} from './sampling-harness'

const lookup: Tool = {
  name: 'lookup',
  description: 'Looks a word up in the dictionary',
  inputSchema: { type: 'object', properties: { word: { type: 'string' } }, required: ['word'] },
}
const weather: Tool = { name: 'weather', description: 'Current weather', inputSchema: { type: 'object' } }

const harnesses: SamplingHarness[] = []
async function harness(options: HarnessOptions): Promise<SamplingHarness> {
  const h = await startSamplingHarness(options)
  harnesses.push(h)
  return h
}

/**
 * The server side of SEP-1577: ask with tools; while the model calls tools, run them here (the server, not
 * the host, executes its tools) and ask again with the results appended; stop at the final text.
 */
async function runToolLoop(
  server: McpServer,
  prompt: string,
  tools: Tool[],
): Promise<{ final: CreateMessageResultWithTools; rounds: number }> {
  const messages: SamplingMessage[] = [userText(prompt)]
  for (let rounds = 1; ; rounds += 1) {
    const params: CreateMessageRequestParamsWithTools = { messages, maxTokens: 100, tools }
    const result = await server.server.createMessage(params)
    if (result.stopReason !== 'toolUse') return { final: result, rounds }
    const calls = (Array.isArray(result.content) ? result.content : [result.content]).filter(
      (block) => block.type === 'tool_use',
    )
    messages.push({ role: 'assistant', content: calls })
    messages.push({
      role: 'user',
      content: calls.map((call) => ({
        type: 'tool_result' as const,
        toolUseId: call.id,
        content: [{ type: 'text' as const, text: `result of ${call.name}(${JSON.stringify(call.input)})` }],
      })),
    })
  }
}

describe('sampling with tools (SEP-1577), end to end', () => {
  afterEach(async () => {
    await Promise.all(harnesses.splice(0).map((h) => h.close()))
  })

  it('runs a server tool loop to the final text; the provider sees tools and tool messages in OpenAI format', async () => {
    const h = await harness({ servers: [{ id: 'dict', policy: 'allow' }] })
    h.mock.enqueue({
      kind: 'tool_calls',
      calls: [{ id: 'call_1', name: 'lookup', arguments: '{"word":"mcp"}' }],
    })
    h.mock.enqueue({ kind: 'text', chunks: ['MCP is a protocol.'] })
    const { final, rounds } = await runToolLoop(h.server('dict'), 'What does MCP mean?', [lookup])
    expect(rounds).toBe(2)
    expect(final).toMatchObject({
      content: { type: 'text', text: 'MCP is a protocol.' },
      stopReason: 'endTurn',
    })
    const first = h.mock.requests[0]?.body as { tools: unknown[] }
    expect(first.tools).toEqual([
      {
        type: 'function',
        function: {
          name: 'lookup',
          description: 'Looks a word up in the dictionary',
          parameters: lookup.inputSchema,
        },
      },
    ])
    const second = h.mock.requests[1]?.body as { messages: Array<Record<string, unknown>> }
    expect(second.messages).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          role: 'assistant',
          tool_calls: [
            expect.objectContaining({
              id: 'call_1',
              type: 'function',
              function: expect.objectContaining({ name: 'lookup' }),
            }),
          ],
        }),
        expect.objectContaining({ role: 'tool', tool_call_id: 'call_1' }),
      ]),
    )
  })

  it('returns two parallel tool calls together as an array with stopReason toolUse', async () => {
    const h = await harness({ servers: [{ id: 'dict', policy: 'allow' }] })
    h.mock.enqueue({
      kind: 'tool_calls',
      calls: [
        { id: 'c1', name: 'lookup', arguments: '{"word":"a"}' },
        { id: 'c2', name: 'weather', arguments: '{}' },
      ],
    })
    const result = await h
      .server('dict')
      .server.createMessage({ messages: [userText('both')], maxTokens: 50, tools: [lookup, weather] })
    expect(result.stopReason).toBe('toolUse')
    expect(result.content).toEqual([
      { type: 'tool_use', id: 'c1', name: 'lookup', input: { word: 'a' } },
      { type: 'tool_use', id: 'c2', name: 'weather', input: {} },
    ])
  })

  it('passes toolChoice through: none and required', async () => {
    const h = await harness({ servers: [{ id: 'dict', policy: 'allow' }] })
    h.mock.enqueue({ kind: 'text', chunks: ['no tools used'] })
    h.mock.enqueue({ kind: 'tool_calls', calls: [{ id: 'c', name: 'lookup', arguments: '{"word":"x"}' }] })
    const server = h.server('dict').server
    await server.createMessage({
      messages: [userText('a')],
      maxTokens: 5,
      tools: [lookup],
      toolChoice: { mode: 'none' },
    })
    await server.createMessage({
      messages: [userText('b')],
      maxTokens: 5,
      tools: [lookup],
      toolChoice: { mode: 'required' },
    })
    expect((h.mock.requests[0]?.body as { tool_choice: unknown }).tool_choice).toBe('none')
    expect((h.mock.requests[1]?.body as { tool_choice: unknown }).tool_choice).toBe('required')
  })

  it('refuses the 21st round of one loop with -1 "tool loop limit"', async () => {
    const h = await harness({ servers: [{ id: 'dict', policy: 'allow' }] })
    for (let n = 1; n <= 21; n += 1) {
      h.mock.enqueue({
        kind: 'tool_calls',
        calls: [{ id: `c${n}`, name: 'lookup', arguments: '{"word":"again"}' }],
      })
    }
    const failure = await runToolLoop(h.server('dict'), 'loop forever', [lookup]).catch(
      (error: unknown) => error,
    )
    expect(failure).toBeInstanceOf(ProtocolError)
    expect((failure as ProtocolError).code).toBe(-1)
    expect((failure as ProtocolError).message).toContain('tool loop limit')
    expect(h.mock.requests).toHaveLength(20)
  })

  it('lists the tools on the card; a removed tool is not offered; a session allow covers the loop, a new tool set asks again', async () => {
    const h = await harness({ servers: [{ id: 'dict', policy: 'ask' }] })
    h.mock.enqueue({ kind: 'tool_calls', calls: [{ id: 'c1', name: 'lookup', arguments: '{"word":"x"}' }] })
    h.mock.enqueue({ kind: 'text', chunks: ['done'] })
    const loop = runToolLoop(h.server('dict'), 'look it up', [lookup, weather])
    const card = await nextCard(h.engine)
    expect(card.tools.map((t) => t.name)).toEqual(['lookup', 'weather'])
    h.engine.queue.decide(card.id, { kind: 'approve-session', removedTools: ['weather'] })
    expect((await loop).rounds).toBe(2)
    for (const request of h.mock.requests) {
      expect(
        (request.body as { tools: Array<{ function: { name: string } }> }).tools.map((t) => t.function.name),
      ).toEqual(['lookup'])
    }

    h.mock.enqueue({ kind: 'text', chunks: ['new'] })
    const changed = h
      .server('dict')
      .server.createMessage({ messages: [userText('new set')], maxTokens: 5, tools: [weather] })
    const again = await nextCard(h.engine)
    expect(again.tools.map((t) => t.name)).toEqual(['weather'])
    h.engine.queue.decide(again.id, { kind: 'approve' })
    await changed
  })
})
