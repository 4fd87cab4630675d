// The MRTR path of the sampling benchmark: one tools/call whose server answers `input_required` with a
// `sampling/createMessage`, fulfilled with a one-token completion, retried, and answered. Through the host
// (its ServerConnection, the call the CLI makes; DeskClient; the sampling engine, policy allow) against a
// bare SDK v2 Client whose sampling handler calls streamText on the same ai-sdk model.
import { performance } from 'node:perf_hooks'
import { Client, type CallToolResult, type SamplingMessage } from '@modelcontextprotocol/client'
import type { LanguageModel, ModelMessage } from 'ai'
import { MODERN_PROTOCOL_VERSION } from '../../src/main/core/mcp/protocol-era'
import { linkMrtrBenchServer, MRTR_TOOL } from './mrtr-bench-server'
import type { SamplingBenchHost } from './sampling-bench-host'
import { streamCompletion, TOKEN } from './sampling-runs'
import { requireSteps, type RequestTimes, type TimingProbe } from './timing-probe'

const ARGS = { text: 'the benchmark' }
const STEPS = ['called', 'arrived', 'fetched', 'token', 'retried', 'answered'] as const
export type MrtrTimes = Required<Pick<RequestTimes, (typeof STEPS)[number]>>

export interface BareMrtrClient {
  client: Client
  close(): Promise<void>
}

/** The sampling messages' text as ai-sdk messages: all a bare client needs for a text-only request. */
function modelMessages(messages: readonly SamplingMessage[]): ModelMessage[] {
  return messages.map((message) => {
    const blocks = Array.isArray(message.content) ? message.content : [message.content]
    const text = blocks.map((block) => (block.type === 'text' ? block.text : '')).join('')
    return message.role === 'user' ? { role: 'user', content: text } : { role: 'assistant', content: text }
  })
}

/**
 * A plain v2 Client (auto-negotiated to 2026-07-28, the SDK's own auto-fulfilment of `input_required`)
 * connected to its own instance of the MRTR server; throws when the era is not 2026-07-28.
 */
export async function startBareMrtrClient(model: LanguageModel, probe: TimingProbe): Promise<BareMrtrClient> {
  const linked = linkMrtrBenchServer(probe)
  const client = new Client(
    { name: 'bench-bare-client', version: '1.0.0' },
    { capabilities: { sampling: {} }, versionNegotiation: { mode: 'auto' } },
  )
  client.setRequestHandler('sampling/createMessage', async (request) => {
    const text = await streamCompletion(model, probe, modelMessages(request.params.messages))
    return { role: 'assistant', content: { type: 'text', text }, model: 'mock-model', stopReason: 'endTurn' }
  })
  await client.connect(linked.clientSide)
  const version = client.getNegotiatedProtocolVersion()
  if (version !== MODERN_PROTOCOL_VERSION) {
    await client.close()
    throw new Error(`the bare client negotiated ${version ?? 'nothing'}, not ${MODERN_PROTOCOL_VERSION}`)
  }
  // What a client does before calling tools (the host did it on connect).
  await client.listTools()
  return {
    client,
    close: async () => {
      await client.close()
      await linked.close()
    },
  }
}

/**
 * The tool's answer must be the completion, and the stamps must show an `input_required` result and a
 * retry: without them the call did not take the MRTR path (a 2025 server would shim it into a request).
 */
function checked(times: RequestTimes, result: CallToolResult, path: string): MrtrTimes {
  const text = result.content.map((block) => (block.type === 'text' ? block.text : '')).join('')
  if (result.isError === true || text !== TOKEN) {
    throw new Error(`${path}: unexpected tool result ${JSON.stringify(result)}`)
  }
  return requireSteps(times, STEPS, path)
}

/** Through the host: its connection's callTool, the same call as `mcp-desk call`. */
export async function hostMrtrRequest(host: SamplingBenchHost, probe: TimingProbe): Promise<MrtrTimes> {
  host.mock.enqueue({ kind: 'text', chunks: [TOKEN] })
  const times = probe.begin()
  times.called = performance.now()
  const result = await host.mrtr.callTool(MRTR_TOOL, ARGS)
  times.answered = performance.now()
  return checked(times, result, 'host MRTR path')
}

/** The baseline: the bare v2 client's callTool, which runs the same rounds inside the SDK. */
export async function bareMrtrRequest(
  host: SamplingBenchHost,
  bare: BareMrtrClient,
  probe: TimingProbe,
): Promise<MrtrTimes> {
  host.mock.enqueue({ kind: 'text', chunks: [TOKEN] })
  const times = probe.begin()
  times.called = performance.now()
  const result = await bare.client.callTool({ name: MRTR_TOOL, arguments: ARGS })
  times.answered = performance.now()
  return checked(times, result, 'bare MRTR path')
}

/** The intervals of one MRTR call, in milliseconds. */
export interface MrtrIntervals {
  /** tools/call sent → its `input_required` result reached the client. */
  toInput: number
  /** The `input_required` result reached the client → the provider request left. */
  toRequest: number
  /** The first token's bytes reached the ai-sdk client → the retry (with the completion) reached the server. */
  tokenToRetry: number
  /** The retry reached the server → the tool result reached the caller. */
  retryToResult: number
  /** tools/call sent → the tool result reached the caller. */
  total: number
  /**
   * `total` less the provider's part (request left → first token's bytes back), which is the same mock on
   * loopback for both contenders and whose rare stalls would otherwise decide the tail: the MCP side's time.
   */
  outsideProvider: number
}

export function mrtrIntervalsOf(times: MrtrTimes): MrtrIntervals {
  return {
    toInput: times.arrived - times.called,
    toRequest: times.fetched - times.arrived,
    tokenToRetry: times.retried - times.token,
    retryToResult: times.answered - times.retried,
    total: times.answered - times.called,
    outsideProvider: times.answered - times.called - (times.token - times.fetched),
  }
}
