// The legacy HTTP+SSE transport against a scripted node:http server: the URL policy and header checks
// before any request, the configured headers on the GET and every POST, redirects refused on both, the
// endpoint kept to the server's origin, and a stream that ends or breaks the cap failing the connection.
import { Client } from '@modelcontextprotocol/client'
import type { FetchLike } from '@modelcontextprotocol/client'
import { afterEach, describe, expect, it } from 'vitest'
import {
  MessageTooLargeError,
  RedirectRefusedError,
} from '../../../../../src/main/core/mcp/http/guarded-fetch'
import {
  createLegacySseTransport,
  LegacySseEndpointTimeoutError,
  LegacySseStreamEndedError,
  type LegacySseTransport,
  type LegacySseTransportOptions,
} from '../../../../../src/main/core/mcp/http/legacy-sse-transport'
import { RemoteHeaderRefusedError } from '../../../../../src/main/core/mcp/http/remote-headers'
import { RemoteUrlRefusedError } from '../../../../../src/main/core/mcp/http/remote-transport'
import { textOf } from '../../../../fixtures/mcp-servers/sampling-client'
import { legacySseHandler, type LegacySseOptions } from './support/legacy-sse-handler'
import { startLocalHttpServer, type LocalHandler } from './support/local-http-server'

const KiB = 1024
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

async function serveSse(options: LegacySseOptions = {}) {
  const controls = legacySseHandler(options)
  const server = await serve(controls.handler)
  return { ...controls, server, url: `${server.origin}/sse` }
}

function transportFor(url: string, options: Partial<LegacySseTransportOptions> = {}): LegacySseTransport {
  const transport = createLegacySseTransport({
    url,
    headers: {},
    maxMessageBytes: 64 * KiB,
    endpointTimeoutMs: 5000,
    ...options,
  })
  cleanups.push(() => transport.close())
  return transport
}

function newClient(): Client {
  const client = new Client({ name: 'legacy-sse-test', version: '1.0.0' })
  cleanups.push(() => client.close())
  return client
}

async function connectError(client: Client, transport: LegacySseTransport): Promise<unknown> {
  return client.connect(transport).then(
    () => new Error('expected the connection to fail'),
    (error: unknown) => error,
  )
}

describe('createLegacySseTransport: refusals before any request', () => {
  it('refuses a plain http URL off this computer and unsendable headers, without calling fetch', () => {
    const calls: string[] = []
    const spy: FetchLike = (url) => {
      calls.push(String(url))
      return Promise.resolve(new Response(''))
    }
    const base = { headers: {}, maxMessageBytes: KiB, endpointTimeoutMs: 1000, fetch: spy }
    expect(() => createLegacySseTransport({ ...base, url: 'http://example.test/sse' })).toThrow(
      RemoteUrlRefusedError,
    )
    expect(() =>
      createLegacySseTransport({ ...base, url: 'https://mcp.example.com/sse', headers: { Accept: 'x' } }),
    ).toThrow(RemoteHeaderRefusedError)
    expect(() =>
      createLegacySseTransport({ ...base, url: 'https://mcp.example.com/sse', headers: { 'X-Key': 'a\nb' } }),
    ).toThrow(/refused the header "X-Key"/)
    expect(calls).toEqual([])
  })
})

describe('createLegacySseTransport: requests', () => {
  it('sends the configured headers on the GET and on every POST, through wrapFetch too', async () => {
    const sse = await serveSse()
    const wrapped: string[] = []
    const transport = transportFor(sse.url, {
      headers: { Authorization: `Bearer ${TOKEN}`, 'X-Team': 'blue' },
      wrapFetch: (guarded) => (url, init) => {
        wrapped.push(`${init?.method ?? 'GET'} ${new URL(String(url)).pathname}`)
        return guarded(url, init)
      },
    })
    const client = newClient()
    await client.connect(transport)
    const result = await client.callTool({ name: 'echo', arguments: { message: 'over sse' } })

    expect(textOf(result)).toBe('echo: over sse')
    const requests = sse.server.requests
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /sse',
      'POST /message?sessionId=s1',
      'POST /message?sessionId=s1',
      'POST /message?sessionId=s1',
    ])
    for (const request of requests) {
      expect(request.headers['authorization']).toBe(`Bearer ${TOKEN}`)
      expect(request.headers['x-team']).toBe('blue')
    }
    expect(requests[0]?.headers['accept']).toBe('text/event-stream')
    expect(requests[1]?.headers['content-type']).toBe('application/json')
    expect(wrapped[0]).toBe('GET /sse')
    expect(wrapped.filter((line) => line === 'POST /message')).toHaveLength(3)
  })

  it('refuses a redirect of the event stream without following it, and stops asking', async () => {
    const elsewhere = await serveSse()
    const server = await serve((_request, res) => {
      res.writeHead(302, { location: `${elsewhere.url}?token=${TOKEN}` }).end()
    })
    const transport = transportFor(`${server.origin}/sse`, { headers: { 'X-Key': TOKEN } })

    const error = await connectError(newClient(), transport)

    expect(error).toBeInstanceOf(RedirectRefusedError)
    expect(transport.describeFailure(error)).toMatch(/HTTP 302 redirecting to http:\/\/127\.0\.0\.1:\d+\/sse/)
    expect(transport.describeFailure(error)).not.toContain(TOKEN)
    expect(elsewhere.server.requests).toEqual([])
    expect(server.requests).toHaveLength(1)
  })

  it('fails the connection with the error the wrapped fetch threw (e.g. a sign-in the server requires)', async () => {
    class NeedsSignIn extends Error {}
    const sse = await serveSse()
    const transport = transportFor(sse.url, {
      wrapFetch: () => () => Promise.reject(new NeedsSignIn('needs sign-in: the server asked for OAuth')),
    })

    const error = await connectError(newClient(), transport)

    expect(error).toBeInstanceOf(NeedsSignIn)
    expect(transport.describeFailure(error)).toBe('needs sign-in: the server asked for OAuth')
    expect(sse.server.requests).toEqual([])
  })

  it('refuses a redirect of a POST', async () => {
    const sse = legacySseHandler()
    const server = await serve((request, res) => {
      if (request.method === 'POST') return void res.writeHead(307, { location: '/other' }).end()
      return sse.handler(request, res)
    })
    const transport = transportFor(`${server.origin}/sse`)

    const error = await connectError(newClient(), transport)

    expect(error).toBeInstanceOf(RedirectRefusedError)
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /sse',
      'POST /message?sessionId=s1',
    ])
  })

  it('refuses an endpoint on another origin before posting anything', async () => {
    const sse = await serveSse({ endpoint: 'http://localhost:1/message' })
    const transport = transportFor(sse.url)

    const error = await connectError(newClient(), transport)

    expect(transport.describeFailure(error)).toContain('Endpoint origin does not match')
    expect(sse.server.requests.map((r) => r.method)).toEqual(['GET'])
  })

  it('names the status when the GET is refused, never the header values', async () => {
    const server = await serve((_request, res) => void res.writeHead(401).end('no'))
    const transport = transportFor(`${server.origin}/sse`, { headers: { Authorization: `Bearer ${TOKEN}` } })

    const error = await connectError(newClient(), transport)

    expect(transport.describeFailure(error)).toBe('the server refused the credentials (HTTP 401)')
  })

  it('tells a Streamable HTTP server (405 on GET) apart', async () => {
    const server = await serve((_request, res) => void res.writeHead(405).end())
    const transport = transportFor(`${server.origin}/mcp`)

    const error = await connectError(newClient(), transport)

    expect(transport.describeFailure(error)).toMatch(/does not accept GET \(HTTP 405\).*transport "http"/)
  })

  it('gives up when the stream never names an endpoint', async () => {
    const sse = await serveSse({ silent: true })
    const transport = transportFor(sse.url, { endpointTimeoutMs: 200 })

    const error = await connectError(newClient(), transport)

    expect(error).toBeInstanceOf(LegacySseEndpointTimeoutError)
    expect(transport.describeFailure(error)).toMatch(/sent no endpoint event within 200 ms/)
  })
})

describe('createLegacySseTransport: a running session', () => {
  it('closes with the reason when the server ends the event stream', async () => {
    const sse = await serveSse()
    const transport = transportFor(sse.url)
    const client = newClient()
    await client.connect(transport)
    const closed = new Promise<void>((resolve) => (client.onclose = resolve))

    sse.endStreams()
    await closed

    expect(transport.failure).toBeInstanceOf(LegacySseStreamEndedError)
    expect(transport.describeFailure(new Error('the connection closed'))).toMatch(
      /^the event stream from http:\/\/127\.0\.0\.1:\d+\/sse ended; a legacy SSE session ends with its stream/,
    )
    // The EventSource is closed, so it never opens a second session behind the client's back.
    expect(sse.server.requests.filter((r) => r.method === 'GET')).toHaveLength(1)
  })

  it('fails the connection when one message breaks the size cap', async () => {
    const sse = await serveSse()
    const transport = transportFor(sse.url, { maxMessageBytes: 4 * KiB })
    const client = newClient()
    await client.connect(transport)

    const call = client.callTool({ name: 'echo', arguments: { message: 'x'.repeat(8 * KiB) } })

    await expect(call).rejects.toThrow()
    expect(transport.failure).toBeInstanceOf(MessageTooLargeError)
    expect(transport.describeFailure(new Error('closed'))).toMatch(/larger than maxMessageBytes \(4 KiB\)/)
  })
})
