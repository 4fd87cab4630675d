import { afterEach, describe, expect, it } from 'vitest'
import { base64, png } from './media-samples'
import { nextCard, startSamplingHarness, type SamplingHarness } from './sampling-harness'

/**
 * The mock provider's models are in no family and its list states nothing, so whether they take images,
 * and how many tokens they can write, is unknown: the host must neither refuse them for it nor cap them
 * at a made-up number (issue 21 §4).
 */
let h: SamplingHarness | undefined
afterEach(async () => {
  await h?.close()
  h = undefined
})

const picture = {
  role: 'user' as const,
  content: { type: 'image' as const, mimeType: 'image/png', data: base64(png(2, 2)) },
}

describe('sampling with capabilities nobody stated', () => {
  it('sends an image to a model whose image support is unknown, says so on the card, and caps nothing', async () => {
    h = await startSamplingHarness({ servers: [{ id: 'viewer', policy: 'ask' }] })
    // The user knows mock-mini takes no images.
    h.providers.saveModel('mock', { id: 'mock-mini', capabilities: { image: false } })
    h.mock.enqueue({ kind: 'text', chunks: ['a red square'] })
    const answer = h.server('viewer').server.createMessage({ messages: [picture], maxTokens: 20_000 })

    const card = await nextCard(h.engine)
    expect(card.model).toEqual({
      chosen: 'mock/mock-large',
      eligible: [
        { ref: 'mock/mock-large', displayName: 'Mock · mock-large', unknowns: ['image support unknown'] },
      ],
      ineligible: [{ ref: 'mock/mock-mini', reasons: ['does not accept images'] }],
    })
    h.engine.queue.decide(card.id, { kind: 'approve' })
    expect(await answer).toMatchObject({ model: 'mock/mock-large', content: { text: 'a red square' } })

    const body = h.mock.requests[0]?.body as { max_tokens: number; messages: unknown[] }
    // The request's own maxTokens: no made-up 4,096 limit cut it.
    expect(body.max_tokens).toBe(20_000)
    expect(JSON.stringify(body.messages)).toContain('data:image/png;base64,')
  })

  it('prefers a model known to take images over one that might', async () => {
    h = await startSamplingHarness({ servers: [{ id: 'viewer', policy: 'ask' }] })
    h.providers.saveModel('mock', { id: 'mock-mini', capabilities: { image: true } })
    const answer = h.server('viewer').server.createMessage({ messages: [picture], maxTokens: 50 })
    const card = await nextCard(h.engine)
    // mock-large is the default model, yet the sure model comes first.
    expect(card.model.chosen).toBe('mock/mock-mini')
    expect(card.model.eligible.map((choice) => [choice.ref, choice.unknowns ?? []])).toEqual([
      ['mock/mock-mini', []],
      ['mock/mock-large', ['image support unknown']],
    ])
    h.engine.queue.decide(card.id, { kind: 'deny', reason: 'test over' })
    await expect(answer).rejects.toThrow()
  })
})
