// Provider faults (issue 12): a provider that stalls after its headers, drips one byte a second, answers
// HTTP 500 or 429, sends SSE that is not JSON, or cuts the connection mid-stream. A sampling request must
// be answered with the documented JSON-RPC error (and recorded in the activity log the window shows), a
// chat turn must end `error` with its reason (the transcript's "Turn failed" row), the host must close
// every provider connection, and the next request must work. Renderer side:
// test/renderer/components/provider-fault-presentation.test.tsx.
import { ProtocolError } from '@modelcontextprotocol/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  MODEL_REF,
  PROVIDER_FAULTS,
  STALL_TIMEOUT_MS,
  type ProviderFaultCase,
} from './support/provider-fault-cases'
import { SAMPLER_ID, startProviderFaultHost, type ProviderFaultHost } from './support/provider-fault-host'

let host: ProviderFaultHost

beforeAll(async () => {
  host = await startProviderFaultHost({ chunkTimeoutMs: STALL_TIMEOUT_MS })
})

afterAll(async () => {
  await host?.close()
})

function createMessage() {
  return host.sampler.server.createMessage({
    messages: [{ role: 'user', content: { type: 'text', text: 'Say hello' } }],
    maxTokens: 50,
  })
}

async function samplingError(): Promise<ProtocolError> {
  const error = await createMessage().then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(ProtocolError)
  return error as ProtocolError
}

function useChunkTimeout(fault: ProviderFaultCase): void {
  host.composed.providers.update('faulty', {
    preset: 'custom',
    apiKey: { keep: true },
    chunkTimeoutMs: fault.chunkTimeoutMs,
  })
}

describe.each(PROVIDER_FAULTS)('provider fault: $name', (fault) => {
  it('answers the sampling request with the documented error and records it for the activity view', async () => {
    useChunkTimeout(fault)
    const before = host.provider.requests.length
    for (let attempt = 0; attempt < fault.sampling.attempts; attempt += 1) host.provider.enqueue(fault.script)
    const activity = host.nextActivity()

    const error = await samplingError()
    expect(error.code).toBe(fault.sampling.code)
    // SDK v2 sends and reads the host's message as it is (v1 put "MCP error <code>:" before it).
    expect(error.message).toBe(fault.sampling.message)
    if (fault.sampling.data) expect(error.data).toEqual(fault.sampling.data)
    expect(host.provider.requests.length - before).toBe(fault.sampling.attempts)

    expect(await activity).toMatchObject({
      serverId: SAMPLER_ID,
      decision: 'allowed',
      model: MODEL_REF,
      outcome: fault.sampling.outcome,
      errorCode: fault.sampling.code,
      message: fault.sampling.message,
    })
    if (fault.script.kind === 'byte_drip') {
      // Bytes kept coming (one a second) and still it counted as a stall: only model output is life.
      const dripped = host.provider.requests.at(-1)!.bytesSent
      expect(dripped).toBeGreaterThanOrEqual(1)
      expect(dripped).toBeLessThan(20)
    }
    // The host closed the provider connection it gave up on, and the next request is served.
    await host.provider.idle()
    host.provider.enqueue({ kind: 'text', chunks: ['Hello', ' again'] })
    const next = await createMessage()
    expect(next.content).toEqual({ type: 'text', text: 'Hello again' })
  })

  it('ends the chat turn as an error with its reason, in the event and the transcript', async () => {
    useChunkTimeout(fault)
    const before = host.provider.requests.length
    host.provider.enqueue(fault.script)

    const { conversationId, ended } = await host.chatTurn('Say hello')
    expect(ended).toMatchObject({ state: 'error', error: fault.sampling.message, unknownOutcome: false })
    expect(host.provider.requests.length - before).toBe(1)
    const view = await host.call('chat:open', { id: conversationId })
    expect(view.records.at(-1)).toMatchObject({
      type: 'turn',
      status: 'error',
      reason: fault.sampling.message,
    })
    expect(view.runningTurnId).toBeUndefined()

    await host.provider.idle()
    host.provider.enqueue({ kind: 'text', chunks: ['Fine', ' now'] })
    const { turnId } = await host.call('chat:send', { id: conversationId, text: 'Try again' })
    const retried = await host.waitFor('chat:turn', (e) => e.turnId === turnId && e.state !== 'running')
    expect(retried.state).toBe('completed')
  })
})

describe('a chat turn under a short chunk timeout', () => {
  it('does not count the wait for a tool-call approval as a stall', async () => {
    useChunkTimeout(PROVIDER_FAULTS[0]!)
    host.provider.enqueue(
      {
        kind: 'tool_calls',
        calls: [{ id: 'c1', name: `mcp_${SAMPLER_ID}_echo`, arguments: '{"text":"hi"}' }],
      },
      { kind: 'text', chunks: ['Echoed.'] },
    )
    const { id } = await host.call('chat:create', {})
    const { turnId } = await host.call('chat:send', { id, text: 'Echo hi' })
    const { cards } = await host.waitFor('chat:tool-calls', (event) => event.cards.length === 1)
    // The card stays unanswered past the chunk timeout (a deadline, not a measurement): the user is slow,
    // the model is not stalled, since the stall watchdog only runs while a model step streams.
    await new Promise((resolve) => setTimeout(resolve, STALL_TIMEOUT_MS + 500))
    await host.call('chat:decide-tool-call', { id: cards[0]!.id, decision: 'approve' })
    const ended = await host.waitFor('chat:turn', (e) => e.turnId === turnId && e.state !== 'running')
    expect(ended).toMatchObject({ state: 'completed' })
  })
})
