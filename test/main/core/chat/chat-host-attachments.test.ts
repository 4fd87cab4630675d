// `chat:send` with attachments through the composed host, as the window sends it: the host reads the
// resource (with the resource service it composed) before the turn, one message at a time per conversation,
// and the IPC answer carries the refusal's code and message when a resource cannot be read.
import type { McpServer } from '@modelcontextprotocol/server'
import { afterEach, describe, expect, it } from 'vitest'
import { startChatHost, type ChatHostHarness } from './chat-host-harness'

let harness: ChatHostHarness | undefined
afterEach(async () => {
  await harness?.close()
  harness = undefined
})

/** A `notes` server whose resource answers only when the test lets it. */
function notesServer(gate: Promise<void>) {
  return {
    id: 'notes',
    capabilities: { capabilities: { resources: {} } },
    setup: (server: McpServer) => {
      server.registerResource('today', 'notes://today', { mimeType: 'text/markdown' }, async (uri) => {
        await gate
        return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text: '# Today\nShip it.' }] }
      })
    },
  }
}

describe('chat:send with attachments', () => {
  it('reads the resource before the turn, refusing a second message meanwhile', async () => {
    let open!: () => void
    const gate = new Promise<void>((resolve) => (open = resolve))
    const h = (harness = await startChatHost({ servers: [notesServer(gate)] }))
    const { id } = await h.call('chat:create', {})
    h.mock.enqueue({ kind: 'text', chunks: ['Shipping.'] })
    const sending = h.call('chat:send', {
      id,
      text: 'What is the plan?',
      attachments: [{ serverId: 'notes', uri: 'notes://today' }],
    })
    await expect(h.call('chat:send', { id, text: 'Hello?' })).rejects.toMatchObject({ code: 'conflict' })
    open()
    const { turnId } = await sending
    await h.waitFor('chat:turn', (event) => event.turnId === turnId && event.state === 'completed')
    const body = (await h.mock.waitForRequest(1)).body as { messages: Array<{ content: unknown }> }
    expect(JSON.stringify(body.messages.at(-1))).toContain('notes://today (text/markdown)')
    expect(JSON.stringify(body.messages.at(-1))).toContain('# Today\\nShip it.')
    const user = h.events('chat:record').find((event) => event.record.type === 'user')
    expect(user?.record).toMatchObject({
      text: 'What is the plan?',
      resources: [{ kind: 'text', serverId: 'notes', uri: 'notes://today', text: '# Today\nShip it.' }],
    })
  })

  it('answers a refused attachment with its code and message, and nothing reaches the model', async () => {
    const h = (harness = await startChatHost({ servers: [notesServer(Promise.resolve())] }))
    const { id } = await h.call('chat:create', {})
    await expect(
      h.call('chat:send', { id, text: 'Read', attachments: [{ serverId: 'notes', uri: 'notes://gone' }] }),
    ).rejects.toMatchObject({
      code: 'unavailable',
      message: expect.stringMatching(/^could not attach notes:\/\/gone: server "notes" could not read/),
    })
    await expect(h.call('chat:send', { id, text: '' })).rejects.toMatchObject({ code: 'validation_failed' })
    expect(h.mock.requests).toHaveLength(0)
    expect(h.events('chat:record')).toEqual([])
  })
})
