import { afterEach, describe, expect, it } from 'vitest'
import {
  createDiscoveryFetch,
  DiscoveryUrlRefusedError,
  isInternalAddress,
} from '../../../../../src/main/core/mcp/oauth/discovery-fetch'
import { sendJson, startLocalHttpServer } from '../http/support/local-http-server'
import { recordingConnector, scriptedLookup, startCountingListener } from '../http/support/pinned-network'

const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

type Call = { url: string; method: string | undefined }

/** A fetch that answers from a table by URL and records what was asked. */
function tableFetch(routes: Record<string, () => Response>) {
  const calls: Call[] = []
  const fetch = (input: string | URL, init?: RequestInit): Promise<Response> => {
    const url = String(input)
    calls.push({ url, method: init?.method })
    const route = routes[url]
    return Promise.resolve(route ? route() : new Response('not found', { status: 404 }))
  }
  return { fetch, calls }
}

const publicLookup = () => Promise.resolve(['93.184.216.34'])

describe('the SSRF guard on OAuth discovery', () => {
  it('fetches https metadata and passes the answer through', async () => {
    const { fetch } = tableFetch({
      'https://auth.example.com/.well-known/oauth-authorization-server': () => Response.json({ issuer: 'x' }),
    })
    const guarded = createDiscoveryFetch({
      serverUrl: new URL('https://mcp.example.com/mcp'),
      fetch,
      lookup: publicLookup,
    })
    const response = await guarded('https://auth.example.com/.well-known/oauth-authorization-server')
    expect(await response.json()).toEqual({ issuer: 'x' })
  })

  it('refuses plain http to another computer', async () => {
    const { fetch, calls } = tableFetch({})
    const guarded = createDiscoveryFetch({
      serverUrl: new URL('https://mcp.example.com/mcp'),
      fetch,
      lookup: publicLookup,
    })
    await expect(guarded('http://auth.example.com/token')).rejects.toThrow(/must use https/)
    expect(calls).toEqual([])
  })

  it('refuses a name that resolves to a private address when the server is remote', async () => {
    const victim = await startCountingListener()
    cleanups.push(() => victim.close())
    const connection = recordingConnector()
    const guarded = createDiscoveryFetch({
      serverUrl: new URL('https://mcp.example.com/mcp'),
      lookup: () => Promise.resolve(['10.0.0.5']),
      connector: connection.connector,
    })
    await expect(guarded('https://intranet.example.com/.well-known/openid-configuration')).rejects.toThrow(
      /10\.0\.0\.5 is a private or local address/,
    )
    await expect(guarded('https://169.254.169.254/latest/meta-data')).rejects.toBeInstanceOf(
      DiscoveryUrlRefusedError,
    )
    await expect(guarded(`https://[::1]:${victim.port}/x`)).rejects.toBeInstanceOf(DiscoveryUrlRefusedError)
    expect(connection.pinned).toEqual([])
    expect(victim.connections).toBe(0)
  })

  it('allows loopback targets when the MCP server itself is on this computer', async () => {
    const { fetch } = tableFetch({ 'http://127.0.0.1:9000/meta': () => Response.json({ ok: true }) })
    const guarded = createDiscoveryFetch({ serverUrl: new URL('http://localhost:8000/mcp'), fetch })
    expect(await (await guarded('http://127.0.0.1:9000/meta')).json()).toEqual({ ok: true })
  })

  it('follows redirects only to targets that pass the same checks, at most 5', async () => {
    const redirect = (to: string) => () => new Response(null, { status: 302, headers: { location: to } })
    const { fetch } = tableFetch({
      'https://a.example.com/m': redirect('https://b.example.com/m'),
      'https://b.example.com/m': () => Response.json({ hop: 2 }),
      'https://loop.example.com/m': redirect('https://loop.example.com/m'),
    })
    const guarded = createDiscoveryFetch({
      serverUrl: new URL('https://mcp.example.com/mcp'),
      fetch,
      lookup: publicLookup,
    })
    expect(await (await guarded('https://a.example.com/m')).json()).toEqual({ hop: 2 })
    await expect(guarded('https://loop.example.com/m')).rejects.toThrow(/more than 5 redirects/)
  })

  it('refuses answers over 1 MiB', async () => {
    const { fetch } = tableFetch({
      'https://a.example.com/big': () => new Response('x'.repeat(1024 * 1024 + 1)),
    })
    const guarded = createDiscoveryFetch({
      serverUrl: new URL('https://mcp.example.com/mcp'),
      fetch,
      lookup: publicLookup,
    })
    await expect(guarded('https://a.example.com/big')).rejects.toThrow(/larger than 1 MiB/)
  })

  it('refuses a redirect to a name that resolves to a private address', async () => {
    const internet = await startLocalHttpServer((request, res) => {
      if (request.headers.host === 'c.example.com') {
        return void res.writeHead(302, { location: 'https://internal.example.com/m' }).end()
      }
      sendJson(res, 200, { reached: request.headers.host })
    })
    cleanups.push(() => internet.close())
    const connection = recordingConnector(internet.port)
    const guarded = createDiscoveryFetch({
      serverUrl: new URL('https://mcp.example.com/mcp'),
      lookup: (host) =>
        Promise.resolve(host === 'internal.example.com' ? ['192.168.1.2'] : ['93.184.216.34']),
      connector: connection.connector,
    })
    await expect(guarded('https://c.example.com/m')).rejects.toThrow(/192\.168\.1\.2/)
    expect(internet.requests.map((request) => request.headers.host)).toEqual(['c.example.com'])
  })

  it('judges every spelling of an internal address on its bytes', () => {
    // As a resolver could answer them, and as the URL parser leaves them in a URL's host.
    const internal = [
      '127.0.0.1',
      '127.255.255.254',
      '0x7f.1',
      '2130706433',
      '0177.0.0.1',
      '127.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '198.18.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      '[::1]',
      '0:0:0:0:0:0:0:1',
      'fd00::1',
      'fc00::1',
      'fe80::1',
      'fe80::1%eth0',
      'febf::1',
      'fec0::1',
      'feff::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '::ffff:a00:1',
      '::ffff:192.168.1.1',
      '::ffff:172.16.0.1',
      '::ffff:169.254.169.254',
      '::ffff:0.0.0.0',
      '::127.0.0.1',
      '::a00:1',
      '::ffff:0:127.0.0.1',
      '64:ff9b::7f00:1',
      '64:ff9b::127.0.0.1',
      '64:ff9b::a00:1',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b:1::8.8.8.8',
      '2002:7f00:1::',
      '2002:c0a8:101::1',
      '2002:a9fe:a9fe::1',
      '2001:0:4136:e378:8000:63bf:80ff:fffe',
      '100::1',
    ]
    for (const address of internal) {
      expect(isInternalAddress(address), address).toBe(true)
      // A URL host cannot carry an IPv6 zone.
      if (address.includes('%')) continue
      const host = new URL(
        `https://${address.includes(':') && !address.startsWith('[') ? `[${address}]` : address}/`,
      ).hostname
      expect(isInternalAddress(host), `${address} as the URL host ${host}`).toBe(true)
    }
    for (const address of [
      '93.184.216.34',
      '172.32.0.1',
      '100.128.0.1',
      '8.8.8.8',
      '2606:4700::1111',
      '::ffff:8.8.8.8',
      '64:ff9b::808:808',
      '2002:808:808::1',
      '2001:0:4136:e378:8000:63bf:f7f7:f7f7',
    ]) {
      expect(isInternalAddress(address), address).toBe(false)
    }
  })

  it('refuses every spelling of this computer in a URL without connecting', async () => {
    const victim = await startCountingListener()
    cleanups.push(() => victim.close())
    const connection = recordingConnector()
    const guarded = createDiscoveryFetch({
      serverUrl: new URL('https://mcp.example.com/mcp'),
      lookup: () => Promise.resolve(['93.184.216.34']),
      connector: connection.connector,
    })
    for (const host of [
      '127.0.0.1',
      '0x7f.1',
      '2130706433',
      '0177.0.0.1',
      '127.1',
      '0.0.0.0',
      '[::1]',
      '[::]',
      '[::ffff:127.0.0.1]',
      '[::ffff:7f00:1]',
      '[::ffff:0.0.0.0]',
    ]) {
      await expect(guarded(`https://${host}:${victim.port}/.well-known/x`), host).rejects.toBeInstanceOf(
        DiscoveryUrlRefusedError,
      )
    }
    expect(connection.pinned).toEqual([])
    expect(victim.connections).toBe(0)
  })

  it('pins the connection to the address it checked, so DNS rebinding never reaches 127.0.0.1', async () => {
    // `localhost` really resolves to this computer: a second lookup (by fetch, after the check) would
    // land on the victim. The scripted resolver answers a public address first and 127.0.0.1 after.
    const victim = await startCountingListener()
    cleanups.push(() => victim.close())
    const internet = await startLocalHttpServer((_request, res) => sendJson(res, 200, { issuer: 'public' }))
    cleanups.push(() => internet.close())
    const rebinding = scriptedLookup(['93.184.216.34'], ['127.0.0.1'])
    const connection = recordingConnector(internet.port)
    const guarded = createDiscoveryFetch({
      serverUrl: new URL('https://mcp.example.com/mcp'),
      lookup: rebinding.lookup,
      connector: connection.connector,
    })

    const answer = await guarded(
      `https://localhost:${victim.port}/.well-known/oauth-authorization-server`,
    ).then(
      (response) => response.json(),
      (error: unknown) => error,
    )

    expect(victim.connections).toBe(0)
    expect(answer).toEqual({ issuer: 'public' })
    expect(rebinding.calls).toEqual(['localhost'])
    expect(connection.pinned).toEqual(['93.184.216.34'])
    // TLS would verify the name from the URL, not the pinned address.
    expect(connection.hosts).toEqual([`localhost:${victim.port}`])
  })

  it('refuses a name whose answers mix a public address with 127.0.0.1', async () => {
    const victim = await startCountingListener()
    cleanups.push(() => victim.close())
    const connection = recordingConnector()
    const guarded = createDiscoveryFetch({
      serverUrl: new URL('https://mcp.example.com/mcp'),
      lookup: scriptedLookup(['93.184.216.34', '127.0.0.1']).lookup,
      connector: connection.connector,
    })
    await expect(guarded(`https://localhost:${victim.port}/x`)).rejects.toThrow(/127\.0\.0\.1/)
    expect(connection.pinned).toEqual([])
    expect(victim.connections).toBe(0)
  })
})
