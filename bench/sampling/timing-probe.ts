import { performance } from 'node:perf_hooks'

/** performance.now() at each step of one sampling request (requests run one at a time). */
export interface RequestTimes {
  /** MRTR: the caller sent tools/call. */
  called?: number
  /**
   * The createMessage reached the client: the host's MCP client (host path), streamText was called (direct),
   * or the tools/call's `input_required` result carrying it reached the host's or the bare client (MRTR).
   */
  arrived?: number
  /** The provider request left: the ai-sdk client called fetch. */
  fetched?: number
  /** The bytes carrying the first token reached the ai-sdk client's SSE reader. */
  token?: number
  /** The first token came out: the host's stream event (host path) or the first text-delta (direct). */
  streamed?: number
  /** MRTR: the retried tools/call, carrying the completion in `inputResponses`, reached the server. */
  retried?: number
  /** The server had the createMessage result (host path), the stream finished (direct), or the tool result
   *  reached the caller (MRTR). */
  answered?: number
}

export type RequestStep = keyof RequestTimes

/** The times with every step of `steps` stamped, or an error naming the missing ones. */
export function requireSteps<S extends RequestStep>(
  times: RequestTimes,
  steps: readonly S[],
  path: string,
): RequestTimes & Required<Pick<RequestTimes, S>> {
  const missing = steps.filter((step) => times[step] === undefined)
  if (missing.length > 0) throw new Error(`${path}: no timestamp for ${missing.join(', ')}`)
  return times as RequestTimes & Required<Pick<RequestTimes, S>>
}

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
