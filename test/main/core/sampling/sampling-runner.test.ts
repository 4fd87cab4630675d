// runSampling against the real mock provider through the real `ai` SDK: what comes back, what the provider
// was sent, and how provider failures reach the server.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { FinishReason } from 'ai'
import { runSampling, stopReasonFor } from '../../../../src/main/core/sampling/sampling-runner'
import { startMockOpenAI, type MockOpenAI } from '../../../fixtures/mock-openai'
import { mcpErrorFrom, runInput, TEST_API_KEY } from './runner-harness'
import { ProtocolErrorCode } from '@modelcontextprotocol/server'

let mock: MockOpenAI

beforeEach(async () => {
  mock = await startMockOpenAI()
})

afterEach(async () => {
  await mock.close()
})

// 1x1 transparent PNG and a 44-byte empty WAV header, both canonical base64.
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='
const WAV_BASE64 = 'UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YQAAAAA='

describe('runSampling results', () => {
  it('returns the streamed text, usage and endTurn, and streams every delta to onDelta', async () => {
    mock.enqueue({
      kind: 'text',
      chunks: ['Hello', ', ', 'world'],
      usage: { prompt_tokens: 7, completion_tokens: 3 },
    })
    const deltas: Array<{ delta: string; chunks: number; chars: number }> = []

    const result = await runSampling(
      runInput(mock, { onDelta: (delta, totals) => deltas.push({ delta, ...totals }) }),
    )

    expect(result).toEqual({
      text: 'Hello, world',
      content: [{ type: 'text', text: 'Hello, world' }],
      stopReason: 'endTurn',
      usage: { inputTokens: 7, outputTokens: 3 },
      chunks: 3,
      chars: 12,
    })
    expect(deltas).toEqual([
      { delta: 'Hello', chunks: 1, chars: 5 },
      { delta: ', ', chunks: 2, chars: 7 },
      { delta: 'world', chunks: 3, chars: 12 },
    ])
  })

  it('maps finish_reason length to maxTokens', async () => {
    mock.enqueue({ kind: 'text', chunks: ['cut sh'], finishReason: 'length' })
    const result = await runSampling(runInput(mock))
    expect(result.stopReason).toBe('maxTokens')
    expect(result.text).toBe('cut sh')
  })

  it('reports stopSequence when the text visibly ends with a requested stop sequence, endTurn otherwise', async () => {
    mock.enqueue({ kind: 'text', chunks: ['one two', ' END'] }, { kind: 'text', chunks: ['one two'] })
    const runSettings = { maxOutputTokens: 50, maxRetries: 1 as const, stopSequences: ['END'] }

    expect((await runSampling(runInput(mock, { runSettings }))).stopReason).toBe('stopSequence')
    // OpenAI strips a matched sequence; with nothing visible the honest answer is endTurn.
    expect((await runSampling(runInput(mock, { runSettings }))).stopReason).toBe('endTurn')
  })

  it('sends the system prompt, the generation settings and the conversation in the OpenAI shape', async () => {
    mock.enqueue({ kind: 'text', chunks: ['ok'] })
    await runSampling(
      runInput(mock, {
        request: {
          systemPrompt: 'You are terse.',
          messages: [
            { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
            { role: 'assistant', content: [{ type: 'text', text: 'Hello.' }] },
            { role: 'user', content: [{ type: 'text', text: 'Bye' }] },
          ],
        },
        runSettings: { maxOutputTokens: 42, temperature: 0.3, stopSequences: ['STOP'], maxRetries: 1 },
      }),
    )

    const request = await mock.waitForRequest(1)
    expect(request.body).toMatchObject({
      model: 'mock-model',
      stream: true,
      max_tokens: 42,
      temperature: 0.3,
      stop: ['STOP'],
      messages: [
        { role: 'system', content: 'You are terse.' },
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello.' },
        { role: 'user', content: 'Bye' },
      ],
    })
  })

  it('delivers images as image_url data URLs and WAV audio as input_audio', async () => {
    mock.enqueue({ kind: 'text', chunks: ['a dot and silence'] })
    await runSampling(
      runInput(mock, {
        request: {
          messages: [
            {
              role: 'user',
              content: [
                { type: 'text', text: 'Describe these' },
                { type: 'image', data: PNG_BASE64, mimeType: 'image/png' },
                { type: 'audio', data: WAV_BASE64, mimeType: 'audio/wav' },
              ],
            },
          ],
        },
      }),
    )

    const request = await mock.waitForRequest(1)
    expect((request.body as { messages: unknown[] }).messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Describe these' },
          { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG_BASE64}` } },
          { type: 'input_audio', input_audio: { data: WAV_BASE64, format: 'wav' } },
        ],
      },
    ])
  })

  it('refuses an assistant image with InvalidParams naming the item, before calling the provider', async () => {
    const error = await mcpErrorFrom(
      runSampling(
        runInput(mock, {
          request: {
            messages: [
              { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
              { role: 'assistant', content: [{ type: 'image', data: PNG_BASE64, mimeType: 'image/png' }] },
            ],
          },
        }),
      ),
    )
    expect(error.code).toBe(ProtocolErrorCode.InvalidParams)
    expect(error.message).toContain('messages[1].content[0]')
    expect(mock.requests).toHaveLength(0)
  })

  it('answers an audio format the provider API cannot take with InvalidParams, not a provider failure', async () => {
    const error = await mcpErrorFrom(
      runSampling(
        runInput(mock, {
          request: {
            messages: [
              { role: 'user', content: [{ type: 'audio', data: WAV_BASE64, mimeType: 'audio/ogg' }] },
            ],
          },
        }),
      ),
    )
    expect(error.code).toBe(ProtocolErrorCode.InvalidParams)
    expect(error.message).toContain('mock/mock-model cannot take this request')
    expect(error.message).toContain('audio/ogg')
    expect(mock.requests).toHaveLength(0)
  })
})

describe('runSampling provider failures', () => {
  it('retries a 500 once, then fails with InternalError carrying the status and the provider message', async () => {
    const retryNow = { 'retry-after-ms': '0' }
    mock.enqueue(
      { kind: 'http_error', status: 500, headers: retryNow },
      { kind: 'http_error', status: 500, headers: retryNow },
    )
    const error = await mcpErrorFrom(runSampling(runInput(mock)))

    expect(error.code).toBe(ProtocolErrorCode.InternalError)
    expect(error.message).toContain('HTTP 500')
    expect(error.message).toContain('The server had an error while processing your request.')
    expect(mock.requests).toHaveLength(2)
  })

  it('fails a 401 with InternalError whose message never contains the API key', async () => {
    mock.enqueue({
      kind: 'http_error',
      status: 401,
      body: {
        error: { message: `Incorrect API key provided: ${TEST_API_KEY}.`, type: 'invalid_request_error' },
      },
    })
    const error = await mcpErrorFrom(runSampling(runInput(mock)))

    expect(error.code).toBe(ProtocolErrorCode.InternalError)
    expect(error.message).toContain('HTTP 401')
    expect(error.message).toContain('Incorrect API key provided: [redacted].')
    expect(JSON.stringify({ message: error.message, data: error.data })).not.toContain(TEST_API_KEY)
    // 401 is not retryable: one request only.
    expect(mock.requests).toHaveLength(1)
  })

  it('fails a stream the provider cut mid-answer with InternalError instead of returning half a text', async () => {
    mock.enqueue({ kind: 'disconnect', afterChunks: ['half an'] })
    const error = await mcpErrorFrom(runSampling(runInput(mock)))
    expect(error.code).toBe(ProtocolErrorCode.InternalError)
    expect(error.message).toContain('the provider of mock/mock-model failed')
  })
})

describe('stopReasonFor', () => {
  const stop = (finishReason: FinishReason, rawFinishReason?: string) => ({ finishReason, rawFinishReason })

  it('maps length, stop, a provider-reported stop_sequence and unrecognised reasons', () => {
    expect(stopReasonFor(stop('length'), 'x', [], 'p/m')).toBe('maxTokens')
    expect(stopReasonFor(stop('stop', 'stop'), 'x', ['END'], 'p/m')).toBe('endTurn')
    expect(stopReasonFor(stop('stop', 'stop_sequence'), 'x', ['END'], 'p/m')).toBe('stopSequence')
    expect(stopReasonFor(stop('other', 'eos'), 'x', [], 'p/m')).toBe('endTurn')
  })

  it.each([
    ['content-filter', 'content filter'],
    ['tool-calls', 'none were offered'],
    ['interrupted', 'before the answer was complete'],
    ['error', 'stopped with an error'],
  ] as const)('fails %s with InternalError (%s)', (reason, words) => {
    let caught: unknown
    try {
      stopReasonFor(stop(reason), 'partial', [], 'p/m')
    } catch (error) {
      caught = error
    }
    expect(caught).toMatchObject({ code: ProtocolErrorCode.InternalError })
    expect((caught as Error).message).toContain(words)
  })
})
