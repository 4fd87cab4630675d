// A chat tool call whose stdio server dies while the call is out ends `unknown`, and its result says the
// server crashed and how (exit code, the stderr line that says why), so the card can tell the user more
// than "no answer". The model is told only the exit code. Real child process (crashing-server.ts), real
// composed host, mock OpenAI provider.
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import type { EventOf } from '../../../../src/shared/ipc/contract'
import { crashedOutcomeExplanation } from '../../../../src/shared/chat/tool-result-wording'
import { serverWhen, startChatHost, type ChatHostHarness } from './chat-host-harness'

const CRASHING_SERVER = fileURLToPath(
  new URL('../../../fixtures/mcp-servers/crashing-server.ts', import.meta.url),
)

let harness: ChatHostHarness | undefined
afterEach(async () => {
  await harness?.close()
  harness = undefined
})

async function crashMidCall(die: 'throw' | 'signal', env: Record<string, string> = {}) {
  const h = (harness = await startChatHost({
    servers: [
      {
        id: 'brittle',
        setup: () => {},
        stdio: { command: process.execPath, args: [CRASHING_SERVER, '--die', die, '--when', 'call'], env },
      },
    ],
  }))
  await serverWhen(h, 'brittle', (s) => s.status === 'connected')
  const { id } = await h.call('chat:create', {})
  h.mock.enqueue(
    { kind: 'tool_calls', calls: [{ id: 'c1', name: 'mcp_brittle_explode', arguments: '{}' }] },
    { kind: 'text', chunks: ['I could not tell whether it worked.'] },
  )
  const result = h.waitFor(
    'chat:record',
    (event) => event.conversationId === id && event.record.type === 'tool_result',
  ) as Promise<EventOf<'chat:record'> & { record: { type: 'tool_result' } }>
  await h.call('chat:send', { id, text: 'explode, please' })
  const card = await h.waitFor('chat:tool-calls', (event) => event.cards.length === 1)
  await h.call('chat:decide-tool-call', { id: card.cards[0]!.id, decision: 'approve' })
  await h.waitFor('chat:turn', (event) => event.conversationId === id && event.state !== 'running')
  return { h, record: (await result).record }
}

describe('a chat tool call whose server crashes mid-call', () => {
  it('is unknown and records that the server crashed, with its exit code and error line', async () => {
    const { h, record } = await crashMidCall('throw')
    expect(record).toMatchObject({
      state: 'unknown',
      crash: { reason: 'exited with code 1: Error: boom', exitCode: 1, signal: null },
    })
    expect(record.text).toContain('the server crashed: exited with code 1')
    expect(crashedOutcomeExplanation(record.crash!)).toBe(
      'Outcome unknown — the server crashed (exited with code 1: Error: boom). ' +
        'It may or may not have done what was asked.',
    )
    // The model hears how the server ended, never what it wrote to stderr.
    const followUp = JSON.stringify(h.mock.requests.at(-1)?.body)
    expect(followUp).toContain('the server crashed: exited with code 1')
    expect(followUp).not.toContain('boom')
  })

  it('names the signal of a server that was killed', async () => {
    const { record } = await crashMidCall('signal')
    expect(record).toMatchObject({
      state: 'unknown',
      crash: {
        reason: 'killed by SIGKILL: crashing-server: out of memory, giving up',
        exitCode: null,
        signal: 'SIGKILL',
      },
    })
  })

  it("masks the server's secret values in what the crash says", async () => {
    const token = 'tok-crash-5521'
    const { h, record } = await crashMidCall('throw', { CRASHING_SERVER_TOKEN: token })
    expect(record.crash?.reason).toBe('exited with code 1: Error: boom (token ***)')
    const everything = JSON.stringify([h.events('chat:record'), h.events('servers:changed'), h.logs])
    expect(everything).not.toContain(token)
  })
})
