// Result states of one MCP tool call, against the real fixture server over stdio: every call is sent
// exactly once (counted on the wire), and anything without a trustworthy answer ends as `unknown`.
import { ProtocolError, ProtocolErrorCode, SdkErrorCode, SdkError } from '@modelcontextprotocol/server'
import type { JSONRPCMessage } from '@modelcontextprotocol/server'
import { afterEach, describe, expect, it } from 'vitest'
import { defaultTransportOpener } from '../../../../src/main/core/mcp/default-transport-opener'
import { ServerConnection } from '../../../../src/main/core/mcp/server-connection'
import {
  callToolOnce,
  classifyToolCall,
  OUTPUT_TRUNCATED_MARKER,
  TOOL_OUTPUT_LIMIT_BYTES,
  toolCallOutcomeSchema,
  UNKNOWN_OUTCOME_NOTE,
} from '../../../../src/main/core/tools/tool-call-outcome'
import { mcpLimitsSchema, serverConfigSchema } from '../../../../src/shared/settings/settings-schema'
import { spawnCommandFor } from '../../../support/spawn-command'

const modelAccepts = { image: false, audio: false }

/** A connected stdio fixture whose client-side transport counts the tools/call requests it writes. */
async function connectFixture(limits: Partial<{ maxMessageBytes: number }> = {}) {
  const { command, args } = spawnCommandFor('fixture')
  const config = serverConfigSchema.parse({
    id: 'fixture',
    name: 'fixture',
    transport: 'stdio',
    command,
    args,
  })
  const sentCalls: string[] = []
  const connection = new ServerConnection(config, {
    opener: (cfg, values, lim) => {
      const opened = defaultTransportOpener(cfg, values, lim)
      const send = opened.transport.send.bind(opened.transport)
      opened.transport.send = (message: JSONRPCMessage, options) => {
        if ('method' in message && message.method === 'tools/call') {
          sentCalls.push(String((message.params as { name?: unknown } | undefined)?.name))
        }
        return send(message, options)
      }
      return opened
    },
    resolveValues: () => ({}),
    limits: () => mcpLimitsSchema.parse(limits),
    clientInfo: { name: 'outcome-test', version: '0.0.0' },
    onChange: () => {},
    log: () => {},
  })
  await connection.connect()
  expect(connection.status).toBe('connected')
  return { connection, sentCalls }
}

describe('callToolOnce against the stdio fixture', () => {
  const open: ServerConnection[] = []
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.disconnect()))
  })
  async function fixture(limits?: Partial<{ maxMessageBytes: number }>) {
    const ctx = await connectFixture(limits)
    open.push(ctx.connection)
    return ctx
  }

  it('completes, fails on isError, and cuts oversized output, sending each call exactly once', async () => {
    const { connection, sentCalls } = await fixture()
    const done = await callToolOnce(connection, 'echo', { text: 'hi' }, { modelAccepts })
    expect(done).toEqual({ state: 'completed', text: 'hi', attachments: [], metadata: {} })

    const failed = await callToolOnce(connection, 'fail', { message: 'nope' }, { modelAccepts })
    expect(failed.state).toBe('failed')
    expect(failed.text).toBe('fixture failure: nope')

    const big = 'x'.repeat(TOOL_OUTPUT_LIMIT_BYTES + 5000)
    const cut = await callToolOnce(connection, 'echo', { text: big }, { modelAccepts })
    expect(cut.state).toBe('output_limit')
    expect(cut.text).toBe(`${'x'.repeat(TOOL_OUTPUT_LIMIT_BYTES)}\n${OUTPUT_TRUNCATED_MARKER}`)
    expect(toolCallOutcomeSchema.parse(cut)).toEqual(cut)
    expect(sentCalls).toEqual(['echo', 'fail', 'echo'])
  })

  it('a call with no answer before the timeout is unknown and is not retried', async () => {
    const { connection, sentCalls } = await fixture()
    const outcome = await callToolOnce(connection, 'slow', { ms: 60_000 }, { modelAccepts, timeoutMs: 300 })
    expect(outcome.state).toBe('unknown')
    expect(outcome.text).toBe(`Outcome unknown (no answer within 0.3 s): ${UNKNOWN_OUTCOME_NOTE}.`)
    expect(sentCalls).toEqual(['slow'])
    // The connection survives and the next call is a separate, single send.
    expect((await callToolOnce(connection, 'add', { a: 1, b: 2 }, { modelAccepts })).text).toBe('3')
    expect(sentCalls).toEqual(['slow', 'add'])
  })

  it('the deadline stands still while the server waits on the user, and runs again after', async () => {
    const { connection, sentCalls } = await fixture()
    let waiting = true
    const listeners = new Set<() => void>()
    const wait = {
      isWaiting: (serverId: string) => serverId === 'fixture' && waiting,
      subscribe: (listener: () => void) => {
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
    }
    const userWait = { serverId: 'fixture', wait }
    // Answers after 0.6 s, twice the timeout: it completes because the user was being asked all along.
    const answered = await callToolOnce(
      connection,
      'slow',
      { ms: 600 },
      { modelAccepts, timeoutMs: 300, userWait },
    )
    expect(answered.state).toBe('completed')

    const pending = callToolOnce(
      connection,
      'slow',
      { ms: 60_000 },
      { modelAccepts, timeoutMs: 300, userWait },
    )
    waiting = false
    for (const listener of listeners) listener()
    const outcome = await pending
    expect(outcome.state).toBe('unknown')
    expect(outcome.text).toBe(`Outcome unknown (no answer within 0.3 s): ${UNKNOWN_OUTCOME_NOTE}.`)
    expect(sentCalls).toEqual(['slow', 'slow'])
    expect(listeners.size).toBe(0)
  })

  it('a cancelled call is unknown; one cancelled before sending is failed with nothing sent', async () => {
    const { connection, sentCalls } = await fixture()
    const stop = new AbortController()
    const pending = callToolOnce(connection, 'slow', { ms: 60_000 }, { modelAccepts, signal: stop.signal })
    // Abort once the request is on the wire (polled with a deadline: the write has no event of its own).
    const deadline = Date.now() + 5000
    while (sentCalls.length === 0 && Date.now() < deadline) await new Promise((r) => setImmediate(r))
    stop.abort(new Error('stopped by the user'))
    const outcome = await pending
    expect(outcome.state).toBe('unknown')
    expect(outcome.text).toContain('cancelled')

    const early = await callToolOnce(connection, 'echo', { text: 'x' }, { modelAccepts, signal: stop.signal })
    expect(early.state).toBe('failed')
    expect(sentCalls).toEqual(['slow'])
  })

  it('a server that dies mid-call leaves the outcome unknown, saying it crashed and how', async () => {
    const { connection, sentCalls } = await fixture()
    const outcome = await callToolOnce(connection, 'crash', {}, { modelAccepts })
    expect(outcome.state).toBe('unknown')
    expect(outcome.text).toBe(
      `Outcome unknown (the server crashed: exited with code 3): ${UNKNOWN_OUTCOME_NOTE}.`,
    )
    expect(outcome.crash).toEqual({
      reason: 'exited with code 3: fixture-stdio: crash tool called, exiting with code 3',
      exitCode: 3,
      signal: null,
    })
    expect(sentCalls).toEqual(['crash'])
  })

  it('a response over the message size limit is unknown', async () => {
    const { connection } = await fixture({ maxMessageBytes: 64 * 1024 })
    const outcome = await callToolOnce(connection, 'echo', { text: 'y'.repeat(80 * 1024) }, { modelAccepts })
    expect(outcome.state).toBe('unknown')
    expect(outcome.text).toContain(UNKNOWN_OUTCOME_NOTE)
  })

  it('a server that is not connected gets nothing and the call fails', async () => {
    const { connection, sentCalls } = await fixture()
    await connection.disconnect()
    const outcome = await callToolOnce(connection, 'echo', { text: 'x' }, { modelAccepts })
    expect(outcome).toMatchObject({
      state: 'failed',
      sent: false,
      text: expect.stringContaining('nothing was sent'),
    })
    expect(sentCalls).toEqual([])
  })
})

describe('classifyToolCall', () => {
  it('denied sends nothing and says so', () => {
    expect(classifyToolCall({ kind: 'denied' }, { modelAccepts })).toEqual({
      state: 'denied',
      text: 'The user denied this tool call; nothing was sent to the server.',
      attachments: [],
      metadata: {},
      sent: false,
    })
  })

  it('an error response from the server is failed; timeouts and closes are unknown', () => {
    const serverError = new ProtocolError(ProtocolErrorCode.InvalidParams, 'unknown tool')
    expect(classifyToolCall({ kind: 'threw', error: serverError }, { modelAccepts })).toMatchObject({
      state: 'failed',
      text: expect.stringContaining('unknown tool'),
    })
    const timeout = new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out')
    expect(classifyToolCall({ kind: 'threw', error: timeout }, { modelAccepts }).text).toBe(
      `Outcome unknown (no answer within 30 s): ${UNKNOWN_OUTCOME_NOTE}.`,
    )
    const closed = new SdkError(SdkErrorCode.ConnectionClosed, 'Connection closed')
    expect(classifyToolCall({ kind: 'threw', error: closed }, { modelAccepts }).state).toBe('unknown')
    const tooLarge = Object.assign(new Error('too big'), { name: 'MessageTooLargeError' })
    expect(classifyToolCall({ kind: 'threw', error: tooLarge }, { modelAccepts }).text).toContain(
      'size limit',
    )
  })

  it('isError keeps metadata out of the text and cuts multibyte output on a character boundary', () => {
    const failed = classifyToolCall(
      {
        kind: 'answered',
        result: { isError: true, content: [{ type: 'text', text: 'bad' }], _meta: { a: 1 } },
      },
      { modelAccepts },
    )
    expect(failed).toEqual({ state: 'failed', text: 'bad', attachments: [], metadata: { _meta: { a: 1 } } })

    const long = '€'.repeat(TOOL_OUTPUT_LIMIT_BYTES) // 3 bytes each
    const cut = classifyToolCall(
      { kind: 'answered', result: { content: [{ type: 'text', text: long }] } },
      {
        modelAccepts,
      },
    )
    expect(cut.state).toBe('output_limit')
    const head = cut.text.slice(0, -(OUTPUT_TRUNCATED_MARKER.length + 1))
    expect(head).toBe('€'.repeat(Math.floor(TOOL_OUTPUT_LIMIT_BYTES / 3)))
  })
})

describe('callToolOnce request options', () => {
  it('waits 30 s by default, without progress extending the deadline, and calls once', async () => {
    const seen: unknown[] = []
    const connection = {
      status: 'connected',
      callTool: (name: string, args: Record<string, unknown>, options?: unknown) => {
        seen.push({ name, args, options })
        return Promise.reject(new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out'))
      },
    }
    const outcome = await callToolOnce(connection, 'echo', { text: 'a' }, { modelAccepts })
    expect(outcome.state).toBe('unknown')
    expect(seen).toEqual([
      { name: 'echo', args: { text: 'a' }, options: { timeout: 30_000, resetTimeoutOnProgress: false } },
    ])
  })
})
