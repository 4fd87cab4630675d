import { performance } from 'node:perf_hooks'

/** performance.now() at each step of one sampling request (requests run one at a time). */
export interface RequestTimes {
  /** The createMessage reached the host's MCP client (host path) or streamText was called (direct). */
  arrived?: number
  /** The provider request left: the ai-sdk client called fetch. */
  fetched?: number
  /** The bytes carrying the first token reached the ai-sdk client's SSE reader. */
  token?: number
  /** The first token came out: the host's stream event (host path) or the first text-delta (direct). */
  streamed?: number
  /** The server had the createMessage result (host path) or the stream finished (direct). */
  answered?: number
}

export type RequestStep = keyof RequestTimes

/** Where the hooks (transport, fetch, stream events) stamp the request in flight; the first stamp counts. */
export class TimingProbe {
  #current: RequestTimes | undefined

  begin(): RequestTimes {
    this.#current = {}
    return this.#current
  }

  mark(step: RequestStep): void {
    if (this.#current && this.#current[step] === undefined) this.#current[step] = performance.now()
  }
}

/**
 * A fetch that stamps `fetched` when called and `token` when the response body first carries `marker`,
 * passing everything through unchanged. Both contenders use it, so its own small cost cancels out.
 */
export function timingFetch(probe: TimingProbe, marker: string): typeof fetch {
  return async (input, init) => {
    probe.mark('fetched')
    const response = await fetch(input, init)
    if (!response.body) return response
    const decoder = new TextDecoder()
    let seen = false
    const body = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          if (!seen && decoder.decode(chunk, { stream: true }).includes(marker)) {
            seen = true
            probe.mark('token')
          }
          controller.enqueue(chunk)
        },
      }),
    )
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    })
  }
}
