import { SSEClientTransport, SseError } from '@modelcontextprotocol/client'
import type { FetchLike } from '@modelcontextprotocol/client'
import { createGuardedFetch } from './guarded-fetch'
import { describeRemoteFailure, type RemoteFailureContext } from './remote-failure'
import { checkRemoteHeaders } from './remote-headers'
import { RemoteUrlRefusedError } from './remote-transport'
import { checkRemoteUrl, redactUrl } from './remote-url-policy'

/**
 * The legacy HTTP+SSE transport (spec 2024-11-05) for servers configured as `sse`: a GET opens an event
 * stream whose first event names the endpoint the client POSTs its messages to. It gets what Streamable
 * HTTP gets: the URL policy before any request, the configured headers checked and sent on the GET and
 * every POST, and every request through the guarded fetch (no redirects, messages capped). The SDK keeps
 * the endpoint to the configured URL's origin.
 *
 * Unlike Streamable HTTP, the session lives exactly as long as the event stream: the SDK's EventSource
 * would quietly reopen a dropped stream, get a new session it never initialised and carry on, so here a
 * stream that ends closes the transport with that reason and the connection reports it.
 */
export interface LegacySseTransportOptions {
  url: string
  /** Header values already resolved from the secret store; they go on every request and nowhere else. */
  headers: Record<string, string>
  maxMessageBytes: number
  /** How long `start()` waits for the endpoint event before failing (the connect timeout). */
  endpointTimeoutMs: number
  /** The fetch under the guard; the pinned one (see pinned-fetch.ts) unless a test injects another. */
  fetch?: FetchLike
  /** Wraps the guarded fetch for the GET and the POSTs alike, e.g. with OAuth (see oauth/oauth-fetch.ts). */
  wrapFetch?: (guarded: FetchLike) => FetchLike
}

/** The server opened the event stream but never said where to send messages. */
export class LegacySseEndpointTimeoutError extends Error {
  override readonly name = 'LegacySseEndpointTimeoutError'

  constructor(target: string, timeoutMs: number) {
    super(
      `${target} sent no endpoint event within ${timeoutMs} ms; is it a legacy SSE MCP server ` +
        '(a Streamable HTTP server needs the transport "http")?',
    )
  }
}

/** The event stream ended after the session started: a legacy SSE session cannot be resumed. */
export class LegacySseStreamEndedError extends Error {
  override readonly name = 'LegacySseStreamEndedError'

  constructor(target: string, detail: string | undefined) {
    super(
      `the event stream from ${target} ended${detail === undefined ? '' : ` (${detail})`}; a legacy SSE ` +
        'session ends with its stream, so the connection closed',
    )
  }
}

interface StreamHooks {
  target: string
  endpointTimeoutMs: number
  secretValues: readonly string[]
}

export class LegacySseTransport extends SSEClientTransport {
  readonly #hooks: StreamHooks
  #started = false
  #open = false
  #ended = false
  #failure: Error | undefined
  /** What broke the last GET of the event stream: the SDK only passes its message on. */
  #streamError: unknown

  constructor(url: URL, options: ConstructorParameters<typeof SSEClientTransport>[1], hooks: StreamHooks) {
    super(url, options)
    this.#hooks = hooks
  }

  /** Why the transport ended on its own (stream ended, message too large); undefined when it did not. */
  get failure(): Error | undefined {
    return this.#failure
  }

  /**
   * Waits for the endpoint event at most `endpointTimeoutMs`, and rejects with what really broke the GET
   * (a refused redirect, a refused connection, a sign-in the server requires) rather than the SDK's
   * "SSE error: <its message>", so callers can tell those apart.
   */
  override async start(): Promise<void> {
    // A second start is the SDK's "already started" error, not a reason to close the running stream.
    if (this.#started) return super.start()
    this.#started = true
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<never>((_, reject) => {
      const { target, endpointTimeoutMs } = this.#hooks
      timer = setTimeout(
        () => reject(new LegacySseEndpointTimeoutError(target, endpointTimeoutMs)),
        endpointTimeoutMs,
      )
    })
    try {
      await Promise.race([super.start(), timeout])
      this.#open = true
    } catch (error) {
      const cause = error instanceof SseError && this.#streamError !== undefined ? this.#streamError : error
      // Otherwise the EventSource keeps retrying the GET every few seconds.
      await this.close()
      throw cause
    } finally {
      clearTimeout(timer)
    }
  }

  override async close(): Promise<void> {
    if (this.#ended) return
    this.#ended = true
    await super.close()
  }

  /** One line for the servers panel: what broke, never a header value or a URL's query. */
  describeFailure(error: unknown): string {
    const context: RemoteFailureContext = { url: this.#hooks.target, secretValues: this.#hooks.secretValues }
    const source = this.#failure ?? error
    if (source instanceof SseError && source.code !== undefined) {
      return describeRemoteFailure(new Error(describeStreamStatus(source.code, this.#hooks.target)), context)
    }
    const posted = /^Error POSTing to endpoint \(HTTP (\d+)\): ?(.*)$/s.exec(messageOf(source))
    if (posted) {
      const line = describePostStatus(Number(posted[1]), posted[2] ?? '')
      return describeRemoteFailure(new Error(line), context)
    }
    return describeRemoteFailure(source, context)
  }

  /** Fails the connection: `onerror`, then `onclose`, so the requests it carried do not wait forever. */
  fail(error: Error): void {
    if (this.#ended) return
    this.#failure ??= error
    this.onerror?.(error)
    void this.close()
  }

  /** @internal The GET of the event stream answered (whatever the status). */
  streamAnswered(): void {
    this.#streamError = undefined
  }

  /** @internal The GET of the event stream threw before an answer. */
  streamFailed(error: unknown): void {
    this.#streamError = error
  }

  /** @internal The event stream's body ended or broke; before the endpoint event the SDK reports it. */
  streamEnded(error: unknown): void {
    if (!this.#open || this.#ended) return
    const detail = error === undefined ? undefined : describeRemoteFailure(error, { url: this.#hooks.target })
    this.fail(new LegacySseStreamEndedError(this.#hooks.target, detail))
  }
}

export function createLegacySseTransport(options: LegacySseTransportOptions): LegacySseTransport {
  const decision = checkRemoteUrl(options.url)
  if (!decision.ok) throw new RemoteUrlRefusedError(decision.reason)
  checkRemoteHeaders(options.headers)

  // `transport` is declared below; these callbacks only run once it has started.
  const guardedFetch = createGuardedFetch({
    maxMessageBytes: options.maxMessageBytes,
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    onEventStreamTooLarge: (error) => transport.fail(error),
  })
  const fetch = options.wrapFetch ? options.wrapFetch(guardedFetch) : guardedFetch
  const streamFetch: FetchLike = async (url, init) => {
    let response: Response
    try {
      response = await fetch(url, init)
    } catch (error) {
      transport.streamFailed(error)
      throw error
    }
    transport.streamAnswered()
    if (!response.ok || response.body === null) return response
    const body = watchEnd(response.body, (error) => transport.streamEnded(error))
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    })
  }
  const transport = new LegacySseTransport(
    decision.url,
    {
      // The SDK sets Accept and the configured headers on the GET itself, then calls this fetch.
      eventSourceInit: { fetch: streamFetch },
      fetch,
      // `redirect: 'manual'` also makes the SDK skip its own same-origin following for the POSTs.
      requestInit: { headers: { ...options.headers }, redirect: 'manual' },
      redirectPolicy: 'same-origin',
    },
    {
      target: redactUrl(decision.url),
      endpointTimeoutMs: options.endpointTimeoutMs,
      secretValues: Object.values(options.headers),
    },
  )
  return transport
}

/** Passes a body through unchanged and says once when it ends: cleanly (undefined) or with its error. */
function watchEnd(
  body: ReadableStream<Uint8Array>,
  onEnd: (error: unknown) => void,
): ReadableStream<Uint8Array> {
  const reader = body.getReader()
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let chunk: Awaited<ReturnType<typeof reader.read>>
      try {
        chunk = await reader.read()
      } catch (error) {
        controller.error(error)
        onEnd(error)
        return
      }
      if (chunk.done) {
        controller.close()
        onEnd(undefined)
      } else controller.enqueue(chunk.value)
    },
    cancel(reason) {
      return reader.cancel(reason)
    },
  })
}

/** The GET that opens the event stream failed with this status (EventSource does not retry those). */
function describeStreamStatus(status: number, target: string): string {
  if (status >= 200 && status < 300) {
    return `${target} did not answer with an event stream (HTTP ${status}); is it a legacy SSE MCP server?`
  }
  switch (status) {
    case 401:
    case 403:
      return `the server refused the credentials (HTTP ${status})`
    case 404:
      return `no legacy SSE endpoint at ${target} (HTTP 404)`
    case 405:
      return `${target} does not accept GET (HTTP 405); a Streamable HTTP server needs the transport "http"`
    default:
      return `${target} answered HTTP ${status}`
  }
}

/** A POST of a message was refused; the server's own words follow, shortened. */
function describePostStatus(status: number, detail: string): string {
  const said = detail.trim() === '' ? '' : `: ${detail.trim().slice(0, 200)}`
  if (status === 401 || status === 403) return `the server refused the credentials (HTTP ${status})${said}`
  return `the message endpoint answered HTTP ${status}${said}`
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message
  return typeof error === 'string' ? error : ''
}
