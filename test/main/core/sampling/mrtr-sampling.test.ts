// Sampling asked for the 2026-07-28 way (issue 20): a tool's result is `input_required` with an embedded
// `sampling/createMessage`; the host runs it through the same engine as a 2025 server request (policy,
// validation, model choice, approval card, streaming) and retries the tool call with the completion and the
// server's requestState, which the fixture checks byte for byte. A real stdio server (mrtr-server.ts) and
// the mock OpenAI-compatible provider.
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { nextCard, startSamplingHarness, type SamplingHarness } from './sampling-harness'

const MRTR_SERVER = fileURLToPath(new URL('../../../fixtures/mcp-servers/mrtr-server.ts', import.meta.url))

let harness: SamplingHarness | undefined
afterEach(async () => {
  await harness?.close()
  harness = undefined
})

async function start(policy: 'ask' | 'allow'): Promise<SamplingHarness> {
  harness = await startSamplingHarness({
    servers: [{ id: 'notes', policy, stdio: { command: process.execPath, args: [MRTR_SERVER] } }],
  })
  expect(harness.servers.get('notes')).toMatchObject({ status: 'connected', protocolVersion: '2026-07-28' })
  return harness
}

/** The next approval card not seen before (a decided card stays listed until its run moves on). */
function newCard(h: SamplingHarness, seen: Set<string>) {
  return new Promise<ReturnType<SamplingHarness['engine']['queue']['list']>[number]>((resolve) => {
    const check = () => {
      const card = h.engine.queue.list().find((c) => c.phase === 'approval' && !seen.has(c.id))
      if (!card) return
      seen.add(card.id)
      unsubscribe()
      resolve(card)
    }
    const unsubscribe = h.engine.queue.subscribe(check)
    check()
  })
}

function textOf(result: { content: unknown }): string {
  return (result.content as Array<{ type: string; text?: string }>).map((item) => item.text ?? '').join('')
}

describe('sampling inside a tool result (MRTR)', () => {
  it('shows the approval card saying which tool asked, in which round, and the answer reaches the tool result', async () => {
    const h = await start('ask')
    h.mock.enqueue({ kind: 'text', chunks: ['Short.'] })
    const call = h.servers.connection('notes').callTool('summarize', { text: 'a long text' })
    const card = await nextCard(h.engine)
    expect(card).toMatchObject({
      kind: 'sampling',
      serverName: 'notes',
      systemPrompt: 'You summarize.',
      askedInside: { kind: 'tool', name: 'summarize', round: 1 },
    })
    h.engine.queue.decide(card.id, { kind: 'approve' })
    const result = await call
    expect(result.isError).not.toBe(true)
    expect(textOf(result)).toBe('summary: Short.')
    expect(h.mock.requests.at(-1)?.body).toMatchObject({ model: 'mock-large' })
  })

  it('counts rounds across retries on the cards, and the tool answers after the last', async () => {
    const h = await start('ask')
    for (const text of ['one', 'two', 'three']) h.mock.enqueue({ kind: 'text', chunks: [text] })
    const call = h.servers.connection('notes').callTool('ask-again', { rounds: 3 })
    const seen = new Set<string>()
    for (const round of [1, 2, 3]) {
      const card = await newCard(h, seen)
      expect(card.askedInside).toEqual({ kind: 'tool', name: 'ask-again', round })
      h.engine.queue.decide(card.id, { kind: 'approve' })
    }
    const result = await call
    expect(textOf(result)).toBe('answered after 3 rounds: three')
    expect(h.mock.requests).toHaveLength(3)
  })

  it('cancels the round in flight when the caller stops: the card goes, the call ends, no model runs', async () => {
    const h = await start('ask')
    const stop = new AbortController()
    const call = h.servers.connection('notes').callTool('summarize', { text: 'x' }, { signal: stop.signal })
    const card = await nextCard(h.engine)
    stop.abort(new Error('stopped by the user'))
    await expect(call).rejects.toThrow(/cancelled/)
    expect(h.engine.queue.list().some((c) => c.id === card.id)).toBe(false)
    expect(h.mock.requests).toHaveLength(0)
  })

  it('stops after 10 rounds with an error naming the limit', async () => {
    const h = await start('allow')
    for (let i = 0; i < 12; i++) h.mock.enqueue({ kind: 'text', chunks: [`r${i}`] })
    await expect(h.servers.connection('notes').callTool('ask-again', { rounds: 11 })).rejects.toThrow(
      /10 rounds/,
    )
    expect(h.mock.requests).toHaveLength(10)
  })

  it('answers a malformed embedded request with the same -32602 naming the field as a 2025 request gets', async () => {
    const h = await start('allow')
    const call = h.servers.connection('notes').callTool('sample', {
      params: { messages: [{ role: 'user', content: { type: 'text' } }], maxTokens: 10 },
    })
    await expect(call).rejects.toThrow(/messages\[0\]\.content\.text/)
    expect(h.mock.requests).toHaveLength(0)
  })
})
