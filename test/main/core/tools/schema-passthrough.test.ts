// A tool's inputSchema reaches the model and the window exactly as the server sent it (issue 20, step 6):
// `$schema`, `$defs`, `$anchor`, `additionalProperties`, composition and conditional keywords are neither
// dropped, resolved nor rewritten, and a `$ref` to the network is never fetched (a loopback server stands
// at that address and counts requests). The server is in-process; the model is the mock provider.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { serverWhen, startChatHost, type ChatHostHarness } from '../chat/chat-host-harness'

let harness: ChatHostHarness | undefined
let schemaHost: Server | undefined
afterEach(async () => {
  await harness?.close()
  harness = undefined
  await new Promise<void>((resolve) => (schemaHost ? schemaHost.close(() => resolve()) : resolve()))
  schemaHost = undefined
})

/** A loopback HTTP server that would serve a schema; every request to it is a fetch that must not happen. */
async function countingSchemaHost(): Promise<{ url: string; hits: () => number }> {
  let hits = 0
  schemaHost = createServer((_request, response) => {
    hits += 1
    response.setHeader('content-type', 'application/schema+json')
    response.end(JSON.stringify({ type: 'string' }))
  })
  await new Promise<void>((resolve) => schemaHost!.listen(0, '127.0.0.1', resolve))
  const { port } = schemaHost.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}/address.schema.json`, hits: () => hits }
}

function richSchema(remoteRef: string): { type: 'object'; [keyword: string]: unknown } {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'urn:example:ship',
    type: 'object' as const,
    $defs: {
      port: { $anchor: 'port', type: 'string', pattern: '^[A-Z]{5}$' },
      cargo: { type: 'object', properties: { kind: { enum: ['bulk', 'reefer'] } } },
    },
    properties: {
      from: { $ref: '#/$defs/port' },
      to: { $ref: '#port' },
      cargo: {
        allOf: [{ $ref: '#/$defs/cargo' }, { required: ['kind'] }],
        if: { properties: { kind: { const: 'reefer' } } },
        then: { required: ['kind', 'celsius'] },
        else: { not: { required: ['celsius'] } },
      },
      contact: { oneOf: [{ type: 'string', format: 'email' }, { type: 'null' }] },
      billing: { anyOf: [{ $ref: remoteRef }, { type: 'string' }] },
    },
    required: ['from', 'to'],
    additionalProperties: false,
    dependentRequired: { contact: ['from'] },
    unevaluatedProperties: false,
  }
}

describe('tool input schemas pass through unchanged', () => {
  it('to the window (servers:list) and to the model, with no network $ref fetched, and the call runs', async () => {
    const remote = await countingSchemaHost()
    const schema = richSchema(remote.url)
    const sent = structuredClone(schema)
    const called: unknown[] = []
    const h = (harness = await startChatHost({
      servers: [
        {
          id: 'ships',
          capabilities: { capabilities: { tools: {} } },
          setup: (server) => {
            server.server.setRequestHandler('tools/list', () => ({
              tools: [{ name: 'book', description: 'Books a ship', inputSchema: structuredClone(sent) }],
            }))
            server.server.setRequestHandler('tools/call', (request) => {
              called.push(request.params.arguments)
              return { content: [{ type: 'text', text: 'booked' }] }
            })
          },
        },
      ],
    }))
    const ships = await serverWhen(h, 'ships', (s) => s.status === 'connected')
    expect(ships.tools[0]?.inputSchema).toEqual(schema)

    const { id } = await h.call('chat:create', {})
    const args = { from: 'NLRTM', to: 'SGSIN' }
    h.mock.enqueue(
      { kind: 'tool_calls', calls: [{ id: 'b1', name: 'mcp_ships_book', arguments: JSON.stringify(args) }] },
      { kind: 'text', chunks: ['Booked.'] },
    )
    const { turnId } = await h.call('chat:send', { id, text: 'book a ship' })
    const card = await h.waitFor('chat:tool-calls', (event) => event.cards.length === 1)
    await h.call('chat:decide-tool-call', { id: card.cards[0]!.id, decision: 'approve' })
    const end = await h.waitFor('chat:turn', (event) => event.turnId === turnId && event.state !== 'running')
    expect(end.state).toBe('completed')

    const first = h.mock.requests.find((request) => request.path === '/v1/chat/completions')
    const tools = (first?.body as { tools?: Array<{ function: { name: string; parameters: unknown } }> })
      .tools
    const offered = tools?.find((tool) => tool.function.name === 'mcp_ships_book')
    expect(offered?.function.parameters).toEqual(schema)
    expect(called).toEqual([args])
    expect(remote.hits()).toBe(0)
  })
})
