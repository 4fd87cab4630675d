// MRTR beyond tool calls (issue 20, step 3): a 2026-07-28 server asks for input inside a `prompts/get` and a
// `resources/read` result, and the host fulfils it with the same engine and services as a tool's rounds —
// the prompt's completion through the sampling card (which names the prompt and round), the resource's
// roots from the roots service. A round that floods a thousand completions at once stays bounded: the rate
// limit refuses the excess and the call ends with an answer. mrtr-server.ts runs over stdio.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL, fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { serverWhen, startChatHost, type ChatHostHarness } from '../chat/chat-host-harness'

const MRTR_SERVER = fileURLToPath(new URL('../../../fixtures/mcp-servers/mrtr-server.ts', import.meta.url))

let harness: ChatHostHarness | undefined
const folders: string[] = []
afterEach(async () => {
  await harness?.close()
  harness = undefined
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

async function start(sampling: 'ask' | 'allow'): Promise<ChatHostHarness> {
  const h = (harness = await startChatHost({
    servers: [
      { id: 'notes', sampling, setup: () => {}, stdio: { command: process.execPath, args: [MRTR_SERVER] } },
    ],
  }))
  await serverWhen(h, 'notes', (s) => s.status === 'connected' && s.protocolVersion === '2026-07-28')
  return h
}

describe('input asked inside prompts and resources (2026-07-28)', () => {
  it('a prompt asks for a completion: the card names the prompt and round, and the text reaches the prompt', async () => {
    const h = await start('ask')
    h.mock.enqueue({ kind: 'text', chunks: ['Rates rose.'] })
    const got = h.call('prompts:get', {
      serverId: 'notes',
      name: 'briefing',
      arguments: { topic: 'markets' },
    })
    const card = await h.waitFor('approvals:changed', (event) => event.upsert.length === 1)
    expect(card.upsert[0]).toMatchObject({
      serverId: 'notes',
      askedInside: { kind: 'prompt', name: 'briefing', round: 1 },
    })
    await h.call('approvals:decide', { id: card.upsert[0]!.id, decision: { kind: 'approve' } })
    expect(JSON.stringify(await got)).toContain('Briefing: Rates rose.')
  })

  it('a resource asks for the roots and gets the folders the user shared with the server', async () => {
    const h = await start('allow')
    const folder = mkdtempSync(join(tmpdir(), 'mcp-desk-mrtr-root-'))
    folders.push(folder)
    await h.call('roots:set', { target: 'notes', folders: [folder] })
    const read = await h.call('resources:read', { serverId: 'notes', uri: 'notes://roots' })
    expect(JSON.stringify(read)).toContain(pathToFileURL(folder).href)
  })

  it('a round asking for a thousand completions at once is refused past the rate limit, and the call ends', async () => {
    const h = await start('allow')
    const { id } = await h.call('chat:create', {})
    h.mock.enqueue({
      kind: 'tool_calls',
      calls: [{ id: 'f1', name: 'mcp_notes_flood', arguments: '{"count":1000}' }],
    })
    for (let i = 0; i < 40; i += 1) h.mock.enqueue({ kind: 'text', chunks: ['ok'] })
    const { turnId } = await h.call('chat:send', { id, text: 'flood' })
    const card = await h.waitFor('chat:tool-calls', (event) => event.cards.length === 1)
    await h.call('chat:decide-tool-call', { id: card.cards[0]!.id, decision: 'approve' })
    const result = await h.waitFor(
      'chat:record',
      (event) => event.conversationId === id && event.record.type === 'tool_result',
    )
    expect(result.record).toMatchObject({ type: 'tool_result', state: 'failed' })
    expect(result.record).toMatchObject({ inputRounds: 1 })
    expect((result.record as { text: string }).text).toContain('rate limited')
    const completions = h.mock.requests.filter((r) => r.path === '/v1/chat/completions').length
    // The first step, at most the per-minute limit of completions (30 by default), and the step after.
    expect(completions).toBeLessThanOrEqual(1 + 30 + 1)
    await h.waitFor('chat:turn', (event) => event.turnId === turnId && event.state !== 'running')
    // The host still serves the server.
    expect((await h.call('servers:list', {})).servers[0]).toMatchObject({ status: 'connected' })
  })
})
