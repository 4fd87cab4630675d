// An answer the model stopped at the request's maxTokens is marked as cut off (issue 21, item 5): on the
// review card before it goes back, and in the Activity log; a complete answer is not. The audit also
// records whether the user edited a request before approving it (Activity: "edited, then approved").
import { afterEach, describe, expect, it } from 'vitest'
import { nextCard, startSamplingHarness, userText, type SamplingHarness } from './sampling-harness'

let harness: SamplingHarness | undefined
afterEach(async () => {
  await harness?.close()
  harness = undefined
})

describe('what the audit says the user did', () => {
  it('an approval that changed the system prompt or the completion is recorded as edited; a plain one is not', async () => {
    const h = (harness = await startSamplingHarness({ servers: [{ id: 'notes', policy: 'ask' }] }))
    for (const text of ['one', 'two', 'three']) h.mock.enqueue({ kind: 'text', chunks: [text] })
    const ask = () => h.server('notes').server.createMessage({ messages: [userText('x')], maxTokens: 5 })

    const plain = ask()
    h.engine.queue.decide((await nextCard(h.engine)).id, { kind: 'approve' })
    await plain
    expect(h.engine.audit.recent(1)[0]).not.toHaveProperty('edited')

    const prompted = ask()
    h.engine.queue.decide((await nextCard(h.engine)).id, { kind: 'approve', systemPrompt: 'Be brief.' })
    await prompted
    expect(h.engine.audit.recent(1)[0]).toMatchObject({ decision: 'approved', edited: true })

    h.settings.update((draft) => {
      draft.sampling.reviewCompletion = true
    })
    const reviewed = ask()
    h.engine.queue.decide((await nextCard(h.engine)).id, { kind: 'approve' })
    h.engine.queue.decide((await nextCard(h.engine, 'review')).id, { kind: 'approve', completion: 'changed' })
    await reviewed
    expect(h.engine.audit.recent(1)[0]).toMatchObject({ edited: true })
  })
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
