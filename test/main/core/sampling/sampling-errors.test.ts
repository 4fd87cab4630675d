import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server'
import { describe, expect, it } from 'vitest'
import {
  internalError,
  invalidParams,
  isSamplingDenied,
  requestTimeout,
  SAMPLING_DENIAL_REASONS,
  samplingDenied,
} from '../../../../src/main/core/sampling/sampling-errors'
import { REQUEST_TIMEOUT_CODE } from '../../../../src/main/core/sampling/sampling-errors'

describe('sampling errors', () => {
  it('a denial is an McpError -1 carrying the reason label, and is recognised as one', () => {
    const error = samplingDenied(SAMPLING_DENIAL_REASONS.rateLimited, 'rate limited: 30 per minute')
    expect(error).toBeInstanceOf(ProtocolError)
    expect(error.code).toBe(-1)
    expect(error.message).toContain('rate limited: 30 per minute')
    expect(error.data).toEqual({ reason: 'rate limited' })
    expect(isSamplingDenied(error)).toBe(true)
    expect(isSamplingDenied(internalError('boom'))).toBe(false)
    expect(isSamplingDenied(new Error('plain'))).toBe(false)
  })

  it('invalid params is -32602, with data only when given', () => {
    expect(invalidParams('maxTokens: must be a positive integer')).toMatchObject({
      code: ProtocolErrorCode.InvalidParams,
      data: undefined,
    })
    const rejected = [{ ref: 'a/b', reasons: ['no vision'] }]
    expect(invalidParams('no eligible model', { rejected }).data).toEqual({ rejected })
  })

  it('request timeout is -32001 with exactly the chunk and char counts as data', () => {
    const counts = { chunks: 2, chars: 9, text: 'must not leak' } as { chunks: number; chars: number }
    const error = requestTimeout('cancelled', counts)
    expect(error.code).toBe(REQUEST_TIMEOUT_CODE)
    expect(error.data).toEqual({ chunks: 2, chars: 9 })
  })

  it('internal error is -32603 without data', () => {
    expect(internalError('the provider failed')).toMatchObject({
      code: ProtocolErrorCode.InternalError,
      data: undefined,
    })
  })
})
