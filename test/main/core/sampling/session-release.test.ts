// "Approve for this session" also releases the requests of that server already waiting under the same rule
// (issue 21, item 1): they run without another card; another server's request, and one offering a different
// tool set, still wait for the user.
import type { Tool } from '@modelcontextprotocol/server'
import { afterEach, describe, expect, it } from 'vitest'
import { startSamplingHarness, userText, type SamplingHarness } from './sampling-harness'

let harness: SamplingHarness | undefined
afterEach(async () => {
  await harness?.close()
  harness = undefined
})

const weather: Tool = {
  name: 'weather',
  description: 'The weather in a city',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
}

/** Resolves once `count` cards wait for a decision. */
function cardsWaiting(h: SamplingHarness, count: number) {
  return new Promise<ReturnType<SamplingHarness['engine']['queue']['list']>>((resolve) => {
    const check = () => {
      const cards = h.engine.queue.list().filter((card) => card.phase === 'approval')
      if (cards.length < count) return
      unsubscribe()
      resolve(cards)
    }
    const unsubscribe = h.engine.queue.subscribe(check)
    check()
  })
}

describe('approve for this session', () => {
  it("releases that server's waiting requests under the same rule, and nothing else", async () => {
    const h = (harness = await startSamplingHarness({
      servers: [
        { id: 'notes', policy: 'ask' },
        { id: 'files', policy: 'ask' },
      ],
    }))
    for (const text of ['one', 'two', 'three']) h.mock.enqueue({ kind: 'text', chunks: [text] })
    const ask = (server: string, text: string, tools?: Tool[]) =>
      h
        .server(server)
        .server.createMessage({ messages: [userText(text)], maxTokens: 5, ...(tools ? { tools } : {}) })
    const first = ask('notes', 'a')
    const second = ask('notes', 'b')
    const other = ask('files', 'c')
    const withTools = ask('notes', 'd', [weather])
    const cards = await cardsWaiting(h, 4)
    const firstCard = cards.find((card) => card.serverId === 'notes' && card.tools.length === 0)!
    h.engine.queue.decide(firstCard.id, { kind: 'approve-session' })

    const answers = await Promise.all([first, second])
    expect(answers.map((answer) => (answer.content as { text: string }).text).sort()).toEqual(['one', 'two'])
    const left = h.engine.queue.list().filter((card) => card.phase === 'approval')
    expect(left.map((card) => [card.serverId, card.tools.map((tool) => tool.name)]).sort()).toEqual([
      ['files', []],
      ['notes', ['weather']],
    ])
    for (const card of left) h.engine.queue.decide(card.id, { kind: 'deny' })
    await expect(other).rejects.toThrow()
    await expect(withTools).rejects.toThrow()
  })
})
