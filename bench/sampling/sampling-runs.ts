import { performance } from 'node:perf_hooks'
import { streamText, type LanguageModel, type ModelMessage } from 'ai'
import type { SamplingBenchHost } from './sampling-bench-host'
import { requireSteps, type RequestTimes, type TimingProbe } from './timing-probe'

/** The one-token completion every request gets; also what the timing fetch looks for in the body. */
export const TOKEN = 'Hello'
export const TOKEN_MARKER = `"content":"${TOKEN}"`
export const PROMPT = 'Say hello'

const STEPS = ['arrived', 'fetched', 'token', 'streamed', 'answered'] as const
export type CompleteTimes = Required<Pick<RequestTimes, (typeof STEPS)[number]>>

const complete = (times: RequestTimes, path: string): CompleteTimes => requireSteps(times, STEPS, path)

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
  const text = await streamCompletion(host.directModel, probe, [{ role: 'user', content: PROMPT }])
  times.answered = performance.now()
  if (text !== TOKEN) throw new Error(`direct path: unexpected answer ${JSON.stringify(text)}`)
  return complete(times, 'direct path')
}

/**
 * One `streamText` run read to its end, stamping `streamed` at the first text-delta: the direct baseline,
 * and the bare MRTR client's sampling handler.
 */
export async function streamCompletion(
  model: LanguageModel,
  probe: TimingProbe,
  messages: ModelMessage[],
): Promise<string> {
  const result = streamText({ model, messages, maxOutputTokens: 16, onError: () => {} })
  let text = ''
  for await (const part of result.fullStream) {
    if (part.type === 'text-delta' && part.text.length > 0) {
      probe.mark('streamed')
      text += part.text
    } else if (part.type === 'error') {
      throw part.error instanceof Error ? part.error : new Error(String(part.error))
    }
  }
  return text
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
