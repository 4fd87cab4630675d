import { performance } from 'node:perf_hooks'
import { streamText } from 'ai'
import type { SamplingBenchHost } from './sampling-bench-host'
import type { RequestTimes, TimingProbe } from './timing-probe'

/** The one-token completion every request gets; also what the timing fetch looks for in the body. */
export const TOKEN = 'Hello'
export const TOKEN_MARKER = `"content":"${TOKEN}"`
const PROMPT = 'Say hello'

export type CompleteTimes = Required<RequestTimes>

function complete(times: RequestTimes, path: string): CompleteTimes {
  const missing = (['arrived', 'fetched', 'token', 'streamed', 'answered'] as const).filter(
    (step) => times[step] === undefined,
  )
  if (missing.length > 0) throw new Error(`${path}: no timestamp for ${missing.join(', ')}`)
  return times as CompleteTimes
}

/** Through the host: the in-process server sends sampling/createMessage, policy allow. */
export async function hostRequest(host: SamplingBenchHost, probe: TimingProbe): Promise<CompleteTimes> {
  host.mock.enqueue({ kind: 'text', chunks: [TOKEN] })
  const times = probe.begin()
  const result = await host.server.server.createMessage({
    messages: [{ role: 'user', content: { type: 'text', text: PROMPT } }],
    maxTokens: 16,
  })
  times.answered = performance.now()
  const content = result.content as { type: string; text?: string }
  if (content.text !== TOKEN) throw new Error(`host path: unexpected answer ${JSON.stringify(result)}`)
  return complete(times, 'host path')
}

/** The baseline: the same ai-sdk model called directly, as a program without the host would. */
export async function directRequest(host: SamplingBenchHost, probe: TimingProbe): Promise<CompleteTimes> {
  host.mock.enqueue({ kind: 'text', chunks: [TOKEN] })
  const times = probe.begin()
  times.arrived = performance.now()
  const result = streamText({
    model: host.directModel,
    messages: [{ role: 'user', content: PROMPT }],
    maxOutputTokens: 16,
    onError: () => {},
  })
  let text = ''
  for await (const part of result.fullStream) {
    if (part.type === 'text-delta' && part.text.length > 0) {
      probe.mark('streamed')
      text += part.text
    } else if (part.type === 'error') {
      throw part.error instanceof Error ? part.error : new Error(String(part.error))
    }
  }
  times.answered = performance.now()
  if (text !== TOKEN) throw new Error(`direct path: unexpected answer ${JSON.stringify(text)}`)
  return complete(times, 'direct path')
}

/** The intervals the benchmark reports, in milliseconds, per request. */
export interface Intervals {
  /** createMessage arrived (or the call was made) → the provider request left. */
  toRequest: number
  /** The first token's bytes reached the client → the stream event / first text-delta. */
  relay: number
  /** The first token's bytes reached the client → the server had the result (or the stream ended). */
  tokenToAnswer: number
  /** createMessage arrived → the server had the result. */
  total: number
}

export function intervalsOf(times: CompleteTimes): Intervals {
  return {
    toRequest: times.fetched - times.arrived,
    relay: times.streamed - times.token,
    tokenToAnswer: times.answered - times.token,
    total: times.answered - times.arrived,
  }
}
