// Shared set-up for the sampling runner tests: a real `ai` language model pointed at the mock provider,
// a baseline run input, timers that report what is still scheduled, and a way to catch the McpError.
import { createOpenAICompatible } from '@ai-sdk/openai-compatible'
import { ProtocolError } from '@modelcontextprotocol/server'
import { expect } from 'vitest'
import type { SamplingRunInput } from '../../../../src/main/core/sampling/sampling-runner'
import {
  systemTimers,
  type SamplingTimers,
  type TimerHandle,
} from '../../../../src/main/core/sampling/run-timers'
import type { MockOpenAI } from '../../../fixtures/mock-openai'

export const TEST_API_KEY = 'sk-test-key-0123456789abcdef'

export function modelFor(mock: MockOpenAI, apiKey = TEST_API_KEY) {
  const provider = createOpenAICompatible({ name: 'mock', baseURL: mock.url, apiKey, includeUsage: true })
  return provider('mock-model')
}

export function runInput(mock: MockOpenAI, overrides: Partial<SamplingRunInput> = {}): SamplingRunInput {
  return {
    model: modelFor(mock),
    modelRef: 'mock/mock-model',
    request: { messages: [{ role: 'user', content: [{ type: 'text', text: 'Say hello' }] }] },
    runSettings: { maxOutputTokens: 100, maxRetries: 1 },
    chunkTimeoutMs: 10_000,
    progressIntervalMs: 15_000,
    signal: new AbortController().signal,
    secretValues: [TEST_API_KEY],
    ...overrides,
  }
}

/** Real timers that also record every interval/timeout created and which are still live. */
export interface CountingTimers extends SamplingTimers {
  readonly intervalsCreated: number
  readonly timeoutsCreated: number
  readonly live: number
}

export function countingTimers(): CountingTimers {
  const live = new Set<TimerHandle>()
  let intervalsCreated = 0
  let timeoutsCreated = 0
  return {
    setTimeout(callback, ms) {
      timeoutsCreated += 1
      const handle = systemTimers.setTimeout(() => {
        live.delete(handle)
        callback()
      }, ms)
      live.add(handle)
      return handle
    },
    clearTimeout(handle) {
      live.delete(handle)
      systemTimers.clearTimeout(handle)
    },
    setInterval(callback, ms) {
      intervalsCreated += 1
      const handle = systemTimers.setInterval(callback, ms)
      live.add(handle)
      return handle
    },
    clearInterval(handle) {
      live.delete(handle)
      systemTimers.clearInterval(handle)
    },
    get intervalsCreated() {
      return intervalsCreated
    },
    get timeoutsCreated() {
      return timeoutsCreated
    },
    get live() {
      return live.size
    },
  }
}

/** Awaits the promise, expects it to reject with an McpError, and returns that error. */
export async function mcpErrorFrom(promise: Promise<unknown>): Promise<ProtocolError> {
  const error = await promise.then(
    () => undefined,
    (rejection: unknown) => rejection,
  )
  expect(error).toBeInstanceOf(ProtocolError)
  return error as ProtocolError
}
