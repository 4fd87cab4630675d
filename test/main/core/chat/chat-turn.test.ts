// The agent loop against the real mock OpenAI provider and the real stdio fixture MCP server: approval
// gates every send, each approved call reaches the server exactly once, the per-turn limit holds, and Stop
// reaches both the provider request and an in-flight tool call.
import { createOpenAICompatible } from '@ai-sdk/openai-compatible'
import type { JSONRPCMessage } from '@modelcontextprotocol/server'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  type ApprovalAnswer,
  type ChatToolTarget,
  type ChatTurnInput,
  type ChatTurnTool,
  runChatTurn,
} from '../../../../src/main/core/chat/chat-turn'
import { defaultTransportOpener } from '../../../../src/main/core/mcp/default-transport-opener'
import { ServerConnection } from '../../../../src/main/core/mcp/server-connection'
import { callToolOnce, UNKNOWN_OUTCOME_NOTE } from '../../../../src/main/core/tools/tool-call-outcome'
import {
  type TranscriptRecordInput,
  transcriptRecordSchema,
} from '../../../../src/shared/chat/transcript-schema'
import { mcpLimitsSchema, serverConfigSchema } from '../../../../src/shared/settings/settings-schema'
import { startMockOpenAI, type MockOpenAI } from '../../../fixtures/mock-openai'
import { spawnCommandFor } from '../../../support/spawn-command'

const echoTool: ChatTurnTool = {
  exposedName: 'mcp_fixture_echo',
  description: 'Returns the given text unchanged',
  inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  target: { serverId: 'fixture', toolName: 'echo' },
}
const slowTool: ChatTurnTool = {
  exposedName: 'mcp_fixture_slow',
  description: 'Waits',
  inputSchema: { type: 'object', properties: { ms: { type: 'number' } }, required: ['ms'] },
  target: { serverId: 'fixture', toolName: 'slow' },
}

let mock: MockOpenAI
let connection: ServerConnection
/** tools/call requests as written to the server's transport. */
let sentCalls: string[]

beforeEach(async () => {
  mock = await startMockOpenAI()
  const { command, args } = spawnCommandFor('fixture')
  const config = serverConfigSchema.parse({
    id: 'fixture',
    name: 'fixture',
    transport: 'stdio',
    command,
    args,
  })
  const sent: string[] = []
  sentCalls = sent
  connection = new ServerConnection(config, {
    opener: (cfg, values, limits) => {
      const opened = defaultTransportOpener(cfg, values, limits)
      const send = opened.transport.send.bind(opened.transport)
      opened.transport.send = (message: JSONRPCMessage, options) => {
        if ('method' in message && message.method === 'tools/call') {
          sent.push(String((message.params as { name?: unknown } | undefined)?.name))
        }
        return send(message, options)
      }
      return opened
    },
    resolveValues: () => ({}),
    limits: () => mcpLimitsSchema.parse({}),
    clientInfo: { name: 'chat-turn-test', version: '0.0.0' },
    onChange: () => {},
    log: () => {},
  })
  await connection.connect()
  expect(connection.status).toBe('connected')
})

afterEach(async () => {
  await connection.disconnect()
  await mock.close()
})

interface TurnOptions {
  approve?: (exposedName: string) => ApprovalAnswer
  controller?: AbortController
  onText?: (delta: string) => void
  onCallStarted?: () => void
  tools?: ChatTurnTool[]
  userText?: string
}

function turn(records: TranscriptRecordInput[], options: TurnOptions = {}): ReturnType<typeof runChatTurn> {
  const provider = createOpenAICompatible({ name: 'mock', baseURL: mock.url, apiKey: 'test-key' })
  const controller = options.controller ?? new AbortController()
  const input: ChatTurnInput = {
    conversationId: 'conv',
    modelRef: 'mock/mock-model',
    history: [],
    userText: options.userText ?? 'Use the tools',
    tools: options.tools ?? [echoTool],
    languageModel: provider('mock-model'),
    callTool: (target: ChatToolTarget, args, signal) => {
      options.onCallStarted?.()
      return callToolOnce(connection, target.toolName, args, {
        modelAccepts: { image: false, audio: false },
        signal,
      })
    },
    approve: (call) => Promise.resolve((options.approve ?? (() => 'approve'))(call.exposedName)),
    record: (record) => records.push(record),
    signal: controller.signal,
    ...(options.onText ? { onText: options.onText } : {}),
  }
  return runChatTurn(input)
}

/** The tool messages the client sent in a recorded request. */
async function toolMessagesOf(requestIndex: number): Promise<unknown[]> {
  const request = await mock.waitForRequest(requestIndex)
  const body = request.body as { messages: Array<{ role: string }> }
  return body.messages.filter((m) => m.role === 'tool')
}

const stamp = (r: TranscriptRecordInput) => ({ v: 1, at: new Date().toISOString(), ...r })

describe('runChatTurn', () => {
  it('approve sends exactly one call and feeds the result back; deny sends nothing and says so', async () => {
    const records: TranscriptRecordInput[] = []
    mock.enqueue(
      {
        kind: 'tool_calls',
        calls: [{ id: 'call_1', name: 'mcp_fixture_echo', arguments: '{"text":"hello"}' }],
      },
      { kind: 'text', chunks: ['The server ', 'said hello'] },
    )
    const deltas: string[] = []
    const first = await turn(records, { onText: (d) => deltas.push(d) })
    expect(first).toMatchObject({ status: 'completed', toolCalls: 1, unknownOutcome: false })
    expect(sentCalls).toEqual(['echo'])
    expect(await toolMessagesOf(2)).toEqual([{ role: 'tool', tool_call_id: 'call_1', content: 'hello' }])
    expect(deltas.join('')).toBe('The server said hello')
    const turnId = first.turnId
    expect(records).toEqual([
      { type: 'turn', turnId, status: 'started' },
      { type: 'user', turnId, text: 'Use the tools' },
      {
        type: 'tool_call',
        turnId,
        callId: 'call_1',
        exposedName: 'mcp_fixture_echo',
        serverId: 'fixture',
        toolName: 'echo',
        arguments: { text: 'hello' },
      },
      { type: 'tool_result', turnId, callId: 'call_1', state: 'completed', text: 'hello', attachments: [] },
      { type: 'assistant', turnId, step: 1, text: 'The server said hello' },
      { type: 'turn', turnId, status: 'completed' },
    ])
    // Every record is one the transcript store accepts.
    for (const r of records) expect(transcriptRecordSchema.safeParse(stamp(r)).success).toBe(true)

    const denied: TranscriptRecordInput[] = []
    mock.enqueue(
      {
        kind: 'tool_calls',
        calls: [{ id: 'call_2', name: 'mcp_fixture_echo', arguments: '{"text":"again"}' }],
      },
      { kind: 'text', chunks: ['understood'] },
    )
    const second = await turn(denied, { approve: () => 'deny' })
    expect(second).toMatchObject({ status: 'completed', toolCalls: 1 })
    expect(sentCalls).toEqual(['echo'])
    expect(await toolMessagesOf(4)).toEqual([
      {
        role: 'tool',
        tool_call_id: 'call_2',
        content: '[denied] The user denied this tool call; nothing was sent to the server.',
      },
    ])
    expect(denied.find((r) => r.type === 'tool_result')).toMatchObject({ state: 'denied' })
  })

  it('marks a step the model stopped at its output limit as cut off, and only that one', async () => {
    mock.enqueue({ kind: 'text', chunks: ['The first half of'], finishReason: 'length' })
    const records: TranscriptRecordInput[] = []
    await turn(records, { tools: [] })
    mock.enqueue({ kind: 'text', chunks: ['A whole answer.'] })
    await turn(records, { tools: [] })
    const answers = records.filter((record) => record.type === 'assistant')
    expect(answers).toEqual([
      expect.objectContaining({ text: 'The first half of', cutOff: true }),
      expect.not.objectContaining({ cutOff: expect.anything() as unknown }),
    ])
  })

  it('runs 16 tool calls, does not execute the 17th, and ends the turn with a note', async () => {
    const records: TranscriptRecordInput[] = []
    const calls = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => ({
        id: `call_${from + i}`,
        name: 'mcp_fixture_echo',
        arguments: JSON.stringify({ text: `n${from + i}` }),
      }))
    mock.enqueue(
      { kind: 'tool_calls', calls: calls(1, 10) },
      { kind: 'tool_calls', calls: calls(11, 7) },
      { kind: 'text', chunks: ['never requested'] },
    )
    const result = await turn(records)
    expect(result).toMatchObject({ status: 'completed', toolCalls: 16 })
    expect(sentCalls).toHaveLength(16)
    const callIds = records.flatMap((r) => (r.type === 'tool_call' ? [r.callId] : []))
    expect(callIds).toEqual(calls(1, 16).map((c) => c.id))
    expect(records.at(-2)).toEqual({
      type: 'note',
      turnId: result.turnId,
      text: 'turn ended: 16 tool calls is the limit',
    })
    expect(records.at(-1)).toMatchObject({ type: 'turn', status: 'completed' })
  })

  it('Stop during a stalled provider stream aborts the request and cancels the turn', async () => {
    const records: TranscriptRecordInput[] = []
    const controller = new AbortController()
    mock.enqueue({ kind: 'stall', afterChunks: ['thinking'] })
    const result = await turn(records, { controller, onText: () => controller.abort() })
    expect(result).toMatchObject({ status: 'cancelled', toolCalls: 0, unknownOutcome: false })
    expect(await mock.waitForDisconnect()).toMatchObject({ requestIndex: 1, scriptKind: 'stall' })
    expect(records.map((r) => r.type)).toEqual(['turn', 'user', 'assistant', 'turn'])
    expect(records.at(-1)).toMatchObject({ type: 'turn', status: 'cancelled' })
  })

  it('Stop during an in-flight tool call ends it unknown, without a retry, and cancels the turn', async () => {
    const records: TranscriptRecordInput[] = []
    const controller = new AbortController()
    mock.enqueue({
      kind: 'tool_calls',
      calls: [{ id: 'call_slow', name: 'mcp_fixture_slow', arguments: '{"ms":60000}' }],
    })
    const result = await turn(records, {
      controller,
      tools: [slowTool],
      // Abort once the request is on the wire, so the server really has it.
      onCallStarted: () => void waitFor(() => sentCalls.length === 1).then(() => controller.abort()),
    })
    expect(result).toMatchObject({ status: 'cancelled', toolCalls: 1, unknownOutcome: true })
    expect(sentCalls).toEqual(['slow'])
    const toolResult = records.find((r) => r.type === 'tool_result')
    expect(toolResult).toMatchObject({ state: 'unknown' })
    expect(toolResult && 'text' in toolResult ? toolResult.text : '').toContain(UNKNOWN_OUTCOME_NOTE)
    expect(records.at(-1)).toMatchObject({ type: 'turn', status: 'cancelled' })
    // The model is not asked again after Stop.
    expect(mock.requests).toHaveLength(1)
  })

  it('a provider error ends the turn as error with the reason recorded', async () => {
    const records: TranscriptRecordInput[] = []
    mock.enqueue({ kind: 'http_error', status: 401 })
    const result = await turn(records)
    expect(result.status).toBe('error')
    expect(result.error).toContain('Incorrect API key')
    expect(records.at(-1)).toMatchObject({ type: 'turn', status: 'error' })
    expect(sentCalls).toEqual([])
  })
})

/** Polls a condition with a deadline (there is no event for "the transport wrote the request"). */
async function waitFor(condition: () => boolean, deadlineMs = 5000): Promise<void> {
  const end = Date.now() + deadlineMs
  while (!condition()) {
    if (Date.now() > end) throw new Error('condition not met before the deadline')
    await new Promise((resolve) => setImmediate(resolve))
  }
}
