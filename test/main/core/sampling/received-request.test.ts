// The sampling card shows what the server sent beyond what the host uses (issue 21, item 6): its
// includeContext, its metadata, and the request as received in a raw view, bounded for the window.
import { afterEach, describe, expect, it } from 'vitest'
import {
  RAW_STRING_MAX,
  RAW_TEXT_MAX,
  receivedMetadataText,
  receivedRequestText,
} from '../../../../src/main/core/sampling/received-request'
import { nextCard, startSamplingHarness, userText, type SamplingHarness } from './sampling-harness'

let harness: SamplingHarness | undefined
afterEach(async () => {
  await harness?.close()
  harness = undefined
})

describe('the request as received, on the card', () => {
  it('carries includeContext, metadata and the raw JSON from a real server; the model gets neither', async () => {
    const h = (harness = await startSamplingHarness({ servers: [{ id: 'notes', policy: 'ask' }] }))
    h.mock.enqueue({ kind: 'text', chunks: ['ok'] })
    const sent = h.server('notes').server.createMessage({
      messages: [userText('Summarise my notes')],
      maxTokens: 50,
      includeContext: 'thisServer',
      metadata: { traceId: 'abc-123', purpose: 'summary' },
    })
    const card = await nextCard(h.engine)
    expect(card.includeContext).toBe('thisServer')
    expect(JSON.parse(card.metadata!)).toEqual({ traceId: 'abc-123', purpose: 'summary' })
    const raw = JSON.parse(card.received!) as Record<string, unknown>
    expect(raw).toMatchObject({
      maxTokens: 50,
      includeContext: 'thisServer',
      metadata: { traceId: 'abc-123' },
      messages: [{ role: 'user', content: { type: 'text', text: 'Summarise my notes' } }],
    })
    h.engine.queue.decide(card.id, { kind: 'approve' })
    await sent
    const body = JSON.stringify(h.mock.requests[0]?.body)
    expect(body).not.toContain('abc-123')
  })

  it('says nothing of metadata or context a request did not send', async () => {
    const h = (harness = await startSamplingHarness({ servers: [{ id: 'notes', policy: 'ask' }] }))
    const sent = h.server('notes').server.createMessage({ messages: [userText('x')], maxTokens: 5 })
    const card = await nextCard(h.engine)
    expect(card).not.toHaveProperty('metadata')
    expect(card).not.toHaveProperty('includeContext')
    expect(card.received).toContain('"maxTokens": 5')
    h.engine.queue.decide(card.id, { kind: 'deny' })
    await expect(sent).rejects.toThrow()
  })
})

describe('bounds of the raw view', () => {
  it('keeps the start of a long string (an image) and says how much is left out', () => {
    const data = 'A'.repeat(RAW_STRING_MAX + 12_345)
    const text = receivedRequestText({ messages: [{ content: { type: 'image', data } }] })
    expect(text).toContain(`${'A'.repeat(RAW_STRING_MAX)}… (12,345 more characters not shown)`)
    expect(text.length).toBeLessThan(RAW_STRING_MAX + 200)
  })

  it('stops the whole text at its limit', () => {
    const many = Array.from({ length: 2_000 }, (_, index) => ({
      text: `message ${index} ${'x'.repeat(100)}`,
    }))
    const text = receivedRequestText({ messages: many })
    expect(text.length).toBeLessThan(RAW_TEXT_MAX + 100)
    expect(text).toMatch(/… \([\d,]+ more characters not shown\)$/)
  })

  it('shows metadata of any JSON shape, and none when absent', () => {
    expect(receivedMetadataText({ metadata: 'plain' })).toBe('"plain"')
    expect(receivedMetadataText({ metadata: [1, 2] })).toBe('[\n  1,\n  2\n]')
    expect(receivedMetadataText({})).toBeUndefined()
    expect(receivedMetadataText(null)).toBeUndefined()
  })
})
