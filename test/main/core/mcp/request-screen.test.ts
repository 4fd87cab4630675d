// A screened request is answered on the transport and never reaches the client; everything else (other
// requests, notifications, responses) reaches it unchanged.
import type { Client, Transport, JSONRPCMessage } from '@modelcontextprotocol/client'
import { describe, expect, it } from 'vitest'
import { screenRequests } from '../../../../src/main/core/mcp/request-screen'

function fakeTransport() {
  const sent: JSONRPCMessage[] = []
  const delivered: JSONRPCMessage[] = []
  const transport: Transport = {
    start: () => Promise.resolve(),
    close: () => Promise.resolve(),
    send: (message) => {
      sent.push(message)
      return Promise.resolve()
    },
    onmessage: (message) => delivered.push(message),
  }
  return { transport, sent, delivered }
}

describe('screenRequests', () => {
  it('answers what the screen answers and passes everything else to the client', () => {
    const { transport, sent, delivered } = fakeTransport()
    const client = {} as Client
    const seen: Client[] = []
    screenRequests(transport, client, (who, request) => {
      seen.push(who)
      return request.method === 'sampling/createMessage'
        ? { jsonrpc: '2.0', id: request.id, error: { code: -1, message: 'rate limited' } }
        : undefined
    })
    const messages: JSONRPCMessage[] = [
      { jsonrpc: '2.0', id: 1, method: 'sampling/createMessage', params: {} },
      { jsonrpc: '2.0', id: 2, method: 'roots/list' },
      { jsonrpc: '2.0', method: 'notifications/tools/list_changed' },
      { jsonrpc: '2.0', id: 3, result: {} },
    ]
    for (const message of messages) transport.onmessage?.(message)

    expect(sent).toEqual([{ jsonrpc: '2.0', id: 1, error: { code: -1, message: 'rate limited' } }])
    expect(delivered).toEqual(messages.slice(1))
    // Only requests are shown to the screen, each with the client they came to.
    expect(seen).toEqual([client, client])
  })

  it('lives through a send that fails because the connection is closing', async () => {
    const { transport, delivered } = fakeTransport()
    transport.send = () => Promise.reject(new Error('not connected'))
    screenRequests(transport, {} as Client, (_client, request) => ({
      jsonrpc: '2.0',
      id: request.id,
      error: { code: -1, message: 'no' },
    }))
    transport.onmessage?.({ jsonrpc: '2.0', id: 1, method: 'sampling/createMessage' })
    await new Promise((resolve) => setImmediate(resolve))
    expect(delivered).toEqual([])
  })
})
