import type { FetchLike } from '@modelcontextprotocol/client'
import { isLoopbackHostname } from '../security/external-link-policy'
import { redactUrl } from '../mcp/http/remote-url-policy'
import { fetchFollowingRedirects, MAX_REDIRECTS } from '../mcp/http/follow-redirects'
import { BodyTooLargeError, readCappedBytes } from '../net/http-answer'
import {
  addressRefusalOf,
  createPinnedFetch,
  localHttpOnly,
  publicOnly,
  sharedPinnedFetch,
  type HostLookup,
} from '../mcp/http/pinned-fetch'

/**
 * The fetch behind everything MCP Desk asks of a registry (pages, versions, icons). A registry is another
 * party's server, and the icons it lists may point anywhere, so:
 *
 * - https only; plain http only to this computer;
 * - no private, link-local or loopback targets unless the registry itself is on this computer (a local
 *   mirror, and the test fixtures); the address is judged when the connection is made (pinned-fetch.ts);
 * - redirects followed by hand, at most 5, each hop checked the same way;
 * - no credentials: none in URLs, no cookies, no configured headers;
 * - every answer capped in bytes, and the whole request (headers and body) bounded in time, so a body that
 *   trickles forever ends as surely as one that never starts.
 */
export interface RegistryFetchOptions {
  /** The registry's base URL: whether private targets are allowed depends on where it lives. */
  registryUrl: string
  /** Replaces the network entirely (tests): no address is checked then. */
  fetch?: FetchLike
  /** Resolves a host name to its addresses; DNS by default, a table in tests. */
  lookup?: HostLookup
}

export interface RegistryRequest {
  /** Largest body read; a larger one is refused with `what` in the sentence. */
  maxBytes: number
  /** For the whole request, headers and body. */
  timeoutMs: number
  /** What is fetched, in words ("a page of servers", "an icon"). */
  what: string
  accept?: string
}

export interface RegistryAnswer {
  status: number
  contentType: string
  body: Buffer
}

/** A request to a registry that could not be made or answered in bounds; the message is for the user. */
export class RegistryFetchError extends Error {
  override readonly name = 'RegistryFetchError'
}

export type RegistryGet = (url: string, request: RegistryRequest) => Promise<RegistryAnswer>

export function createRegistryFetch(options: RegistryFetchOptions): RegistryGet {
  const allowPrivate = isLoopbackHostname(new URL(options.registryUrl).hostname)
  const rule = allowPrivate ? localHttpOnly : publicOnly
  const baseFetch: FetchLike =
    options.fetch ??
    (options.lookup === undefined
      ? sharedPinnedFetch(rule)
      : createPinnedFetch({ rule, lookup: options.lookup }).fetch)

  return async (target, request) => {
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), request.timeoutMs)
    const timedOut = (): RegistryFetchError =>
      new RegistryFetchError(
        `${request.what} from ${redactUrl(target)} took longer than ${formatSeconds(request.timeoutMs)}`,
      )
    try {
      const hop: FetchLike = (url, init) =>
        baseFetch(url, init).catch((error: unknown) => {
          if (controller.signal.aborted) throw timedOut()
          const refusal = addressRefusalOf(error)
          if (refusal !== undefined) {
            throw new RegistryFetchError(
              `refused ${redactUrl(url)}: ${refusal.message}${allowPrivate ? '' : ', and the registry is not on this computer'}`,
            )
          }
          throw new RegistryFetchError(`cannot reach ${redactUrl(url)}: ${causeOf(error)}`)
        })
      const init: RequestInit = {
        credentials: 'omit',
        signal: controller.signal,
        headers: { accept: request.accept ?? 'application/json' },
      }
      const { response, url } = await fetchFollowingRedirects(hop, parseUrl(target), init, {
        check: checkTarget,
        refuse: (problem) =>
          new RegistryFetchError(
            problem.kind === 'no-location'
              ? `${redactUrl(problem.url)} answered HTTP ${problem.status} without a Location`
              : `more than ${MAX_REDIRECTS} redirects while fetching ${request.what} from ${redactUrl(target)}`,
          ),
        resolve: parseUrl,
      })
      const body = await readCapped(response, request, url, controller.signal).catch((error: unknown) => {
        if (controller.signal.aborted && !(error instanceof RegistryFetchError)) throw timedOut()
        throw error
      })
      return { status: response.status, contentType: response.headers.get('content-type') ?? '', body }
    } finally {
      clearTimeout(timer)
    }
  }
}

function parseUrl(text: string, base?: URL): URL {
  try {
    return new URL(text, base)
  } catch {
    throw new RegistryFetchError(`"${text.slice(0, 200)}" is not a URL`)
  }
}

/** What the URL alone decides; the address is judged when the connection is made. */
function checkTarget(url: URL): void {
  if (url.username !== '' || url.password !== '') {
    throw new RegistryFetchError(`${redactUrl(url)} carries credentials in the URL`)
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHostname(url.hostname))) {
    throw new RegistryFetchError(
      `refused ${redactUrl(url)}: registries and their icons must use https (http only on this computer)`,
    )
  }
}

async function readCapped(
  response: Response,
  request: RegistryRequest,
  url: URL,
  signal: AbortSignal,
): Promise<Buffer> {
  // A body that trickles forever ends with the request's deadline even if the stream ignores the signal.
  return readCappedBytes(response, request.maxBytes, signal).catch((error: unknown) => {
    if (!(error instanceof BodyTooLargeError)) throw error
    throw new RegistryFetchError(
      `${request.what} from ${redactUrl(url)} is larger than ${formatBytes(request.maxBytes)}; it was not read`,
    )
  })
}

function causeOf(error: unknown): string {
  let message = error instanceof Error ? error.message : String(error)
  for (let link = error, depth = 0; link instanceof Error && depth < 5; link = link.cause, depth++) {
    message = link.message
  }
  return message
}

export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MiB` : `${bytes / 1024} KiB`
}

function formatSeconds(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} seconds`
}
