import { CreateMessageResultSchema } from '@modelcontextprotocol/core'
import { InMemoryTransport, Server, ProtocolErrorCode } from '@modelcontextprotocol/server'
import { Client } from '@modelcontextprotocol/client'
import { describe, expect, it } from 'vitest'
import { selectModel, type SelectionRequest } from '../../../../src/main/core/models/select-model'
import type { RunRequest } from '../../../../src/main/core/models/run-settings'
import type { SamplingPrompt } from '../../../../src/main/core/sampling/to-model-messages'
import {
  MAX_TEXT_BYTES,
  permissiveCreateMessageParamsSchema,
  validateCreateMessageParams,
  type ValidatedSamplingRequest,
} from '../../../../src/main/core/sampling/validate-request'
import { candidate, vision } from '../models/selection-fixtures'
import { audio, image, rejection, request, text } from './request-params'

describe('validateCreateMessageParams accepted requests', () => {
  it('normalises a single content block to an array and defaults stopSequences', () => {
    const validated: ValidatedSamplingRequest = validateCreateMessageParams(request(), { allowTools: false })
    expect(validated).toEqual({
      messages: [{ role: 'user', content: [{ type: 'text', text: 'hello' }] }],
      maxTokens: 100,
      stopSequences: [],
    })
  })

  it('keeps arrays of text, image and audio with every padding form and MIME parameters', () => {
    const params = request({
      systemPrompt: 'Be brief.',
      messages: [
        {
          role: 'user',
          content: [
            text('what is this?'),
            image('AAAA', 'Image/PNG'),
            image('AA==', 'image/jpeg'),
            audio('AAA=', 'audio/wav; codecs=1'),
          ],
        },
        { role: 'assistant', content: [text('a cat')] },
        { role: 'user', content: audio('SGVsbG8hIQ==', 'audio/mpeg; name="a;b"') },
      ],
      temperature: 0,
      stopSequences: ['END', ''],
      modelPreferences: {
        hints: [{ name: 'claude' }, {}],
        costPriority: 0,
        speedPriority: 1,
        intelligencePriority: 0.5,
      },
    })
    const validated = validateCreateMessageParams(params, { allowTools: false })
    expect(validated.messages.map((m) => m.content.map((c) => c.type))).toEqual([
      ['text', 'image', 'image', 'audio'],
      ['text'],
      ['audio'],
    ])
    expect(validated.messages[0]?.content[3]).toEqual({
      type: 'audio',
      data: 'AAA=',
      mimeType: 'audio/wav; codecs=1',
    })
    expect(validated).toMatchObject({ systemPrompt: 'Be brief.', temperature: 0, stopSequences: ['END', ''] })
    expect(validated.modelPreferences).toEqual({
      hints: [{ name: 'claude' }, {}],
      costPriority: 0,
      speedPriority: 1,
      intelligencePriority: 0.5,
    })
  })

  it('accepts text and a system prompt of exactly 1 MiB', () => {
    const mib = 'x'.repeat(MAX_TEXT_BYTES)
    const validated = validateCreateMessageParams(
      request({ systemPrompt: mib, messages: [{ role: 'user', content: text(mib) }] }),
      { allowTools: false },
    )
    expect(validated.systemPrompt?.length).toBe(MAX_TEXT_BYTES)
  })

  it('ignores includeContext other than "none" and says so, and ignores metadata and unknown keys', () => {
    const params = request({
      includeContext: 'thisServer',
      metadata: { anything: ['goes'], nested: { deep: true } },
      task: { ttl: 1000 },
      messages: [
        {
          role: 'user',
          content: { type: 'text', text: 'hi', annotations: { priority: 1 }, _meta: { x: 1 } },
          _meta: {},
        },
      ],
    })
    const validated = validateCreateMessageParams(params, { allowTools: false })
    expect(validated).toEqual({
      messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
      maxTokens: 100,
      stopSequences: [],
      ignoredIncludeContext: 'thisServer',
    })
    expect(
      validateCreateMessageParams(request({ includeContext: 'allServers' }), { allowTools: false })
        .ignoredIncludeContext,
    ).toBe('allServers')
    expect(
      validateCreateMessageParams(request({ includeContext: 'none', metadata: 'not even an object' }), {
        allowTools: false,
      }),
    ).not.toHaveProperty('ignoredIncludeContext')
  })

  it('extracts a string or number progressToken from _meta', () => {
    expect(
      validateCreateMessageParams(request({ _meta: { progressToken: 'p-1' } }), { allowTools: false })
        .progressToken,
    ).toBe('p-1')
    expect(
      validateCreateMessageParams(request({ _meta: { progressToken: 7 } }), { allowTools: false })
        .progressToken,
    ).toBe(7)
    expect(
      validateCreateMessageParams(request({ _meta: { other: 1 } }), { allowTools: false }),
    ).not.toHaveProperty('progressToken')
  })

  it('gives a request that model selection, run settings and prompt conversion take as is', () => {
    const validated = validateCreateMessageParams(
      request({
        messages: [{ role: 'user', content: [text('see'), image('AAAA')] }],
        modelPreferences: { hints: [{ name: 'eyes' }] },
      }),
      { allowTools: false },
    )
    const asSelection: SelectionRequest = validated
    const asRun: RunRequest = validated
    const asPrompt: SamplingPrompt = validated
    expect([asRun.maxTokens, asPrompt.messages.length]).toEqual([100, 1])
    const selection = selectModel(asSelection, [candidate('p/blind'), candidate('p/eyes', vision)], {
      recentModels: [],
    })
    expect(selection.ok && selection.chosen.ref).toBe('p/eyes')
  })
})

describe('validateCreateMessageParams with tools allowed', () => {
  const tool = { name: 'lookup', inputSchema: { type: 'object', properties: { q: { type: 'string' } } } }
  const conversation = [
    { role: 'user', content: text('find x') },
    { role: 'assistant', content: [{ type: 'tool_use', id: 'call-1', name: 'lookup', input: { q: 'x' } }] },
    {
      role: 'user',
      content: [{ type: 'tool_result', toolUseId: 'call-1', content: [text('found'), image('AAAA')] }],
    },
  ]

  it('keeps tools, toolChoice and tool blocks in the SDK shape', () => {
    const validated = validateCreateMessageParams(
      request({ messages: conversation, tools: [tool], toolChoice: { mode: 'required' } }),
      { allowTools: true },
    )
    expect(validated.tools?.[0]?.name).toBe('lookup')
    expect(validated.toolChoice).toEqual({ mode: 'required' })
    expect(validated.messages[1]?.content[0]).toMatchObject({
      type: 'tool_use',
      id: 'call-1',
      input: { q: 'x' },
    })
    expect(validated.messages[2]?.content[0]).toMatchObject({ type: 'tool_result', toolUseId: 'call-1' })
  })

  const toolRows: Array<[string, unknown[], string, string]> = [
    [
      'tool_use in a user message',
      [{ role: 'user', content: { type: 'tool_use', id: '1', name: 'x', input: {} } }],
      'messages[0].content.type',
      'belongs in an assistant message',
    ],
    [
      'tool_result in an assistant message',
      [{ role: 'assistant', content: { type: 'tool_result', toolUseId: '1', content: [] } }],
      'messages[0].content.type',
      'belongs in a user message',
    ],
    [
      'tool_use without input',
      [{ role: 'assistant', content: { type: 'tool_use', id: '1', name: 'x' } }],
      'messages[0].content.input',
      '',
    ],
    [
      'bad base64 inside a tool result',
      [{ role: 'user', content: [{ type: 'tool_result', toolUseId: '1', content: [image('abc')] }] }],
      'messages[0].content[0].content[0].data',
      'length 3',
    ],
    [
      'unknown block type',
      [{ role: 'user', content: { type: 'video' } }],
      'messages[0].content.type',
      'text, image, audio, tool_use or tool_result',
    ],
  ]
  const toolCases = toolRows.map(([name, messages, field, problem]) => ({ name, messages, field, problem }))
  it.each(toolCases)('$name → InvalidParams naming $field', ({ messages, field, problem }) => {
    const error = rejection(request({ messages }), true)
    expect(error.code).toBe(ProtocolErrorCode.InvalidParams)
    expect(error.message).toContain(`${field}: `)
    expect(error.message).toContain(problem)
    expect(error.data).toEqual({ field })
  })

  it('checks tools and toolChoice with the SDK schemas, naming the field', () => {
    expect(rejection(request({ tools: [tool, { name: 'broken' }] }), true).message).toContain(
      'tools[1].inputSchema: ',
    )
    expect(rejection(request({ tools: 'lookup' }), true).message).toContain('tools: must be an array')
    expect(rejection(request({ toolChoice: { mode: 'sometimes' } }), true).message).toContain(
      'toolChoice.mode: ',
    )
  })
})

describe('permissiveCreateMessageParamsSchema', () => {
  it('matches any params, so malformed requests reach our validation', () => {
    for (const params of [{}, 'junk', { messages: 'x' }, undefined]) {
      expect(permissiveCreateMessageParamsSchema.safeParse(params).success).toBe(true)
    }
  })

  it('registered on a client, answers a malformed request from a server with -32602 and our message', async () => {
    const client = new Client({ name: 'host', version: '1' }, { capabilities: { sampling: {} } })
    client.setRequestHandler(
      'sampling/createMessage',
      { params: permissiveCreateMessageParamsSchema },
      (params) => {
        validateCreateMessageParams(params, { allowTools: false })
        return { model: 'test/model', role: 'assistant', content: { type: 'text', text: 'ok' } }
      },
    )
    const server = new Server({ name: 'srv', version: '1' }, { capabilities: {} })
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
    await Promise.all([client.connect(clientSide), server.connect(serverSide)])
    try {
      const ask = (params: unknown) =>
        server.request({ method: 'sampling/createMessage', params } as never, CreateMessageResultSchema)
      await expect(
        ask({ messages: [{ role: 'user', content: image('abc') }], maxTokens: 5 }),
      ).rejects.toMatchObject({
        code: -32602,
        message: expect.stringContaining('messages[0].content.data: not canonical base64 (length 3'),
      })
      await expect(ask({ messages: [], maxTokens: 'x' })).rejects.toMatchObject({ code: -32602 })
      await expect(
        ask({ messages: [{ role: 'user', content: text('hi') }], maxTokens: 5 }),
      ).resolves.toMatchObject({ model: 'test/model' })
    } finally {
      await client.close()
      await server.close()
    }
  })
})
