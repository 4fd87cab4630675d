import { ProtocolError } from '@modelcontextprotocol/server'
import { validateCreateMessageParams } from '../../../../src/main/core/sampling/validate-request'

/** Builders for `sampling/createMessage` params in validation tests. Loosely typed on purpose: they build bad input too. */
export type Params = Record<string, unknown>

export const text = (value: unknown) => ({ type: 'text', text: value })
export const image = (data: unknown, mimeType: unknown = 'image/png') => ({ type: 'image', data, mimeType })
export const audio = (data: unknown, mimeType: unknown = 'audio/wav') => ({ type: 'audio', data, mimeType })

/** A valid request with `overrides` merged in (a value of `undefined` removes the field). */
export function request(overrides: Params = {}): Params {
  const merged: Params = {
    messages: [{ role: 'user', content: text('hello') }],
    maxTokens: 100,
    ...overrides,
  }
  for (const key of Object.keys(merged)) if (merged[key] === undefined) delete merged[key]
  return merged
}

export const withContent = (...content: unknown[]) => request({ messages: [{ role: 'user', content }] })

/** The McpError validation throws for `params`; fails the test when it accepts them. */
export function rejection(params: unknown, allowTools = false): ProtocolError {
  try {
    validateCreateMessageParams(params, { allowTools })
  } catch (error) {
    if (error instanceof ProtocolError) return error
    throw error
  }
  throw new Error('expected the request to be rejected')
}
