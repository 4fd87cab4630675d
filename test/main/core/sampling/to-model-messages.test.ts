import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js'
import { describe, expect, it } from 'vitest'
import { toModelMessages } from '../../../../src/main/core/sampling/to-model-messages'
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
      expect(caught).toBeInstanceOf(McpError)
      expect((caught as McpError).code).toBe(ErrorCode.InvalidParams)
      expect((caught as McpError).message).toContain(
        `messages[1].content[1]: an assistant message cannot carry ${type}`,
      )
    },
  )
})
