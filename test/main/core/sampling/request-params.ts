import { ProtocolError } from '@modelcontextprotocol/server'
import {
  MAX_TEXT_BYTES,
  validateCreateMessageParams,
} from '../../../../src/main/core/sampling/validate-request'

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

const huge = 'é'.repeat(MAX_TEXT_BYTES / 2 + 1) // 524289 characters, 1 MiB + 2 bytes of UTF-8
/**
 * The sampling battery: requests the host must refuse with -32602 naming the field, as
 * [name, params, field, problem]. Both eras get the same answers (validate-request.test.ts, mrtr-sampling.test.ts).
 */
export const INVALID_REQUESTS: Array<[string, unknown, string, string]> = [
  ['params null', null, 'params', 'must be an object (got null)'],
  ['params an array', [], 'params', 'must be an object'],
  ['params a string', 'hi', 'params', 'must be an object'],
  ['messages missing', request({ messages: undefined }), 'messages', 'required'],
  ['messages not an array', request({ messages: {} }), 'messages', 'must be an array'],
  ['messages empty', request({ messages: [] }), 'messages', 'must not be empty'],
  ['message not an object', request({ messages: ['hi'] }), 'messages[0]', 'must be an object'],
  [
    'role system',
    request({ messages: [{ role: 'system', content: text('x') }] }),
    'messages[0].role',
    'must be "user" or "assistant" (got "system")',
  ],
  ['role missing', request({ messages: [{ content: text('x') }] }), 'messages[0].role', 'got nothing'],
  ['content missing', request({ messages: [{ role: 'user' }] }), 'messages[0].content', 'required'],
  ['content empty array', withContent(), 'messages[0].content', 'at least one content block'],
  [
    'content type video',
    request({ messages: [{ role: 'user', content: { type: 'video', data: 'AAAA' } }] }),
    'messages[0].content.type',
    'must be text, image or audio (got "video")',
  ],
  ['second block not an object', withContent(text('a'), 7), 'messages[0].content[1]', 'must be an object'],
  [
    'tool_use without tools',
    request({
      messages: [{ role: 'assistant', content: [{ type: 'tool_use', id: '1', name: 'x', input: {} }] }],
    }),
    'messages[0].content[0].type',
    'tool_use needs sampling with tools',
  ],
  [
    'tool_result without tools',
    withContent({ type: 'tool_result', toolUseId: '1', content: [] }),
    'messages[0].content[0].type',
    'tool_result needs sampling with tools',
  ],
  ['text not a string', withContent(text(42)), 'messages[0].content[0].text', 'must be a string (got 42)'],
  [
    'text over 1 MiB of UTF-8',
    withContent(text('ok'), text(huge)),
    'messages[0].content[1].text',
    '1048578 bytes of UTF-8 is over the 1 MiB limit',
  ],
  [
    'system prompt over 1 MiB',
    request({ systemPrompt: 'x'.repeat(MAX_TEXT_BYTES + 1) }),
    'systemPrompt',
    '1048577 bytes',
  ],
  [
    'system prompt not a string',
    request({ systemPrompt: ['a'] }),
    'systemPrompt',
    'must be a string (got an array)',
  ],
  [
    'base64 "abc"',
    withContent(image('abc')),
    'messages[0].content[0].data',
    'not canonical base64 (length 3 is not a multiple of 4)',
  ],
  [
    'base64 "ab=c"',
    withContent(image('ab=c')),
    'messages[0].content[0].data',
    'not canonical base64 ("=" padding at position 2 is not at the end)',
  ],
  [
    'base64 "a b="',
    withContent(image('a b=')),
    'messages[0].content[0].data',
    'not canonical base64 (whitespace at position 1',
  ],
  [
    'base64 "abc==" (length 5)',
    withContent(image('abc==')),
    'messages[0].content[0].data',
    'length 5 is not a multiple of 4',
  ],
  [
    'base64 "a==="',
    withContent(audio('a===')),
    'messages[0].content[0].data',
    'more than two "=" padding characters',
  ],
  [
    'base64 url-safe alphabet',
    withContent(image('ab-_')),
    'messages[0].content[0].data',
    'character "-" at position 2',
  ],
  [
    'base64 line break',
    withContent(image('AAAA\nAAA')),
    'messages[0].content[0].data',
    'whitespace at position 4',
  ],
  ['base64 empty', withContent(image('')), 'messages[0].content[0].data', 'must not be empty'],
  ['data not a string', withContent(image(1234)), 'messages[0].content[0].data', 'must be a base64 string'],
  [
    'mime "image"',
    withContent(image('AAAA', 'image')),
    'messages[0].content[0].mimeType',
    '"image" is not a valid MIME type',
  ],
  [
    'mime with a space',
    withContent(image('AAAA', 'image/p ng')),
    'messages[0].content[0].mimeType',
    'not a valid MIME type',
  ],
  [
    'mime missing',
    withContent(image('AAAA', null)),
    'messages[0].content[0].mimeType',
    'must be a MIME type string',
  ],
  [
    'mime text/plain on an image',
    withContent(image('AAAA', 'text/plain')),
    'messages[0].content[0].mimeType',
    'is not an image type (an image block needs image/*)',
  ],
  [
    'mime image/png on audio',
    withContent(text('hi'), audio('AAAA', 'image/png')),
    'messages[0].content[1].mimeType',
    'is not an audio type',
  ],
  ['maxTokens missing', request({ maxTokens: undefined }), 'maxTokens', 'required (a positive integer)'],
  ['maxTokens 0', request({ maxTokens: 0 }), 'maxTokens', 'must be a positive integer (got 0)'],
  ['maxTokens -1', request({ maxTokens: -1 }), 'maxTokens', '(got -1)'],
  ['maxTokens 1.5', request({ maxTokens: 1.5 }), 'maxTokens', '(got 1.5)'],
  ['maxTokens "10"', request({ maxTokens: '10' }), 'maxTokens', '(got "10")'],
  ['maxTokens Infinity', request({ maxTokens: Infinity }), 'maxTokens', '(got Infinity)'],
  ['tools present', request({ tools: [] }), 'tools', 'sampling with tools is not supported yet'],
  [
    'toolChoice present',
    request({ toolChoice: { mode: 'auto' } }),
    'toolChoice',
    'sampling with tools is not supported yet',
  ],
  [
    'modelPreferences not an object',
    request({ modelPreferences: 'fast' }),
    'modelPreferences',
    'must be an object',
  ],
  [
    'hints not an array',
    request({ modelPreferences: { hints: { name: 'claude' } } }),
    'modelPreferences.hints',
    'must be an array (got an object)',
  ],
  [
    'hint not an object',
    request({ modelPreferences: { hints: ['claude'] } }),
    'modelPreferences.hints[0]',
    'must be an object',
  ],
  [
    'hint name not a string',
    request({ modelPreferences: { hints: [{ name: 'a' }, { name: 3 }] } }),
    'modelPreferences.hints[1].name',
    'must be a string',
  ],
  [
    'costPriority 1.5',
    request({ modelPreferences: { costPriority: 1.5 } }),
    'modelPreferences.costPriority',
    'must be a number from 0 to 1 (got 1.5)',
  ],
  [
    'speedPriority -0.1',
    request({ modelPreferences: { speedPriority: -0.1 } }),
    'modelPreferences.speedPriority',
    '(got -0.1)',
  ],
  [
    'intelligencePriority NaN',
    request({ modelPreferences: { intelligencePriority: NaN } }),
    'modelPreferences.intelligencePriority',
    '(got NaN)',
  ],
  [
    'stopSequences not an array',
    request({ stopSequences: 'END' }),
    'stopSequences',
    'must be an array of strings',
  ],
  [
    'stopSequences with a number',
    request({ stopSequences: ['END', 5] }),
    'stopSequences[1]',
    'must be a string (got 5)',
  ],
  ['temperature NaN', request({ temperature: NaN }), 'temperature', 'must be a finite number (got NaN)'],
  ['temperature "hot"', request({ temperature: 'hot' }), 'temperature', '(got "hot")'],
  ['temperature Infinity', request({ temperature: Infinity }), 'temperature', '(got Infinity)'],
  [
    'includeContext unknown',
    request({ includeContext: 'everything' }),
    'includeContext',
    'must be "none", "thisServer" or "allServers"',
  ],
  ['_meta not an object', request({ _meta: 'token' }), '_meta', 'must be an object'],
  [
    'progressToken an object',
    request({ _meta: { progressToken: {} } }),
    '_meta.progressToken',
    'must be a string or a number',
  ],
]
