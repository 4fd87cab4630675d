import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server'
import { describe, expect, it } from 'vitest'
import { toModelMessages } from '../../../../src/main/core/sampling/to-model-messages'
import { modelToolName } from '../../../../src/main/core/sampling/tool-names'
import type { ValidatedSamplingRequest } from '../../../../src/main/core/sampling/validate-request'

describe('toModelMessages', () => {
  it('turns text, image and audio items into ai v7 text and file parts with their media types', () => {
    const converted = toModelMessages({
      systemPrompt: 'Be brief.',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is this?' },
            { type: 'image', data: 'AAAA', mimeType: 'image/jpeg' },
            { type: 'audio', data: 'BBBB', mimeType: 'audio/mpeg' },
          ],
        },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'A cat, ' },
            { type: 'text', text: 'meowing.' },
          ],
        },
      ],
    })

    expect(converted).toEqual({
      system: 'Be brief.',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is this?' },
            { type: 'file', mediaType: 'image/jpeg', data: { type: 'data', data: 'AAAA' } },
            { type: 'file', mediaType: 'audio/mpeg', data: { type: 'data', data: 'BBBB' } },
          ],
        },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'A cat, ' },
            { type: 'text', text: 'meowing.' },
          ],
        },
      ],
    })
  })

  it('accepts the output of the validation helper as is', () => {
    const validated: ValidatedSamplingRequest = {
      messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
      maxTokens: 10,
      stopSequences: [],
      progressToken: 'p1',
    }
    expect(toModelMessages(validated)).toEqual({
      messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
    })
  })

  it('leaves out a missing or empty system prompt', () => {
    const messages = [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'hi' }] }]
    expect(toModelMessages({ messages })).not.toHaveProperty('system')
    expect(toModelMessages({ systemPrompt: '', messages })).not.toHaveProperty('system')
  })

  it.each(['image', 'audio'] as const)(
    'refuses %s in an assistant message with InvalidParams naming it',
    (type) => {
      let caught: unknown
      try {
        toModelMessages({
          messages: [
            { role: 'user', content: [{ type: 'text', text: 'hi' }] },
            {
              role: 'assistant',
              content: [
                { type: 'text', text: 'see:' },
                { type, data: 'AAAA', mimeType: `${type}/png` },
              ],
            },
          ],
        })
      } catch (error) {
        caught = error
      }
      expect(caught).toBeInstanceOf(ProtocolError)
      expect((caught as ProtocolError).code).toBe(ProtocolErrorCode.InvalidParams)
      expect((caught as ProtocolError).message).toContain(
        `messages[1].content[1]: an assistant message cannot carry ${type}`,
      )
    },
  )
})

describe('toModelMessages with tool history', () => {
  const text = (value: string) => ({ type: 'text' as const, text: value })

  it('turns tool_use into assistant tool-call parts and tool_result messages into tool messages', () => {
    const converted = toModelMessages({
      messages: [
        { role: 'user', content: [text('define a and b')] },
        {
          role: 'assistant',
          content: [
            text('Looking both up.'),
            { type: 'tool_use', id: 'c1', name: 'lookup', input: { word: 'a' } },
            { type: 'tool_use', id: 'c2', name: 'dict.lookup', input: { word: 'b' } },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', toolUseId: 'c2', content: [], structuredContent: { b: 'bee' } },
            { type: 'tool_result', toolUseId: 'c1', content: [text('no entry')], isError: true },
          ],
        },
      ],
    })

    expect(converted.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'define a and b' }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Looking both up.' },
          { type: 'tool-call', toolCallId: 'c1', toolName: 'lookup', input: { word: 'a' } },
          {
            type: 'tool-call',
            toolCallId: 'c2',
            toolName: modelToolName('dict.lookup'),
            input: { word: 'b' },
          },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c2',
            toolName: modelToolName('dict.lookup'),
            output: { type: 'json', value: { b: 'bee' } },
          },
          {
            type: 'tool-result',
            toolCallId: 'c1',
            toolName: 'lookup',
            output: { type: 'error-text', value: 'no entry' },
          },
        ],
      },
    ])
  })

  it.each([
    [
      'a result for a call the message before did not make',
      [
        { role: 'user' as const, content: [text('go')] },
        { role: 'user' as const, content: [{ type: 'tool_result' as const, toolUseId: 'c1', content: [] }] },
      ],
      'messages[1].content[0].toolUseId: "c1" answers no tool_use',
    ],
    [
      'a tool_result message with text in it',
      [
        {
          role: 'assistant' as const,
          content: [{ type: 'tool_use' as const, id: 'c1', name: 'x', input: {} }],
        },
        {
          role: 'user' as const,
          content: [{ type: 'tool_result' as const, toolUseId: 'c1', content: [] }, text('and')],
        },
      ],
      'messages[1].content[1]: a user message holding tool_result blocks must hold nothing else',
    ],
    [
      'an image inside a tool result',
      [
        {
          role: 'assistant' as const,
          content: [{ type: 'tool_use' as const, id: 'c1', name: 'x', input: {} }],
        },
        {
          role: 'user' as const,
          content: [
            {
              type: 'tool_result' as const,
              toolUseId: 'c1',
              content: [{ type: 'image' as const, data: 'AAAA', mimeType: 'image/png' }],
            },
          ],
        },
      ],
      'messages[1].content[0].content[0]: a tool result cannot carry image content',
    ],
  ])('refuses %s with InvalidParams naming it', (_, messages, words) => {
    let caught: unknown
    try {
      toModelMessages({ messages })
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(ProtocolError)
    expect((caught as ProtocolError).code).toBe(ProtocolErrorCode.InvalidParams)
    expect((caught as ProtocolError).message).toContain(words)
  })
})
