import { describe, expect, it } from 'vitest'
import { image, INVALID_REQUESTS, rejection, request, text } from './request-params'
import { ProtocolErrorCode } from '@modelcontextprotocol/server'

describe('validateCreateMessageParams rejections', () => {
  const cases = INVALID_REQUESTS.map(([name, params, field, problem]) => ({ name, params, field, problem }))
  it.each(cases)('$name → InvalidParams naming $field', ({ params, field, problem }) => {
    const error = rejection(params)
    expect(error.code).toBe(ProtocolErrorCode.InvalidParams)
    expect(error.code).toBe(-32602)
    expect(error.message).toContain(`${field}: `)
    expect(error.message).toContain(problem)
    expect(error.data).toEqual({ field })
  })

  it('names the exact message and item of a bad block deep in the conversation', () => {
    const params = request({
      messages: [
        { role: 'user', content: text('look') },
        { role: 'assistant', content: [image('AAAA'), image('AAAAAAA')] },
      ],
    })
    expect(rejection(params).message).toBe(
      'messages[1].content[1].data: not canonical base64 (length 7 is not a multiple of 4)',
    )
  })

  it('quotes only the start of a long bad value', () => {
    const error = rejection(request({ maxTokens: 'x'.repeat(10_000) }))
    expect(error.message.length).toBeLessThan(200)
  })
})
