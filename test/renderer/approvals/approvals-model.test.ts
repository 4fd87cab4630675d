// @vitest-environment node
import { describe, expect, it } from 'vitest'
import {
  appendStream,
  mergeActivity,
  pruneStreams,
  waitingCount,
} from '../../../src/renderer/src/approvals/approvals-model'
import { auditEntryFixture, samplingCardFixture } from '../support/sampling-fixtures'

describe('approvals model', () => {
  it('counts cards waiting for a decision (approval, review), not those generating', () => {
    expect(waitingCount([])).toBe(0)
    expect(
      waitingCount([
        samplingCardFixture({ id: 'a' }),
        samplingCardFixture({ id: 'b', phase: 'streaming' }),
        samplingCardFixture({ id: 'c', phase: 'review' }),
      ]),
    ).toBe(2)
  })

  it('accumulates streamed text per card and takes the host’s running counts', () => {
    let streams = appendStream({}, { id: 'a', delta: 'Hel', chunks: 1, chars: 3 })
    streams = appendStream(streams, { id: 'b', delta: 'x', chunks: 1, chars: 1 })
    streams = appendStream(streams, { id: 'a', delta: 'lo', chunks: 2, chars: 5 })
    expect(streams).toEqual({
      a: { text: 'Hello', chunks: 2, chars: 5 },
      b: { text: 'x', chunks: 1, chars: 1 },
    })
  })

  it('forgets the text of cards that are gone', () => {
    const streams = { a: { text: 'a', chunks: 1, chars: 1 }, b: { text: 'b', chunks: 1, chars: 1 } }
    expect(pruneStreams(streams, [samplingCardFixture({ id: 'b' })])).toEqual({ b: streams.b })
    expect(pruneStreams(streams, [])).toEqual({})
  })

  it('merges activity newest first, one row per id, at most the limit', () => {
    const old = auditEntryFixture({ id: 'old', time: '2026-01-01T09:00:00.000Z' })
    const mid = auditEntryFixture({ id: 'mid', time: '2026-01-01T10:00:00.000Z' })
    const newest = auditEntryFixture({ id: 'new', time: '2026-01-01T11:00:00.000Z' })
    expect(mergeActivity([mid], [newest, old]).map((entry) => entry.id)).toEqual(['new', 'mid', 'old'])
    const updated = { ...mid, outcome: 'error' as const }
    expect(mergeActivity([newest, mid], [updated])).toEqual([newest, updated])
    expect(mergeActivity([newest, mid, old], [], 2).map((entry) => entry.id)).toEqual(['new', 'mid'])
  })
})
