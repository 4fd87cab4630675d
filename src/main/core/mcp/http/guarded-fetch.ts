import type { FetchLike } from '@modelcontextprotocol/client'
import { localHttpOnly, sharedPinnedFetch } from './pinned-fetch'
import { redactUrl } from './remote-url-policy'
import { formatByteSize } from '../../../../shared/format/byte-size'

/**
 * The fetch every remote MCP request goes through. Two guarantees the SDK does not give on its own:
 *
 * - Redirects are never followed, not even within the origin. A followed redirect would carry the
 *   server's headers (API keys) to wherever the Location points, and a followed 307/308 would send a
 *   POST (a tool call) a second time. A 3xx answer becomes a `RedirectRefusedError` naming the target.
 * - Answers are capped like stdio messages: a non-stream body as a whole, an event stream per event, so a
 *   long-lived stream of small messages is fine but a single oversized message is not.
 *
 * Nothing here logs; errors name statuses and redacted URLs, never header values.
 */
export interface GuardedFetchOptions {
  maxMessageBytes: number
  /**
   * The fetch to guard; by default one whose connections are pinned to checked addresses, so plain http
   * reaches only this computer even when `localhost` resolves elsewhere (see pinned-fetch.ts).
   */
  fetch?: FetchLike
  /**
   * Called when an event stream breaks the cap. The stream errors either way, but the SDK only reports a
   * broken stream through `onerror` and leaves the requests it carried waiting, so the caller decides
   * what the connection does (the remote transport fails it).
   */
  onEventStreamTooLarge?: (error: MessageTooLargeError) => void
}

export class RedirectRefusedError extends Error {
  override readonly name = 'RedirectRefusedError'

  constructor(
    readonly status: number,
    /** The redirect target, redacted to scheme://host/path; undefined when the answer named none. */
    readonly target: string | undefined,
  ) {
    super(
      `the server answered HTTP ${status} redirecting to ${target ?? 'an unnamed location'}; redirects are ` +
        `not followed so headers never reach another address (configure the final URL instead)`,
    )
  }
}

export class MessageTooLargeError extends Error {
  override readonly name = 'MessageTooLargeError'
  /** The settings name of the limit, as `ServerFailure.limit` reports it. */
  readonly limit = 'maxMessageBytes'

  constructor(
    readonly limitBytes: number,
    readonly kind: 'body' | 'event',
  ) {
    const what = kind === 'body' ? 'a response body' : 'an event-stream message'
    super(`the server sent ${what} larger than maxMessageBytes (${formatByteSize(limitBytes)})`)
  }
}

/** Statuses whose responses cannot carry a body; `new Response` refuses one for them. */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304])

export function createGuardedFetch(options: GuardedFetchOptions): FetchLike {
  const { maxMessageBytes, onEventStreamTooLarge } = options
  if (!Number.isSafeInteger(maxMessageBytes) || maxMessageBytes < 1) {
    throw new RangeError(`maxMessageBytes must be a positive whole number of bytes, not ${maxMessageBytes}`)
  }
  const baseFetch: FetchLike = options.fetch ?? sharedPinnedFetch(localHttpOnly)

  return async (url, init) => {
    const response = await baseFetch(url, { ...init, redirect: 'manual' })

    if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
      await response.body?.cancel().catch(() => undefined)
      throw new RedirectRefusedError(response.status, redirectTarget(response, url))
    }
    if (response.body === null || NULL_BODY_STATUSES.has(response.status)) return response

    let cap: TransformStream<Uint8Array, Uint8Array>
    if (mediaTypeOf(response) === 'text/event-stream') {
      cap = capEachEvent(maxMessageBytes, (error) => onEventStreamTooLarge?.(error))
    } else {
      const declared = Number(response.headers.get('content-length'))
      if (Number.isFinite(declared) && declared > maxMessageBytes) {
        await response.body.cancel().catch(() => undefined)
        throw new MessageTooLargeError(maxMessageBytes, 'body')
      }
      cap = capWholeBody(maxMessageBytes)
    }
    return new Response(response.body.pipeThrough(cap), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    })
  }
}

function redirectTarget(response: Response, requestUrl: string | URL): string | undefined {
  const location = response.headers.get('location')
  if (location === null || location === '') return undefined
  try {
    return redactUrl(new URL(location, requestUrl))
  } catch {
    return undefined
  }
}

function mediaTypeOf(response: Response): string {
  return (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
}

function capWholeBody(limit: number): TransformStream<Uint8Array, Uint8Array> {
  let total = 0
  return new TransformStream({
    transform(chunk, controller) {
      total += chunk.byteLength
      if (total > limit) controller.error(new MessageTooLargeError(limit, 'body'))
      else controller.enqueue(chunk)
    },
  })
}

const LF = 0x0a
const CR = 0x0d

/**
 * Passes an event stream through unchanged while measuring each event: the bytes between two blank
 * lines, where a line ends in CRLF, LF or CR (the SSE grammar). An event over `limit` errors the stream.
 */
function capEachEvent(
  limit: number,
  onTooLarge: (error: MessageTooLargeError) => void,
): TransformStream<Uint8Array, Uint8Array> {
  let eventBytes = 0
  let lineBytes = 0
  let afterCR = false
  return new TransformStream({
    transform(chunk, controller) {
      for (let i = 0; i < chunk.length; i++) {
        const byte = chunk[i]
        eventBytes++
        if (byte === LF && afterCR) {
          // The LF of a CRLF: the line already ended at the CR.
          afterCR = false
        } else if (byte === LF || byte === CR) {
          afterCR = byte === CR
          if (lineBytes === 0) eventBytes = 0
          lineBytes = 0
        } else {
          afterCR = false
          lineBytes++
        }
        if (eventBytes > limit) {
          const error = new MessageTooLargeError(limit, 'event')
          controller.error(error)
          onTooLarge(error)
          return
        }
      }
      controller.enqueue(chunk)
    },
  })
}
