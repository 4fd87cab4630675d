import type { FetchLike } from '@modelcontextprotocol/client'
import { isLoopbackHostname } from '../../security/external-link-policy'
import { redactUrl } from '../http/remote-url-policy'
import { fetchFollowingRedirects, MAX_REDIRECTS } from '../http/follow-redirects'
import { BodyTooLargeError, readCappedBytes } from '../../net/http-answer'
import {
  addressRefusalOf,
  createPinnedFetch,
  localHttpOnly,
  publicOnly,
  sharedPinnedFetch,
  type HostLookup,
  type PinnedConnector,
} from '../http/pinned-fetch'

export { isInternalAddress } from '../../security/ip-address'

/**
 * The fetch behind OAuth discovery, registration and token requests. These URLs come from documents the
 * server hands us (protected-resource metadata names the authorization server, which names its endpoints),
 * so a hostile server could point the host at anything it can reach. The guard:
 *
 * - https only; plain http only to this computer;
 * - no private, link-local or loopback targets, unless the MCP server itself is on this computer (a local
 *   development setup, and the test fixtures). The address is judged on its bytes when the connection is
 *   made, and the connection goes to exactly the address judged (see pinned-fetch.ts): DNS rebinding
 *   cannot swap in 127.0.0.1 between the check and the request;
 * - redirects followed by hand, at most 5, each hop checked the same way;
 * - answers capped at 1 MiB (metadata and token responses are a few hundred bytes);
 * - never the server's configured headers: those are for the MCP endpoint only.
 */
export interface DiscoveryFetchOptions {
  /** The MCP server's URL: whether private targets are allowed depends on where it lives. */
  serverUrl: URL
  /** Replaces the network entirely (tests of redirects and caps): no address is checked then. */
  fetch?: FetchLike
  /** Resolves a host name to its addresses; DNS by default, a table in tests. */
  lookup?: HostLookup
  /** Opens the socket to the checked address; tests record it instead of connecting anywhere. */
  connector?: PinnedConnector
}

export class DiscoveryUrlRefusedError extends Error {
  override readonly name = 'DiscoveryUrlRefusedError'
}

const MAX_BODY_BYTES = 1024 * 1024

export function createDiscoveryFetch(options: DiscoveryFetchOptions): FetchLike {
  const allowPrivate = isLoopbackHostname(options.serverUrl.hostname)
  const rule = allowPrivate ? localHttpOnly : publicOnly
  const baseFetch: FetchLike =
    options.fetch ??
    (options.lookup === undefined && options.connector === undefined
      ? sharedPinnedFetch(rule)
      : createPinnedFetch({
          rule,
          ...(options.lookup ? { lookup: options.lookup } : {}),
          ...(options.connector ? { connector: options.connector } : {}),
        }).fetch)

  return async (input, init) => {
    const start = new URL(input instanceof URL ? input.href : String(input))
    const hop: FetchLike = (url, requestInit) =>
      baseFetch(url, requestInit).catch((error: unknown) => {
        const refusal = addressRefusalOf(error)
        if (refusal === undefined) throw error
        throw new DiscoveryUrlRefusedError(
          `refused ${redactUrl(url)}: ${refusal.message}${allowPrivate ? '' : ', and the MCP server is not on this computer'}`,
        )
      })
    const { response } = await fetchFollowingRedirects(hop, start, init ?? {}, {
      check: checkTarget,
      refuse: (problem) =>
        new DiscoveryUrlRefusedError(
          problem.kind === 'no-location'
            ? `${redactUrl(problem.url)} answered HTTP ${problem.status} without a Location`
            : `more than ${MAX_REDIRECTS} redirects while fetching ${redactUrl(problem.url)}`,
        ),
      // 303 (and 301/302 for a POST, as browsers do) turn into a GET without a body.
      nextInit: (status, requestInit) =>
        status === 303 || ((status === 301 || status === 302) && init?.method === 'POST')
          ? { ...requestInit, method: 'GET', body: undefined }
          : requestInit,
    })
    return capBody(response)
  }
}

/** What the URL alone decides; the address is judged when the connection is made. */
function checkTarget(url: URL): void {
  if (url.username !== '' || url.password !== '') {
    throw new DiscoveryUrlRefusedError(`${redactUrl(url)} carries credentials in the URL`)
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHostname(url.hostname))) {
    throw new DiscoveryUrlRefusedError(
      `refused ${redactUrl(url)}: authorization endpoints must use https (http only on this computer)`,
    )
  }
}

async function capBody(response: Response): Promise<Response> {
  if (response.body === null) return response
  let body: Buffer
  try {
    body = await readCappedBytes(response, MAX_BODY_BYTES)
  } catch (error) {
    if (!(error instanceof BodyTooLargeError)) throw error
    throw new DiscoveryUrlRefusedError(`an authorization answer was larger than 1 MiB`)
  }
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  })
}
