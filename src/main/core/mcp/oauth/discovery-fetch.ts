import { lookup as dnsLookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js'
import { isLoopbackHostname } from '../../security/external-link-policy'
import { redactUrl } from '../http/remote-url-policy'

/**
 * The fetch behind OAuth discovery, registration and token requests. These URLs come from documents the
 * server hands us (protected-resource metadata names the authorization server, which names its endpoints),
 * so a hostile server could point the host at anything it can reach. The guard:
 *
 * - https only; plain http only to this computer;
 * - no private, link-local or loopback targets (checked on the resolved addresses), unless the MCP server
 *   itself is on this computer (a local development setup, and the test fixtures);
 * - redirects followed by hand, at most 5, each hop checked the same way;
 * - answers capped at 1 MiB (metadata and token responses are a few hundred bytes);
 * - never the server's configured headers: those are for the MCP endpoint only.
 */
export interface DiscoveryFetchOptions {
  /** The MCP server's URL: whether private targets are allowed depends on where it lives. */
  serverUrl: URL
  fetch?: FetchLike
  /** Resolves a host name to its addresses; DNS by default, a table in tests. */
  lookup?: (hostname: string) => Promise<string[]>
}

export class DiscoveryUrlRefusedError extends Error {
  override readonly name = 'DiscoveryUrlRefusedError'
}

const MAX_REDIRECTS = 5
const MAX_BODY_BYTES = 1024 * 1024
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])

export function createDiscoveryFetch(options: DiscoveryFetchOptions): FetchLike {
  const baseFetch: FetchLike = options.fetch ?? ((url, init) => fetch(url, init))
  const lookup = options.lookup ?? defaultLookup
  const allowPrivate = isLoopbackHostname(options.serverUrl.hostname)

  return async (input, init) => {
    let url = new URL(input instanceof URL ? input.href : String(input))
    let requestInit: RequestInit = { ...init, redirect: 'manual' }
    for (let hop = 0; ; hop++) {
      await checkTarget(url, allowPrivate, lookup)
      const response = await baseFetch(url, requestInit)
      if (!REDIRECT_STATUSES.has(response.status)) return capBody(response)
      await response.body?.cancel().catch(() => undefined)
      const location = response.headers.get('location')
      if (location === null || hop >= MAX_REDIRECTS) {
        throw new DiscoveryUrlRefusedError(
          location === null
            ? `${redactUrl(url)} answered HTTP ${response.status} without a Location`
            : `more than ${MAX_REDIRECTS} redirects while fetching ${redactUrl(url)}`,
        )
      }
      url = new URL(location, url)
      // 303 (and 301/302 for a POST, as browsers do) turn into a GET without a body.
      if (
        response.status === 303 ||
        ((response.status === 301 || response.status === 302) && init?.method === 'POST')
      ) {
        requestInit = { ...requestInit, method: 'GET', body: undefined }
      }
    }
  }
}

async function checkTarget(
  url: URL,
  allowPrivate: boolean,
  lookup: (hostname: string) => Promise<string[]>,
): Promise<void> {
  if (url.username !== '' || url.password !== '') {
    throw new DiscoveryUrlRefusedError(`${redactUrl(url)} carries credentials in the URL`)
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHostname(url.hostname))) {
    throw new DiscoveryUrlRefusedError(
      `refused ${redactUrl(url)}: authorization endpoints must use https (http only on this computer)`,
    )
  }
  if (allowPrivate) return
  const host = url.hostname.replace(/^\[|\]$/g, '')
  const addresses = isIP(host) !== 0 ? [host] : await lookup(host)
  const internal = addresses.find(isInternalAddress)
  if (internal !== undefined) {
    throw new DiscoveryUrlRefusedError(
      `refused ${redactUrl(url)}: it resolves to ${internal}, a private or local address, and the MCP server is not on this computer`,
    )
  }
}

async function defaultLookup(hostname: string): Promise<string[]> {
  const results = await dnsLookup(hostname, { all: true, verbatim: true })
  return results.map((result) => result.address)
}

/** Loopback, private (RFC 1918, ULA), link-local, CGNAT, unspecified and IPv4-mapped forms of those. */
export function isInternalAddress(address: string): boolean {
  const lower = address.toLowerCase()
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower)
  if (mapped?.[1] !== undefined) return isInternalAddress(mapped[1])
  if (isIP(lower) === 4) {
    const [a = 0, b = 0] = lower.split('.').map(Number)
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      a >= 224
    )
  }
  if (isIP(lower) === 6) {
    return (
      lower === '::' ||
      lower === '::1' ||
      lower.startsWith('fc') ||
      lower.startsWith('fd') ||
      /^fe[89ab]/.test(lower) ||
      lower.startsWith('ff')
    )
  }
  return false
}

async function capBody(response: Response): Promise<Response> {
  if (response.body === null) return response
  const declared = Number(response.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) {
    await response.body.cancel().catch(() => undefined)
    throw new DiscoveryUrlRefusedError(`an authorization answer was larger than 1 MiB`)
  }
  const chunks: Uint8Array[] = []
  let total = 0
  const reader = (response.body as ReadableStream<Uint8Array>).getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => undefined)
      throw new DiscoveryUrlRefusedError(`an authorization answer was larger than 1 MiB`)
    }
    chunks.push(value)
  }
  return new Response(Buffer.concat(chunks), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  })
}
