// The remote transport end to end with the SDK Client: URL policy before any request, headers on every
// request, redirects and oversized messages failing with a clear reason, and a tool call sent only once.
import { Client } from '@modelcontextprotocol/client'
import type { FetchLike } from '@modelcontextprotocol/client'
import { afterEach, describe, expect, it } from 'vitest'
import { MessageTooLargeError } from '../../../../../src/main/core/mcp/http/guarded-fetch'
import {
  createRemoteTransport,
  describeRemoteFailure,
  RemoteHeaderRefusedError,
  RemoteUrlRefusedError,
} from '../../../../../src/main/core/mcp/http/remote-transport'
import { startFixtureHttpServer } from '../../../../fixtures/mcp-servers/http-server'
import { textOf } from '../../../../fixtures/mcp-servers/sampling-client'
import { scriptedMcpHandler, startLocalHttpServer, type LocalHandler } from './support/local-http-server'

const KiB = 1024
const CAP = 64 * KiB
const TOKEN = 'sk-live-0123456789abcdef'

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function serve(handler: LocalHandler) {
  const server = await startLocalHttpServer(handler)
  cleanups.push(() => server.close())
  return server
}

function newClient(): Client {
  const client = new Client({ name: 'remote-transport-test', version: '1.0.0' })
  cleanups.push(() => client.close())
  return client
}

describe('createRemoteTransport: refusals before any request', () => {
  it('refuses http://example.test synchronously, without calling fetch', () => {
    const calls: string[] = []
    const spy: FetchLike = (url) => {
      calls.push(String(url))
      return Promise.resolve(new Response('{}'))
    }

    let thrown: unknown
    try {
      createRemoteTransport({ url: 'http://example.test/mcp', headers: {}, maxMessageBytes: CAP, fetch: spy })
    } catch (error) {
      thrown = error
    }

    expect(thrown).toBeInstanceOf(RemoteUrlRefusedError)
    expect((thrown as Error).message).toMatch(/^refused the server URL: plain http is only allowed/)
    expect(describeRemoteFailure(thrown)).toBe((thrown as Error).message)
    expect(calls).toEqual([])
  })

  it('refuses credentials in the URL and other schemes', () => {
    for (const url of ['https://me:pw@mcp.example.com/mcp', 'ftp://mcp.example.com/mcp', 'nonsense']) {
      expect(() => createRemoteTransport({ url, headers: {}, maxMessageBytes: CAP })).toThrow(
        RemoteUrlRefusedError,
      )
    }
  })

  it('refuses unsendable or reserved headers, naming the header and never its value', () => {
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ 'X-Key': `${TOKEN}\r\nX-Injected: 1` }, /"X-Key": its value contains a line break/],
      [{ 'Bad Name': TOKEN }, /"Bad Name": a header name is/],
      [{ Accept: 'text/html' }, /"Accept": the MCP transport sets this header itself/],
      [{ 'Mcp-Session-Id': TOKEN }, /"Mcp-Session-Id": the MCP transport sets/],
      [{ 'X-Key': `${TOKEN}✓` }, /cannot be sent in an HTTP header/],
    ]
    for (const [headers, reason] of cases) {
      let thrown: unknown
      try {
        createRemoteTransport({ url: 'https://mcp.example.com/mcp', headers, maxMessageBytes: CAP })
      } catch (error) {
        thrown = error
      }
      expect(thrown).toBeInstanceOf(RemoteHeaderRefusedError)
      expect((thrown as Error).message).toMatch(reason)
      expect((thrown as Error).message).not.toContain(TOKEN)
      expect(describeRemoteFailure(thrown)).not.toContain(TOKEN)
    }
  })
})

describe('createRemoteTransport with the fixture server', () => {
  it('connects with a bearer header and calls echo; the header reaches every request', async () => {
    const server = await startFixtureHttpServer({ requiredBearer: TOKEN })
    cleanups.push(() => server.close())
    const client = newClient()

    await client.connect(
      createRemoteTransport({
        url: server.url,
        headers: { Authorization: `Bearer ${TOKEN}` },
        maxMessageBytes: CAP,
      }),
    )
    const result = await client.callTool({ name: 'echo', arguments: { text: 'through the guard' } })

    expect(textOf(result)).toBe('through the guard')
    expect(server.requests.length).toBeGreaterThanOrEqual(3)
    expect(server.requests.every((r) => r.headers['authorization'] === `Bearer ${TOKEN}`)).toBe(true)
  })

  it('without the bearer: refused credentials, OAuth not supported, and no header value in any error', async () => {
    const server = await startFixtureHttpServer({ requiredBearer: TOKEN })
    cleanups.push(() => server.close())
    const client = newClient()
    const transportErrors: unknown[] = []
    client.onerror = (error) => transportErrors.push(error)
    const wrongValue = 'Bearer wrong-token-abcdef123456'

    const error = await client
      .connect(
        createRemoteTransport({
          url: server.url,
          headers: { Authorization: wrongValue },
          maxMessageBytes: CAP,
        }),
      )
      .catch((e: unknown) => e)

    const line = describeRemoteFailure(error, { url: server.url, secretValues: [wrongValue] })
    expect(line).toBe(
      'the server refused the credentials (HTTP 401); signing in with OAuth is not supported yet; ' +
        'a static header with an API key (e.g. Authorization: Bearer …) may work',
    )
    for (const e of [error, ...transportErrors]) {
      expect(String((e as Error).message)).not.toContain('wrong-token-abcdef123456')
      expect(describeRemoteFailure(e)).not.toContain('wrong-token-abcdef123456')
    }
  })

  it('names the missing endpoint on a 404', async () => {
    const server = await startFixtureHttpServer()
    cleanups.push(() => server.close())
    const url = server.url.replace(/\/mcp$/, '/nope?key=secret-in-query')

    const error = await newClient()
      .connect(createRemoteTransport({ url, headers: {}, maxMessageBytes: CAP }))
      .catch((e: unknown) => e)

    expect(describeRemoteFailure(error, { url })).toBe(
      `no MCP endpoint at ${server.url.replace(/\/mcp$/, '/nope')} (HTTP 404)`,
    )
  })
})

describe('createRemoteTransport: redirects, size caps and re-sends', () => {
  it('does not follow a 302 to another server and says so', async () => {
    const elsewhere = await serve((_request, res) => void res.writeHead(200).end('{}'))
    const redirecting = await serve((_request, res) => {
      res.writeHead(302, { location: `${elsewhere.origin}/mcp?sig=abc` }).end()
    })

    const error = await newClient()
      .connect(
        createRemoteTransport({
          url: `${redirecting.origin}/mcp`,
          headers: { Authorization: `Bearer ${TOKEN}` },
          maxMessageBytes: CAP,
        }),
      )
      .catch((e: unknown) => e)

    expect(describeRemoteFailure(error)).toBe(
      `the server answered HTTP 302 redirecting to ${elsewhere.origin}/mcp; redirects are not followed so ` +
        'headers never reach another address (configure the final URL instead)',
    )
    expect(elsewhere.requests).toHaveLength(0)
    expect(redirecting.requests).toHaveLength(1)
  })

  it('does not follow a same-origin 307 either, so the POST is not sent again', async () => {
    const server = await serve((request, res) => {
      if (request.path === '/mcp') return void res.writeHead(307, { location: '/mcp-v2' }).end()
      res.writeHead(500).end()
    })

    const error = await newClient()
      .connect(createRemoteTransport({ url: `${server.origin}/mcp`, headers: {}, maxMessageBytes: CAP }))
      .catch((e: unknown) => e)

    expect(describeRemoteFailure(error)).toMatch(
      new RegExp(`^the server answered HTTP 307 redirecting to ${server.origin}/mcp-v2;`),
    )
    expect(server.requests.map((r) => r.path)).toEqual(['/mcp'])
  })

  it('fails connect with maxMessageBytes when the initialize answer is a JSON body over the cap', async () => {
    const server = await serve((request, res) => {
      const { id } = JSON.parse(request.body) as { id: number }
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ jsonrpc: '2.0', id, result: { pad: 'x'.repeat(100 * KiB) } }))
    })

    const error = await newClient()
      .connect(createRemoteTransport({ url: `${server.origin}/mcp`, headers: {}, maxMessageBytes: CAP }))
      .catch((e: unknown) => e)

    expect(error).toBeInstanceOf(MessageTooLargeError)
    expect(describeRemoteFailure(error)).toBe(
      'the server sent a response body larger than maxMessageBytes (64 KiB)',
    )
  })

  it('fails the connection when an event-stream answer has one event over the cap', async () => {
    const server = await serve(
      scriptedMcpHandler((message, res) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' })
        const result = { content: [{ type: 'text', text: 'x'.repeat(100 * KiB) }] }
        res.end(`event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', id: message.id, result })}\n\n`)
      }),
    )
    const client = newClient()
    const errors: unknown[] = []
    client.onerror = (error) => errors.push(error)
    const closed = new Promise<void>((resolve) => (client.onclose = resolve))
    await client.connect(
      createRemoteTransport({ url: `${server.origin}/mcp`, headers: {}, maxMessageBytes: CAP }),
    )

    // Without failing the connection the SDK would leave this call waiting for its timeout.
    await expect(client.callTool({ name: 'big', arguments: {} })).rejects.toThrow(/Connection closed/)
    await closed
    expect(errors[0]).toBeInstanceOf(MessageTooLargeError)
    expect(describeRemoteFailure(errors[0])).toBe(
      'the server sent an event-stream message larger than maxMessageBytes (64 KiB)',
    )
  })

  it('streams many small events totalling more than the cap', async () => {
    const server = await serve(
      scriptedMcpHandler((message, res) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' })
        for (let progress = 1; progress <= 30; progress++) {
          const note = {
            jsonrpc: '2.0',
            method: 'notifications/message',
            params: { level: 'info', data: 'l'.repeat(4 * KiB) },
          }
          res.write(`event: message\ndata: ${JSON.stringify(note)}\n\n`)
        }
        const result = { content: [{ type: 'text', text: 'all through' }] }
        res.end(`event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', id: message.id, result })}\n\n`)
      }),
    )
    const client = newClient()
    await client.connect(
      createRemoteTransport({ url: `${server.origin}/mcp`, headers: {}, maxMessageBytes: CAP }),
    )

    expect(textOf(await client.callTool({ name: 'chatty', arguments: {} }))).toBe('all through')
  })

  it('sends a tool call once when the connection drops before the answer', async () => {
    const server = await serve(
      scriptedMcpHandler((_message, res) => {
        res.socket?.destroy()
      }),
    )
    const client = newClient()
    await client.connect(
      createRemoteTransport({ url: `${server.origin}/mcp`, headers: {}, maxMessageBytes: CAP }),
    )

    const error = await client
      .callTool({ name: 'charge_card', arguments: { cents: 100 } })
      .catch((e: unknown) => e)

    expect(describeRemoteFailure(error, { url: `${server.origin}/mcp` })).toBe(
      `the connection to 127.0.0.1:${server.port} was closed before the server answered`,
    )
    const calls = server.requests.filter((r) => r.body.includes('"tools/call"'))
    expect(calls).toHaveLength(1)
  })

  it('sends a tool call once when the server answers 500', async () => {
    const server = await serve(
      scriptedMcpHandler((_message, res) => {
        res.writeHead(500, { 'content-type': 'text/plain' }).end('database down')
      }),
    )
    const client = newClient()
    await client.connect(
      createRemoteTransport({ url: `${server.origin}/mcp`, headers: {}, maxMessageBytes: CAP }),
    )

    const error = await client.callTool({ name: 'charge_card', arguments: {} }).catch((e: unknown) => e)

    expect(describeRemoteFailure(error)).toBe('the server answered HTTP 500: database down')
    expect(server.requests.filter((r) => r.body.includes('"tools/call"'))).toHaveLength(1)
  })
})
