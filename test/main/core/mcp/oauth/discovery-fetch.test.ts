import { describe, expect, it } from 'vitest'
import {
  createDiscoveryFetch,
  DiscoveryUrlRefusedError,
  isInternalAddress,
} from '../../../../../src/main/core/mcp/oauth/discovery-fetch'

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
    const { fetch, calls } = tableFetch({})
    const guarded = createDiscoveryFetch({
      serverUrl: new URL('https://mcp.example.com/mcp'),
      fetch,
      lookup: () => Promise.resolve(['10.0.0.5']),
    })
    await expect(guarded('https://intranet.example.com/.well-known/openid-configuration')).rejects.toThrow(
      /resolves to 10\.0\.0\.5, a private or local address/,
    )
    await expect(guarded('https://169.254.169.254/latest/meta-data')).rejects.toBeInstanceOf(
      DiscoveryUrlRefusedError,
    )
    await expect(guarded('https://[::1]/x')).rejects.toBeInstanceOf(DiscoveryUrlRefusedError)
    expect(calls).toEqual([])
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
      'https://c.example.com/m': redirect('https://internal.example.com/m'),
      'https://loop.example.com/m': redirect('https://loop.example.com/m'),
    })
    const lookup = (host: string) =>
      Promise.resolve(host === 'internal.example.com' ? ['192.168.1.2'] : ['93.184.216.34'])
    const guarded = createDiscoveryFetch({ serverUrl: new URL('https://mcp.example.com/mcp'), fetch, lookup })
    expect(await (await guarded('https://a.example.com/m')).json()).toEqual({ hop: 2 })
    await expect(guarded('https://c.example.com/m')).rejects.toThrow(/192\.168\.1\.2/)
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

  it('knows private, loopback, link-local and mapped addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.0.1',
      '169.254.1.1',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
    ]) {
      expect(isInternalAddress(address), address).toBe(true)
    }
    for (const address of ['93.184.216.34', '172.32.0.1', '2606:4700::1111']) {
      expect(isInternalAddress(address), address).toBe(false)
    }
  })
})
