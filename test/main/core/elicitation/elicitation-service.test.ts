// The elicitation service against in-process MCP servers (linked in-memory transports), for what
// server-everything cannot send: unsupported and malformed requests, completion notices, withdrawn requests.
import { ElicitResultSchema, EmptyResultSchema } from '@modelcontextprotocol/core'
import { McpServer } from '@modelcontextprotocol/server'
import type { ElicitResult } from '@modelcontextprotocol/server'
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { ElicitationCard } from '../../../../src/shared/elicitation/elicitation-card'
import {
  inProcessServer,
  nextCard,
  resultText,
  setupElicitation,
  type ElicitationSetup,
  type SetupOptions,
} from './elicitation-support'

/** What one elicitation/create did on the server's side: the client's result or the error it got. */
type Outcome = { result: ElicitResult } | { error: string }

interface AskerOptions {
  /** Aborts the server's request once the card is shown (a withdrawn request). */
  withdraw?: AbortController
}

/** A server whose `ask` tool sends the `params` it is called with as an elicitation/create. */
function asker(options: AskerOptions = {}): {
  server: () => McpServer
  completions: Array<() => Promise<void>>
} {
  const completions: Array<() => Promise<void>> = []
  return {
    completions,
    server: () => {
      const server = new McpServer({ name: 'asker', version: '1.0.0' }, { capabilities: { tools: {} } })
      server.registerTool(
        'ask',
        { inputSchema: z.object({ params: z.record(z.string(), z.unknown()) }) },
        async (args, ctx) => {
          const params = args.params
          // The SDK drops notifications/cancelled for request id 0 (see sampling-service.ts); a ping first
          // gives the elicitation id 1, as in any session where the server asked something before.
          await ctx.mcpReq.send({ method: 'ping' }, EmptyResultSchema)
          if (params.mode === 'url') {
            completions.push(() =>
              server.server.createElicitationCompletionNotifier(params.elicitationId as string)(),
            )
          }
          let outcome: Outcome
          try {
            const result = await ctx.mcpReq.send(
              { method: 'elicitation/create', params } as never,
              ElicitResultSchema,
              options.withdraw ? { signal: options.withdraw.signal } : {},
            )
            outcome = { result }
          } catch (error) {
            outcome = { error: (error as Error).message }
          }
          return { content: [{ type: 'text', text: JSON.stringify(outcome) }] }
        },
      )
      return server
    },
  }
}

let setup: ElicitationSetup | undefined
afterEach(async () => {
  await setup?.close()
  setup = undefined
})

async function start(
  server: () => McpServer,
  deps: SetupOptions['deps'] = {},
): Promise<ElicitationSetup & { ask(params: unknown): Promise<Outcome> }> {
  const started = setupElicitation({ deps, inProcess: { asker: server } })
  setup = started
  started.configs.add(inProcessServer('asker'))
  await started.servers.start()
  return {
    ...started,
    ask: async (params) => {
      const result = await started.servers.connection('asker').callTool('ask', { params })
      return JSON.parse(resultText(result)) as Outcome
    },
  }
}

const SEP_1034_SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string', description: 'User name', default: 'John Doe' },
    age: { type: 'integer', description: 'User age', default: 30 },
    score: { type: 'number', description: 'User score', default: 95.5 },
    status: {
      type: 'string',
      description: 'User status',
      enum: ['active', 'inactive', 'pending'],
      default: 'active',
    },
    verified: { type: 'boolean', description: 'Verification status', default: true },
  },
  required: [],
}

describe('ElicitationService', () => {
  it.each([
    ['without content', undefined],
    ['with empty content', {}],
  ])(
    'applies every default when the user accepts %s (conformance elicitation-sep1034-client-defaults)',
    async (_label, content) => {
      const { service, ask } = await start(asker().server)
      const outcome = ask({
        message: 'Test client default value handling - please accept with defaults',
        requestedSchema: SEP_1034_SCHEMA,
      })
      const card = await nextCard(service)
      service.answer({ id: card.id, action: 'accept', ...(content ? { content } : {}) })
      expect(await outcome).toEqual({
        result: {
          action: 'accept',
          content: { name: 'John Doe', age: 30, score: 95.5, status: 'active', verified: true },
        },
      })
    },
  )

  it('declines an unsupported form without showing it, logging the reason', async () => {
    const { service, ask, log } = await start(asker().server)
    const shown: ElicitationCard[][] = []
    service.subscribe((cards) => shown.push(cards))
    const outcome = await ask({
      message: 'Where do you live?',
      requestedSchema: { type: 'object', properties: { address: { type: 'object', properties: {} } } },
    })
    expect(outcome).toEqual({ result: { action: 'decline' } })
    expect(shown).toEqual([])
    expect(log).toEqual([
      'elicitation from asker declined: its form is not supported: field "address": type "object" is not ' +
        'supported (forms take string, number, integer, boolean and enum fields)',
    ])
  })

  it('answers a malformed request with -32602 naming what is missing', async () => {
    const { ask } = await start(asker().server)
    // The v2 server's SDK passes the host's message on as it was sent (v1 put "MCP error -32602:" before it).
    expect(await ask({ requestedSchema: { type: 'object', properties: {} } })).toEqual({
      error: 'Invalid elicitation request: params.message must be a string',
    })
    expect(await ask({ mode: 'url', message: 'Open it', url: 'https://example.com' })).toEqual({
      error: expect.stringMatching(/params\.elicitationId must be a non-empty string in url mode$/),
    })
  })

  it('declines when nobody can answer (a CLI without a terminal)', async () => {
    const { ask, log } = await start(asker().server, { canAsk: () => false })
    expect(await ask({ message: 'Name?', requestedSchema: SEP_1034_SCHEMA })).toEqual({
      result: { action: 'decline' },
    })
    expect(log).toEqual(['elicitation from asker declined: nobody is there to answer it'])
  })

  it('puts the card in the conversation that last called the server', async () => {
    const { service, ask } = await start(asker().server, {
      conversationFor: (serverId) => (serverId === 'asker' ? 'conv-7' : undefined),
    })
    const outcome = ask({ message: 'Name?', requestedSchema: SEP_1034_SCHEMA })
    const card = await nextCard(service)
    expect(card.conversationId).toBe('conv-7')
    service.answer({ id: card.id, action: 'decline' })
    await outcome
  })

  it('marks an opened URL card completed on the completion notice, then removes it', async () => {
    const server = asker()
    const { service, ask } = await start(server.server)
    const outcome = ask({
      mode: 'url',
      message: 'Pay',
      url: 'https://pay.example.com/x',
      elicitationId: 'pay-1',
    })
    const card = await nextCard(service)
    service.answer({ id: card.id, action: 'accept' })
    expect(await outcome).toEqual({ result: { action: 'accept' } })

    const updates: ElicitationCard[][] = []
    const gone = new Promise<void>((resolve) =>
      service.subscribe((cards) => {
        updates.push(cards)
        if (cards.length === 0) resolve()
      }),
    )
    await server.completions[0]!()
    await gone
    expect(updates).toEqual([[{ ...card, opened: true, completed: true }], []])
  })

  it('ignores a completion notice for an id it never showed', async () => {
    const server = asker()
    let notifier: McpServer | undefined
    const { service, ask, servers } = await start(() => (notifier = server.server()))
    const outcome = ask({
      mode: 'url',
      message: 'Pay',
      url: 'https://pay.example.com/x',
      elicitationId: 'pay-2',
    })
    const card = await nextCard(service)
    await notifier!.server.createElicitationCompletionNotifier('someone-else')()
    // The transport keeps order: once the client's ping is answered, the notice before it was handled.
    await servers.connection('asker').client!.ping()
    expect(service.list()).toMatchObject([{ id: card.id, completed: false }])
    service.answer({ id: card.id, action: 'cancel' })
    expect(await outcome).toEqual({ result: { action: 'cancel' } })
  })

  it('answers cancel when the completion notice comes before the user chose', async () => {
    const server = asker()
    const { service, ask } = await start(server.server)
    const outcome = ask({
      mode: 'url',
      message: 'Pay',
      url: 'https://pay.example.com/x',
      elicitationId: 'pay-3',
    })
    await nextCard(service)
    await server.completions[0]!()
    expect(await outcome).toEqual({ result: { action: 'cancel' } })
    expect(service.list()).toEqual([])
  })

  it('removes the card when the server withdraws its request', async () => {
    const withdraw = new AbortController()
    const { service, ask } = await start(asker({ withdraw }).server)
    const outcome = ask({ message: 'Name?', requestedSchema: SEP_1034_SCHEMA })
    const card = await nextCard(service)
    const gone = new Promise<void>((resolve) => service.subscribe((cards) => cards.length === 0 && resolve()))
    withdraw.abort(new Error('no longer needed'))
    await gone
    expect(await outcome).toEqual({ error: expect.stringContaining('no longer needed') })
    expect(() => service.answer({ id: card.id, action: 'accept' })).toThrow(/no pending elicitation/)
  })

  it('refuses content on a URL card and unknown ids', async () => {
    const { service, ask } = await start(asker().server)
    const outcome = ask({ mode: 'url', message: 'Go', url: 'https://example.com/', elicitationId: 'go' })
    const card = await nextCard(service)
    expect(() => service.answer({ id: card.id, action: 'accept', content: { x: 'y' } })).toThrow(
      'a URL request is answered without content',
    )
    expect(() => service.answer({ id: 'nope', action: 'decline' })).toThrow(
      'no pending elicitation with id "nope"',
    )
    service.dismiss(card.id)
    expect(await outcome).toEqual({ result: { action: 'cancel' } })
  })
})
