// runSampling's liveness rules against the real mock provider: stall detection, progress heartbeats and
// cancellation, each observed through the mock's request and disconnect records.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { SamplingProgressCounts } from '../../../../src/main/core/sampling/sampling-errors'
import { runSampling } from '../../../../src/main/core/sampling/sampling-runner'
import { startMockOpenAI, type MockOpenAI } from '../../../fixtures/mock-openai'
import { countingTimers, mcpErrorFrom, runInput } from './runner-harness'
import { REQUEST_TIMEOUT_CODE } from '../../../../src/main/core/sampling/sampling-errors'

let mock: MockOpenAI

beforeEach(async () => {
  mock = await startMockOpenAI()
})

afterEach(async () => {
  await mock.close()
})

describe('stall detection', () => {
  it('fails with RequestTimeout {chunks: 0} when the provider sends headers and then nothing', async () => {
    mock.enqueue({ kind: 'stall', afterChunks: [] })
    const timers = countingTimers()
    const error = await mcpErrorFrom(runSampling(runInput(mock, { chunkTimeoutMs: 300, timers })))

    expect(error.code).toBe(REQUEST_TIMEOUT_CODE)
    expect(error.message).toContain('the model mock/mock-model produced nothing for 0.3 s (stalled)')
    expect(error.data).toEqual({ chunks: 0, chars: 0 })
    // The provider request was really aborted, not left hanging.
    expect(await mock.waitForDisconnect(1)).toMatchObject({
      requestIndex: 1,
      scriptKind: 'stall',
      chunksSent: 0,
    })
    expect(timers.live).toBe(0)
  })

  it('counts what arrived before the stall', async () => {
    mock.enqueue({ kind: 'stall', afterChunks: ['abc', 'de'] })
    const error = await mcpErrorFrom(runSampling(runInput(mock, { chunkTimeoutMs: 300 })))

    expect(error.code).toBe(REQUEST_TIMEOUT_CODE)
    expect(error.data).toEqual({ chunks: 2, chars: 5 })
    expect(await mock.waitForDisconnect(1)).toMatchObject({ chunksSent: 2 })
  })

  it('stalls when the gap between chunks exceeds the chunk timeout', async () => {
    mock.enqueue({ kind: 'drip', chunks: ['slow', 'er'], intervalMs: 2_000 })
    const error = await mcpErrorFrom(runSampling(runInput(mock, { chunkTimeoutMs: 200 })))

    expect(error.code).toBe(REQUEST_TIMEOUT_CODE)
    expect(error.data).toEqual({ chunks: 1, chars: 4 })
    expect(await mock.waitForDisconnect(1)).toMatchObject({ scriptKind: 'drip', chunksSent: 1 })
  })

  it('lets a stream whose chunks keep coming within the timeout run longer than the timeout in total', async () => {
    const chunks = ['a', 'b', 'c', 'd', 'e', 'f']
    mock.enqueue({ kind: 'drip', chunks, intervalMs: 60 })
    // 5 gaps of 60 ms is well past 250 ms in total, but no single gap comes close to it.
    const result = await runSampling(runInput(mock, { chunkTimeoutMs: 250 }))

    expect(result.text).toBe('abcdef')
    expect(result.stopReason).toBe('endTurn')
    expect(mock.disconnects).toHaveLength(0)
  })

  it('with chunkTimeoutMs 0 never arms a stall timer', async () => {
    mock.enqueue({ kind: 'text', chunks: ['ok'] })
    const timers = countingTimers()
    await runSampling(runInput(mock, { chunkTimeoutMs: 0, timers }))
    expect(timers.timeoutsCreated).toBe(0)
  })
})

describe('progress heartbeat', () => {
  it('sends growing chunk/char counts (never text) while a slow answer streams, and stops after it', async () => {
    mock.enqueue({ kind: 'drip', chunks: ['one ', 'two ', 'three ', 'four'], intervalMs: 100 })
    const timers = countingTimers()
    const progress: SamplingProgressCounts[] = []
    const result = await runSampling(
      runInput(mock, {
        progressIntervalMs: 20,
        timers,
        sendProgress: (counts) => {
          progress.push(counts)
          return Promise.resolve()
        },
      }),
    )

    expect(result.text).toBe('one two three four')
    expect(timers.intervalsCreated).toBe(1)
    expect(timers.live).toBe(0)
    const sentAtEnd = progress.length
    expect(sentAtEnd).toBeGreaterThanOrEqual(2)
    for (const counts of progress) expect(Object.keys(counts).sort()).toEqual(['chars', 'chunks'])
    for (const [i, counts] of progress.entries()) {
      const before = progress[i - 1]
      if (before) expect(counts.chunks).toBeGreaterThanOrEqual(before.chunks)
    }
    expect(new Set(progress.map((counts) => counts.chunks)).size).toBeGreaterThanOrEqual(2)
    expect(progress.every((counts) => counts.chunks <= 4 && counts.chars <= result.chars)).toBe(true)
    // A later run (the next test's worth of time) adds nothing: the interval is gone, not just idle.
    mock.enqueue({ kind: 'drip', chunks: ['x', 'y'], intervalMs: 100 })
    await runSampling(runInput(mock))
    expect(progress).toHaveLength(sentAtEnd)
  })

  it('starts no progress timer at all when the request had no progressToken', async () => {
    mock.enqueue({ kind: 'drip', chunks: ['one ', 'two'], intervalMs: 50 })
    const timers = countingTimers()
    await runSampling(runInput(mock, { progressIntervalMs: 10, timers }))
    expect(timers.intervalsCreated).toBe(0)
  })

  it('stops the heartbeat when the run fails', async () => {
    mock.enqueue({ kind: 'stall', afterChunks: ['x'] })
    const timers = countingTimers()
    await mcpErrorFrom(
      runSampling(
        runInput(mock, {
          chunkTimeoutMs: 150,
          progressIntervalMs: 20,
          timers,
          sendProgress: () => Promise.resolve(),
        }),
      ),
    )
    expect(timers.intervalsCreated).toBe(1)
    expect(timers.live).toBe(0)
  })

  it('keeps running when sending progress fails', async () => {
    mock.enqueue({ kind: 'drip', chunks: ['a', 'b', 'c'], intervalMs: 60 })
    let attempts = 0
    const result = await runSampling(
      runInput(mock, {
        progressIntervalMs: 15,
        sendProgress: () => {
          attempts += 1
          return Promise.reject(new Error('transport closed'))
        },
      }),
    )
    expect(result.text).toBe('abc')
    expect(attempts).toBeGreaterThanOrEqual(1)
  })
})

describe('cancellation', () => {
  it('aborts the provider request mid-stream and fails with RequestTimeout cancelled and the counts', async () => {
    mock.enqueue({ kind: 'stall', afterChunks: ['first', 'second'] })
    const cancel = new AbortController()
    const timers = countingTimers()
    const error = await mcpErrorFrom(
      runSampling(
        runInput(mock, {
          signal: cancel.signal,
          timers,
          onDelta: (_delta, totals) => {
            if (totals.chunks === 2) cancel.abort()
          },
        }),
      ),
    )

    expect(error.code).toBe(REQUEST_TIMEOUT_CODE)
    expect(error.message).toContain('cancelled')
    expect(error.data).toEqual({ chunks: 2, chars: 11 })
    expect(await mock.waitForDisconnect(1)).toMatchObject({
      requestIndex: 1,
      scriptKind: 'stall',
      chunksSent: 2,
    })
    expect(timers.live).toBe(0)
  })

  it('aborts a request the provider has not answered yet (0 chunks)', async () => {
    mock.enqueue({ kind: 'stall', afterChunks: [] })
    const cancel = new AbortController()
    const running = runSampling(runInput(mock, { signal: cancel.signal }))
    await mock.waitForRequest(1)
    cancel.abort()

    const error = await mcpErrorFrom(running)
    expect(error.code).toBe(REQUEST_TIMEOUT_CODE)
    expect(error.data).toEqual({ chunks: 0, chars: 0 })
    expect(await mock.waitForDisconnect(1)).toMatchObject({ chunksSent: 0 })
  })

  it('does not call the provider at all when the signal is already aborted', async () => {
    const cancel = new AbortController()
    cancel.abort()
    const error = await mcpErrorFrom(runSampling(runInput(mock, { signal: cancel.signal })))
    expect(error.code).toBe(REQUEST_TIMEOUT_CODE)
    expect(error.data).toEqual({ chunks: 0, chars: 0 })
    expect(mock.requests).toHaveLength(0)
  })
})
