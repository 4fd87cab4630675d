import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server'
import { z } from 'zod'
import { afterEach, describe, expect, it } from 'vitest'
import {
  nextCard,
  startSamplingHarness,
  userText,
  type HarnessOptions,
  type SamplingHarness,
} from './sampling-harness'
import { REQUEST_TIMEOUT_CODE } from '../../../../src/main/core/sampling/sampling-errors'

const harnesses: SamplingHarness[] = []
async function harness(options: HarnessOptions): Promise<SamplingHarness> {
  const h = await startSamplingHarness(options)
  harnesses.push(h)
  return h
}

async function errorOf(promise: Promise<unknown>): Promise<ProtocolError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof ProtocolError) return error
    throw error
  }
  throw new Error('expected the request to fail')
}

describe('sampling/createMessage, end to end', () => {
  afterEach(async () => {
    await Promise.all(harnesses.splice(0).map((h) => h.close()))
  })

  it('allow: streams the answer and returns it with the provider/model id and stop reason', async () => {
    const h = await harness({ servers: [{ id: 'notes', policy: 'allow' }] })
    h.mock.enqueue({ kind: 'text', chunks: ['Hello', ', ', 'world'] })
    const result = await h
      .server('notes')
      .server.createMessage({ messages: [userText('Say hello')], maxTokens: 50 })
    expect(result).toMatchObject({
      role: 'assistant',
      content: { type: 'text', text: 'Hello, world' },
      model: 'mock/mock-large',
      stopReason: 'endTurn',
    })
    expect(h.mock.requests[0]?.body).toMatchObject({ model: 'mock-large', max_tokens: 50 })
    const entries = h.engine.audit.recent(10)
    expect(entries).toEqual([
      expect.objectContaining({ serverId: 'notes', decision: 'allowed', outcome: 'completed' }),
    ])
  })

  it('deny policy, or a ruleset deny over an allow policy, answers -1 and the provider receives nothing', async () => {
    const h = await harness({
      servers: [
        { id: 'blocked', policy: 'deny' },
        { id: 'other', policy: 'allow' },
      ],
      ruleset: { '*': 'deny', notes: 'allow' },
    })
    for (const id of ['blocked', 'other']) {
      const error = await errorOf(
        h.server(id).server.createMessage({ messages: [userText('hi')], maxTokens: 5 }),
      )
      expect(error.code).toBe(-1)
    }
    expect(h.mock.requests).toHaveLength(0)
  })

  it('ask: the card carries the request; the user switches model and edits the prompt; the server gets that answer', async () => {
    const h = await harness({ servers: [{ id: 'notes', policy: 'ask' }] })
    h.mock.enqueue({ kind: 'text', chunks: ['from mini'] })
    const answer = h.server('notes').server.createMessage({
      messages: [userText('Summarise my notes')],
      systemPrompt: 'You are terse.',
      maxTokens: 100,
      modelPreferences: { hints: [{ name: 'large' }] },
    })
    const card = await nextCard(h.engine)
    expect(card).toMatchObject({
      serverName: 'notes',
      model: { chosen: 'mock/mock-large' },
      hints: ['large'],
      systemPrompt: 'You are terse.',
      firstUserText: 'Summarise my notes',
    })
    expect(card.model.eligible.map((m) => m.ref)).toEqual(['mock/mock-large', 'mock/mock-mini'])
    h.engine.queue.decide(card.id, {
      kind: 'approve',
      modelRef: 'mock/mock-mini',
      systemPrompt: 'You are verbose.',
    })
    expect(await answer).toMatchObject({ model: 'mock/mock-mini', content: { text: 'from mini' } })
    const body = h.mock.requests[0]?.body as {
      model: string
      messages: Array<{ role: string; content: unknown }>
    }
    expect(body.model).toBe('mock-mini')
    expect(body.messages[0]).toEqual({ role: 'system', content: 'You are verbose.' })
    expect(h.engine.queue.list()).toEqual([])
  })

  it('ask: a deny on the card answers -1 and nothing reaches the provider', async () => {
    const h = await harness({ servers: [{ id: 'notes', policy: 'ask' }] })
    const answer = h.server('notes').server.createMessage({ messages: [userText('x')], maxTokens: 5 })
    const card = await nextCard(h.engine)
    h.engine.queue.decide(card.id, { kind: 'deny', reason: 'not now' })
    const error = await errorOf(answer)
    expect(error.code).toBe(-1)
    expect(error.message).toContain('not now')
    expect(h.mock.requests).toHaveLength(0)
    expect(h.engine.audit.recent(1)[0]).toMatchObject({ decision: 'denied', outcome: 'denied' })
  })

  it('answers an invalid request with InvalidParams naming the field', async () => {
    const h = await harness({ servers: [{ id: 'notes', policy: 'allow' }] })
    const sent = h
      .server('notes')
      .server.request(
        { method: 'sampling/createMessage', params: { messages: [userText('x')], maxTokens: 1.5 } },
        z.object({}).loose(),
      )
    const error = await errorOf(sent)
    expect(error.code).toBe(ProtocolErrorCode.InvalidParams)
    expect(error.message).toContain('maxTokens')
  })

  it('stall: a provider that sends headers and then nothing fails with RequestTimeout and {chunks: 0}', async () => {
    const h = await harness({ servers: [{ id: 'notes', policy: 'allow' }], chunkTimeoutMs: 300 })
    h.mock.enqueue({ kind: 'stall', afterChunks: [] })
    const error = await errorOf(
      h.server('notes').server.createMessage({ messages: [userText('x')], maxTokens: 5 }),
    )
    expect(error.code).toBe(REQUEST_TIMEOUT_CODE)
    expect(error.data).toMatchObject({ chunks: 0 })
    expect(h.engine.audit.recent(1)[0]).toMatchObject({ outcome: 'stalled' })
  })

  it('sends progress with counts only when the request carried a progressToken', async () => {
    const h = await harness({ servers: [{ id: 'notes', policy: 'allow' }] })
    h.settings.update((draft) => {
      draft.sampling.progressIntervalMs = 20
    })
    h.mock.enqueue({ kind: 'drip', chunks: ['a', 'b', 'c', 'd', 'e', 'f'], intervalMs: 30 })
    const progress: Array<{ progress: number; message?: string }> = []
    await h
      .server('notes')
      .server.createMessage(
        { messages: [userText('x')], maxTokens: 5 },
        { onprogress: (p) => progress.push(p) },
      )
    expect(progress.length).toBeGreaterThan(0)
    for (const p of progress) expect(p.message).toMatch(/^\d+ chunks, \d+ characters generated$/)

    h.mock.enqueue({ kind: 'drip', chunks: ['a', 'b', 'c'], intervalMs: 30 })
    const notifications: unknown[] = []
    h.server('notes').server.setNotificationHandler(
      'notifications/progress',
      (n) => void notifications.push(n),
    )
    await h.server('notes').server.createMessage({ messages: [userText('x')], maxTokens: 5 })
    expect(notifications).toEqual([])
  })

  it('server cancels mid-stream: the provider request is aborted', async () => {
    const h = await harness({ servers: [{ id: 'notes', policy: 'allow' }] })
    h.mock.enqueue({ kind: 'stall', afterChunks: ['partial'] })
    const controller = new AbortController()
    const sent = h
      .server('notes')
      .server.createMessage({ messages: [userText('x')], maxTokens: 5 }, { signal: controller.signal })
    await h.mock.waitForRequest(1)
    controller.abort('changed my mind')
    await expect(sent).rejects.toThrow()
    await h.mock.waitForDisconnect(1)
  })

  it('client closed: a pending approval is withdrawn and the server gets an answer', async () => {
    const h = await harness({ servers: [{ id: 'notes', policy: 'ask' }] })
    const sent = h.server('notes').server.createMessage({ messages: [userText('x')], maxTokens: 5 })
    await nextCard(h.engine)
    await h.servers.setEnabled('notes', false)
    await expect(sent).rejects.toThrow()
    expect(h.engine.queue.list()).toEqual([])
  })

  it('serves sampling while a tools/call to the same server is in flight', async () => {
    const h = await harness({
      servers: [
        {
          id: 'notes',
          policy: 'allow',
          setup: (server) =>
            server.registerTool('summarise', { description: 'asks the model' }, async () => {
              const answer = await server.server.createMessage({
                messages: [userText('inner')],
                maxTokens: 5,
              })
              return {
                content: [{ type: 'text', text: `model said: ${(answer.content as { text: string }).text}` }],
              }
            }),
        },
      ],
    })
    h.mock.enqueue({ kind: 'text', chunks: ['nested ok'] })
    const result = await h.servers.connection('notes').callTool('summarise', {})
    expect(result.content).toEqual([{ type: 'text', text: 'model said: nested ok' }])
  })

  // Issue 19: over the concurrency limit (4) requests wait their turn; the per-minute rate (30) refuses.
  it('holds the rate limits under 50 concurrent requests from one server: 30 served in turn, 20 refused', async () => {
    const h = await harness({ servers: [{ id: 'notes', policy: 'allow' }] })
    for (let n = 0; n < 30; n += 1) h.mock.enqueue({ kind: 'drip', chunks: ['x', 'y'], intervalMs: 20 })
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        h.server('notes').server.createMessage({ messages: [userText('x')], maxTokens: 5 }),
      ),
    )
    const ok = results.filter((r) => r.status === 'fulfilled')
    const limited = results.filter(
      (r) =>
        r.status === 'rejected' &&
        (r.reason as ProtocolError).code === -1 &&
        /rate limited/.test(String(r.reason)),
    )
    expect(ok).toHaveLength(30)
    expect(limited).toHaveLength(20)
    for (const r of limited)
      expect(String((r as PromiseRejectedResult).reason)).toMatch(/limit 30 per minute/)
    expect(h.mock.requests).toHaveLength(30)
    // A line per served request; the refusals: the first at once, the other 19 summed into one on shutdown.
    expect(h.engine.audit.recent(100)).toHaveLength(31)
    h.engine.service.shutdown()
    const lines = h.engine.audit.recent(100)
    expect(lines).toHaveLength(32)
    expect(lines[0]).toMatchObject({ outcome: 'rate-limited', count: 19 })
    expect(h.engine.audit.usageToday('notes').requests).toBe(50)
  })

  it('client closed mid-stream: the provider request is aborted', async () => {
    const h = await harness({ servers: [{ id: 'notes', policy: 'allow' }] })
    h.mock.enqueue({ kind: 'stall', afterChunks: ['partial'] })
    const sent = h.server('notes').server.createMessage({ messages: [userText('x')], maxTokens: 5 })
    await h.mock.waitForRequest(1)
    await h.servers.setEnabled('notes', false)
    await expect(sent).rejects.toThrow()
    await h.mock.waitForDisconnect(1)
  })

  it('approve for this session stops asking; always allow writes the policy', async () => {
    const h = await harness({ servers: [{ id: 'notes', policy: 'ask' }] })
    h.mock.enqueue({ kind: 'text', chunks: ['one'] })
    h.mock.enqueue({ kind: 'text', chunks: ['two'] })
    const first = h.server('notes').server.createMessage({ messages: [userText('x')], maxTokens: 5 })
    h.engine.queue.decide((await nextCard(h.engine)).id, { kind: 'approve-session' })
    await first
    const second = await h.server('notes').server.createMessage({ messages: [userText('y')], maxTokens: 5 })
    expect(second.content).toMatchObject({ text: 'two' })
    expect(h.settings.get().servers[0]?.sampling).toBe('ask')

    const h2 = await harness({ servers: [{ id: 'files', policy: 'ask' }] })
    h2.mock.enqueue({ kind: 'text', chunks: ['ok'] })
    const third = h2.server('files').server.createMessage({ messages: [userText('z')], maxTokens: 5 })
    h2.engine.queue.decide((await nextCard(h2.engine)).id, { kind: 'always' })
    await third
    expect(h2.settings.get().servers[0]?.sampling).toBe('allow')
  })

  it('review: the user edits the completion before it returns, or refuses it', async () => {
    const h = await harness({ servers: [{ id: 'notes', policy: 'ask' }] })
    h.settings.update((draft) => {
      draft.sampling.reviewCompletion = true
    })
    h.mock.enqueue({ kind: 'text', chunks: ['draft answer'] })
    const sent = h.server('notes').server.createMessage({ messages: [userText('x')], maxTokens: 5 })
    h.engine.queue.decide((await nextCard(h.engine)).id, { kind: 'approve' })
    const review = await nextCard(h.engine, 'review')
    expect(review.completion).toBe('draft answer')
    h.engine.queue.decide(review.id, { kind: 'approve', completion: 'edited answer' })
    expect((await sent).content).toMatchObject({ text: 'edited answer' })

    h.mock.enqueue({ kind: 'text', chunks: ['unwanted'] })
    const refused = h.server('notes').server.createMessage({ messages: [userText('y')], maxTokens: 5 })
    h.engine.queue.decide((await nextCard(h.engine)).id, { kind: 'approve' })
    h.engine.queue.decide((await nextCard(h.engine, 'review')).id, { kind: 'deny' })
    expect((await errorOf(refused)).code).toBe(-1)
  })

  it('auto-denies when the approval timeout passes, and audits it as such', async () => {
    const h = await harness({ servers: [{ id: 'notes', policy: 'ask' }] })
    h.settings.update((draft) => {
      draft.sampling.approvalTimeoutMs = 50
    })
    const error = await errorOf(
      h.server('notes').server.createMessage({ messages: [userText('x')], maxTokens: 5 }),
    )
    expect(error.code).toBe(-1)
    expect(error.message).toContain('timed out')
    expect(h.engine.audit.recent(1)[0]).toMatchObject({ decision: 'auto-denied', outcome: 'denied' })
    expect(h.mock.requests).toHaveLength(0)
  })

  it('no eligible model: InvalidParams listing every model and why', async () => {
    const h = await harness({ servers: [{ id: 'notes', policy: 'allow', samplingModels: ['other/*'] }] })
    const error = await errorOf(
      h.server('notes').server.createMessage({ messages: [userText('x')], maxTokens: 5 }),
    )
    expect(error.code).toBe(ProtocolErrorCode.InvalidParams)
    expect((error.data as { rejections: unknown[] }).rejections).toEqual(
      expect.arrayContaining([
        { ref: 'mock/mock-large', reasons: [expect.stringContaining('allowed models')] },
      ]),
    )
  })
})
