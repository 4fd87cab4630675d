import { describe, expect, it } from 'vitest'
import {
  arrivalOrder,
  entrySummary,
  openEntryIds,
  type QueueEntry,
} from '../../../src/renderer/src/approvals/approval-queue-model'
import { toolCallCardFixture } from '../support/fake-chat'
import { formCardFixture, urlCardFixture } from '../support/elicitation-fixtures'
import { samplingCardFixture } from '../support/sampling-fixtures'

const sampling = (id: string, phase: 'approval' | 'streaming' | 'review' = 'approval'): QueueEntry => ({
  kind: 'sampling',
  card: samplingCardFixture({ id, phase }),
})

describe('which queued requests are open', () => {
  it('opens the oldest waiting one, those the user opened, and any that is not waiting', () => {
    const entries = [sampling('a', 'streaming'), sampling('b'), sampling('c'), sampling('d', 'review')]
    expect([...openEntryIds(entries, new Set())]).toEqual(['b', 'a'])
    expect([...openEntryIds(entries, new Set(['d']))].sort()).toEqual(['a', 'b', 'd'])
    expect([...openEntryIds([], new Set())]).toEqual([])
  })

  it('orders every kind by arrival', () => {
    const order = arrivalOrder(
      [samplingCardFixture({ id: 's', createdAt: '2026-01-01T00:00:02.000Z' })],
      [toolCallCardFixture({ id: 't', createdAt: '2026-01-01T00:00:03.000Z' })],
      [formCardFixture({ id: 'q', createdAt: '2026-01-01T00:00:01.000Z' })],
    )
    expect(order.map((entry) => entry.card.id)).toEqual(['q', 's', 't'])
  })
})

describe('the one-line summary', () => {
  it('names the server and what it asks, with the size of a sampling request', () => {
    const withTools: QueueEntry = {
      kind: 'sampling',
      card: samplingCardFixture({
        tools: [
          { name: 'search', inputSchema: { type: 'object' } },
          { name: 'fetch', inputSchema: { type: 'object' } },
        ] as never,
      }),
    }
    expect(entrySummary(withTools)).toEqual({
      server: 'Notes',
      text: 'wants to run a model · 3 messages · 2 tools offered',
    })
    expect(entrySummary(sampling('r', 'review')).text).toBe('has an answer ready for your review')
    expect(entrySummary({ kind: 'tool-call', card: toolCallCardFixture({ toolName: 'fetch' }) }).text).toBe(
      'tool call: fetch',
    )
  })

  it('gives a question its first line, cut at a readable length', () => {
    const long = `${'Which '.repeat(30)}\nsecond line`
    const form = entrySummary({ kind: 'elicitation', card: formCardFixture({ message: long }) })
    expect(form.text.startsWith('asks you: Which Which')).toBe(true)
    expect(form.text.endsWith('…')).toBe(true)
    expect(form.text).not.toContain('second line')
    const url = entrySummary({ kind: 'elicitation', card: urlCardFixture({ message: 'Sign in to Docs' }) })
    expect(url.text).toBe('asks you to open a page: Sign in to Docs')
  })
})
