import { APICallError, RetryError, UnsupportedFunctionalityError } from 'ai'
import { describe, expect, it } from 'vitest'
import { providerFailure, scrubSecrets } from '../../../../src/main/core/sampling/provider-failure'
import { ProtocolErrorCode } from '@modelcontextprotocol/server'

function apiError(message: string, statusCode?: number): APICallError {
  return new APICallError({
    message,
    url: 'http://127.0.0.1/v1/chat/completions',
    requestBodyValues: {},
    ...(statusCode === undefined ? {} : { statusCode }),
  })
}

describe('scrubSecrets', () => {
  it('removes every occurrence of every secret, longest first, and ignores empty values', () => {
    const text = 'key sk-abc-LONG and sk-abc and sk-abc-LONG again'
    expect(scrubSecrets(text, ['sk-abc', 'sk-abc-LONG', ''])).toBe(
      'key [redacted] and [redacted] and [redacted] again',
    )
  })
})

describe('providerFailure', () => {
  it('reports the last error of an exhausted retry with its status', () => {
    const error = new RetryError({
      message: 'Failed after 2 attempts',
      reason: 'maxRetriesExceeded',
      errors: [apiError('first', 503), apiError('Service unavailable', 503)],
    })
    const failure = providerFailure(error, 'p/m', [])
    expect(failure.code).toBe(ProtocolErrorCode.InternalError)
    expect(failure.message).toContain('the provider of p/m failed (HTTP 503): Service unavailable')
  })

  it('scrubs secrets from the message and cuts very long provider messages', () => {
    const failure = providerFailure(apiError(`bad key sk-SECRET ${'x'.repeat(5_000)}`, 401), 'p/m', [
      'sk-SECRET',
    ])
    expect(failure.message).not.toContain('sk-SECRET')
    expect(failure.message).toContain('bad key [redacted]')
    expect(failure.message.length).toBeLessThan(1_100)
  })

  it('turns a request the adapter cannot express into InvalidParams', () => {
    const failure = providerFailure(
      new UnsupportedFunctionalityError({ functionality: 'audio media type audio/ogg' }),
      'p/m',
      [],
    )
    expect(failure.code).toBe(ProtocolErrorCode.InvalidParams)
    expect(failure.message).toContain('the model p/m cannot take this request')
  })

  it('describes errors that are not provider responses without losing their message', () => {
    expect(providerFailure(new TypeError('fetch failed'), 'p/m', []).message).toContain(
      'the model call to p/m failed: fetch failed',
    )
    expect(providerFailure('odd', 'p/m', []).message).toContain('failed: odd')
  })
})
