// The guarded fetch against real node:http servers on 127.0.0.1: redirects are refused without being
// followed, bodies and event-stream events are capped at maxMessageBytes.
import { afterEach, describe, expect, it } from 'vitest'
import {
  createGuardedFetch,
  MessageTooLargeError,
  RedirectRefusedError,
} from '../../../../../src/main/core/mcp/http/guarded-fetch'
import { startLocalHttpServer, type LocalHandler, type LocalHttpServer } from './support/local-http-server'

const KiB = 1024
const CAP = 64 * KiB

const servers: LocalHttpServer[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

async function serve(handler: LocalHandler): Promise<LocalHttpServer> {
  const server = await startLocalHttpServer(handler)
  servers.push(server)
  return server
}

describe('redirects', () => {
  it('turns a 302 to another server into an error naming the status and the redacted target', async () => {
    const elsewhere = await serve((_request, res) => void res.writeHead(200).end('{}'))
    const redirecting = await serve((_request, res) => {
      res.writeHead(302, { location: `${elsewhere.origin}/collect?token=leak#frag` })
      res.end()
    })
    const guardedFetch = createGuardedFetch({ maxMessageBytes: CAP })

    const error = await guardedFetch(`${redirecting.origin}/mcp`, {
      method: 'POST',
      headers: { authorization: 'Bearer do-not-forward' },
      body: '{}',
    }).catch((e: unknown) => e)

    expect(error).toBeInstanceOf(RedirectRefusedError)
    const refused = error as RedirectRefusedError
    expect(refused.status).toBe(302)
    expect(refused.target).toBe(`${elsewhere.origin}/collect`)
    expect(refused.message).toContain(`HTTP 302 redirecting to ${elsewhere.origin}/collect;`)
    expect(refused.message).not.toMatch(/token=leak|frag|do-not-forward/)
    expect(redirecting.requests).toHaveLength(1)
    expect(elsewhere.requests).toHaveLength(0)
  })

  it('does not follow a 307 even within the same origin, so a POST is never sent twice', async () => {
    const server = await serve((request, res) => {
      if (request.path === '/mcp') return void res.writeHead(307, { location: '/moved' }).end()
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    })
    const guardedFetch = createGuardedFetch({ maxMessageBytes: CAP })

    await expect(
      guardedFetch(`${server.origin}/mcp`, { method: 'POST', body: '{"call":1}' }),
    ).rejects.toThrow(`HTTP 307 redirecting to ${server.origin}/moved`)
    expect(server.requests.map((r) => r.path)).toEqual(['/mcp'])
  })

  it('overrides a redirect mode asking to follow', async () => {
    const server = await serve((request, res) => {
      if (request.path === '/mcp') return void res.writeHead(301, { location: '/moved' }).end()
      res.writeHead(200).end()
    })
    const guardedFetch = createGuardedFetch({ maxMessageBytes: CAP })

    await expect(guardedFetch(`${server.origin}/mcp`, { redirect: 'follow' })).rejects.toBeInstanceOf(
      RedirectRefusedError,
    )
    expect(server.requests).toHaveLength(1)
  })

  it('names no target when the redirect has no Location', async () => {
    const server = await serve((_request, res) => void res.writeHead(308).end())
    const guardedFetch = createGuardedFetch({ maxMessageBytes: CAP })

    await expect(guardedFetch(`${server.origin}/mcp`)).rejects.toThrow(
      'HTTP 308 redirecting to an unnamed location',
    )
  })
})

describe('size cap on JSON bodies', () => {
  const bigJson = JSON.stringify({ jsonrpc: '2.0', id: 1, result: { blob: 'x'.repeat(100 * KiB) } })

  it('refuses a body over maxMessageBytes declared by Content-Length before reading it', async () => {
    const server = await serve((_request, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(bigJson) })
      res.end(bigJson)
    })
    const guardedFetch = createGuardedFetch({ maxMessageBytes: CAP })

    const error = await guardedFetch(`${server.origin}/mcp`).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(MessageTooLargeError)
    expect((error as MessageTooLargeError).limit).toBe('maxMessageBytes')
    expect((error as Error).message).toBe(
      'the server sent a response body larger than maxMessageBytes (64 KiB)',
    )
  })

  it('errors the stream of a chunked body once it passes maxMessageBytes', async () => {
    const server = await serve((_request, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
      // No Content-Length: the cap can only be enforced while reading.
      for (let i = 0; i < bigJson.length; i += 8 * KiB) res.write(bigJson.slice(i, i + 8 * KiB))
      res.end()
    })
    const guardedFetch = createGuardedFetch({ maxMessageBytes: CAP })

    const response = await guardedFetch(`${server.origin}/mcp`)
    expect(response.status).toBe(200)
    await expect(response.json()).rejects.toThrow(/larger than maxMessageBytes \(64 KiB\)/)
  })

  it('passes a body within the cap through with its status and headers', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, result: { blob: 'y'.repeat(60 * KiB) } })
    const server = await serve((_request, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'mcp-session-id': 'abc' })
      res.end(body)
    })
    const guardedFetch = createGuardedFetch({ maxMessageBytes: CAP })

    const response = await guardedFetch(`${server.origin}/mcp`)
    expect(response.status).toBe(200)
    expect(response.headers.get('mcp-session-id')).toBe('abc')
    expect(await response.text()).toBe(body)
  })

  it('caps error bodies too, and keeps the status of small ones', async () => {
    const server = await serve((_request, res) => {
      res.writeHead(500, { 'content-type': 'text/plain' })
      res.end('internal trouble')
    })
    const guardedFetch = createGuardedFetch({ maxMessageBytes: CAP })

    const response = await guardedFetch(`${server.origin}/mcp`)
    expect(response.status).toBe(500)
    expect(response.statusText).toBe('Internal Server Error')
    expect(await response.text()).toBe('internal trouble')
  })

  it('leaves bodiless answers alone', async () => {
    const server = await serve((_request, res) => void res.writeHead(204).end())
    const response = await createGuardedFetch({ maxMessageBytes: CAP })(`${server.origin}/mcp`)
    expect(response.status).toBe(204)
  })

  it('refuses a maxMessageBytes that is not a positive whole number', () => {
    expect(() => createGuardedFetch({ maxMessageBytes: 0 })).toThrow(/positive whole number/)
    expect(() => createGuardedFetch({ maxMessageBytes: Number.NaN })).toThrow(/positive whole number/)
  })
})

describe('size cap on event streams', () => {
  function sseEvent(data: string, lineEnd = '\n'): string {
    return `event: message${lineEnd}data: ${data}${lineEnd}${lineEnd}`
  }

  async function readAll(response: Response): Promise<string> {
    return await response.text()
  }

  it('errors the stream on one event over maxMessageBytes and reports it', async () => {
    const server = await serve((_request, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      res.write(sseEvent('{"small":true}'))
      // One event of ~100 KiB, written in pieces so it crosses many chunks.
      const big = `data: ${'z'.repeat(100 * KiB)}\n\n`
      for (let i = 0; i < big.length; i += 4 * KiB) res.write(big.slice(i, i + 4 * KiB))
      res.end()
    })
    const reported: MessageTooLargeError[] = []
    const guardedFetch = createGuardedFetch({
      maxMessageBytes: CAP,
      onEventStreamTooLarge: (e) => reported.push(e),
    })

    const response = await guardedFetch(`${server.origin}/mcp`)
    await expect(readAll(response)).rejects.toThrow(
      'the server sent an event-stream message larger than maxMessageBytes (64 KiB)',
    )
    expect(reported).toHaveLength(1)
    expect(reported[0]?.kind).toBe('event')
  })

  it('lets many small events through even when together they pass the cap', async () => {
    const events = Array.from({ length: 40 }, (_, i) =>
      sseEvent(JSON.stringify({ i, pad: 'p'.repeat(4 * KiB) })),
    )
    const server = await serve((_request, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      for (const event of events) res.write(event)
      res.end()
    })
    const reported: MessageTooLargeError[] = []
    const guardedFetch = createGuardedFetch({
      maxMessageBytes: CAP,
      onEventStreamTooLarge: (e) => reported.push(e),
    })

    const text = await readAll(await guardedFetch(`${server.origin}/mcp`))
    expect(Buffer.byteLength(text)).toBeGreaterThan(CAP * 2)
    expect(text).toBe(events.join(''))
    expect(reported).toHaveLength(0)
  })

  it('recognises CRLF and CR blank lines as event boundaries, also split across chunks', async () => {
    const pad = 'q'.repeat(40 * KiB)
    const server = await serve((_request, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' })
      // Each event is 40 KiB; any two together would pass 64 KiB if a boundary were missed.
      res.write(`data: ${pad}\r`)
      res.write(`\n\r`)
      res.write(`\ndata: ${pad}\r\r`)
      res.write(`data: ${pad}\n`)
      res.write(`\ndata: ${pad}\r\n\r\n`)
      res.end()
    })
    const guardedFetch = createGuardedFetch({ maxMessageBytes: CAP })

    const text = await readAll(await guardedFetch(`${server.origin}/mcp`))
    expect(text.split(pad)).toHaveLength(5)
  })

  it('counts a line that never ends as part of one event', async () => {
    const server = await serve((_request, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      for (let i = 0; i < 20; i++) res.write(`data: ${'n'.repeat(4 * KiB)}\n`)
      res.end()
    })
    const guardedFetch = createGuardedFetch({ maxMessageBytes: CAP })

    await expect(readAll(await guardedFetch(`${server.origin}/mcp`))).rejects.toBeInstanceOf(
      MessageTooLargeError,
    )
  })
})
