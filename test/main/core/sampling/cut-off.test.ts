// An answer the model stopped at the request's maxTokens is marked as cut off (issue 21, item 5): on the
// review card before it goes back, and in the Activity log; a complete answer is not.
import { afterEach, describe, expect, it } from 'vitest'
import { nextCard, startSamplingHarness, userText, type SamplingHarness } from './sampling-harness'

let harness: SamplingHarness | undefined
afterEach(async () => {
  await harness?.close()
  harness = undefined
})

describe('answers cut off at maxTokens', () => {
  it('says so on the review card and in the audit entry, and returns stopReason maxTokens', async () => {
    const h = (harness = await startSamplingHarness({ servers: [{ id: 'notes', policy: 'ask' }] }))
    h.settings.update((draft) => {
      draft.sampling.reviewCompletion = true
    })
    h.mock.enqueue({ kind: 'text', chunks: ['The first half of'], finishReason: 'length' })
    const sent = h.server('notes').server.createMessage({ messages: [userText('x')], maxTokens: 5 })
    h.engine.queue.decide((await nextCard(h.engine)).id, { kind: 'approve' })
    const review = await nextCard(h.engine, 'review')
    expect(review).toMatchObject({ completion: 'The first half of', completionCutOff: true })
    h.engine.queue.decide(review.id, { kind: 'approve' })
    expect(await sent).toMatchObject({ stopReason: 'maxTokens' })
    expect(h.engine.audit.recent(1)[0]).toMatchObject({ outcome: 'completed', cutOff: true })

    h.mock.enqueue({ kind: 'text', chunks: ['A whole answer.'] })
    const whole = h.server('notes').server.createMessage({ messages: [userText('y')], maxTokens: 50 })
    h.engine.queue.decide((await nextCard(h.engine)).id, { kind: 'approve' })
    const second = await nextCard(h.engine, 'review')
    expect(second).not.toHaveProperty('completionCutOff')
    h.engine.queue.decide(second.id, { kind: 'approve' })
    await whole
    expect(h.engine.audit.recent(1)[0]).not.toHaveProperty('cutOff')
  })
})
