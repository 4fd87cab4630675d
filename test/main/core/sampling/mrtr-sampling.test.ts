// Sampling asked for the 2026-07-28 way (issue 20): a tool's result is `input_required` with an embedded
// `sampling/createMessage`; the host runs it through the same engine as a 2025 server request (policy,
// validation, model choice, approval card, streaming) and retries the tool call with the completion and the
// server's requestState, which the fixture checks byte for byte. A real stdio server (mrtr-server.ts) and
// the mock OpenAI-compatible provider.
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { isDeepStrictEqual } from 'node:util'
import { JSONRPCMessageSchema } from '@modelcontextprotocol/core'
import { ProtocolError, type CallToolResult } from '@modelcontextprotocol/server'
import { z } from 'zod'
import { validateCreateMessageParams } from '../../../../src/main/core/sampling/validate-request'
import {
  startModernHttpServer,
  type ModernHttpServer,
} from '../../../fixtures/mcp-servers/modern-http-server'
import { INVALID_REQUESTS } from './request-params'
import { nextCard, startSamplingHarness, type SamplingHarness } from './sampling-harness'

const MRTR_SERVER = fileURLToPath(new URL('../../../fixtures/mcp-servers/mrtr-server.ts', import.meta.url))

let harness: SamplingHarness | undefined
let remote: ModernHttpServer | undefined
afterEach(async () => {
  await harness?.close()
  await remote?.close()
  harness = undefined
  remote = undefined
})

async function start(policy: 'ask' | 'allow'): Promise<SamplingHarness> {
  harness = await startSamplingHarness({
    servers: [{ id: 'notes', policy, stdio: { command: process.execPath, args: [MRTR_SERVER] } }],
  })
  expect(harness.servers.get('notes')).toMatchObject({ status: 'connected', protocolVersion: '2026-07-28' })
  return harness
}

/** The same tools over stateless Streamable HTTP (modern-http-server.ts), pinned to 2026-07-28. */
async function startOverHttp(policy: 'ask' | 'allow'): Promise<SamplingHarness> {
  remote = await startModernHttpServer()
  harness = await startSamplingHarness({
    servers: [{ id: 'notes', policy, http: { url: remote.url, protocol: '2026-07-28' } }],
  })
  expect(harness.servers.get('notes')).toMatchObject({ status: 'connected', protocolVersion: '2026-07-28' })
  return harness
}

/** The next approval card not seen before (a decided card stays listed until its run moves on). */
function newCard(h: SamplingHarness, seen: Set<string>) {
  return new Promise<ReturnType<SamplingHarness['engine']['queue']['list']>[number]>((resolve) => {
    const check = () => {
      const card = h.engine.queue.list().find((c) => c.phase === 'approval' && !seen.has(c.id))
      if (!card) return
      seen.add(card.id)
      unsubscribe()
      resolve(card)
    }
    const unsubscribe = h.engine.queue.subscribe(check)
    check()
  })
}

function refusedWithTools(params: unknown): boolean {
  try {
    validateCreateMessageParams(params, { allowTools: true })
    return false
  } catch {
    return true
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The ProtocolError a request failed with; fails the test when it succeeds or fails otherwise. */
async function errorOf(promise: Promise<unknown>): Promise<ProtocolError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof ProtocolError) return error
    throw error
  }
  throw new Error('expected the request to fail')
}

function textOf(result: { content: unknown }): string {
  return (result.content as Array<{ type: string; text?: string }>).map((item) => item.text ?? '').join('')
}

/** Calls `summarize` on 'notes', checks the card says which tool asked in which round, and approves it. */
async function summarizeThroughCard(h: SamplingHarness): Promise<CallToolResult> {
  h.mock.enqueue({ kind: 'text', chunks: ['Short.'] })
  const call = h.servers.connection('notes').callTool('summarize', { text: 'a long text' })
  const card = await nextCard(h.engine)
  expect(card).toMatchObject({
    kind: 'sampling',
    serverName: 'notes',
    systemPrompt: 'You summarize.',
    askedInside: { kind: 'tool', name: 'summarize', round: 1 },
  })
  h.engine.queue.decide(card.id, { kind: 'approve' })
  return await call
}

/** The `research` tool's loop: the model calls `lookup` once, the server answers it, the model answers. */
async function researchLoop(h: SamplingHarness): Promise<void> {
  h.mock.enqueue({
    kind: 'tool_calls',
    calls: [{ id: 'call_1', name: 'lookup', arguments: '{"word":"mcp"}' }],
  })
  h.mock.enqueue({ kind: 'text', chunks: ['MCP is a protocol.'] })
  const result = await h.servers.connection('notes').callTool('research', { question: 'What is MCP?' })
  expect(textOf(result)).toBe('answer: MCP is a protocol. (3 messages)')
  expect(h.mock.requests).toHaveLength(2)
  const first = h.mock.requests[0]?.body as { tools: Array<{ function: { name: string } }> }
  expect(first.tools.map((tool) => tool.function.name)).toEqual(['lookup'])
  const second = h.mock.requests[1]?.body as { messages: Array<{ role: string; content?: unknown }> }
  expect(second.messages).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ role: 'tool', content: 'definition of {"word":"mcp"}' }),
    ]),
  )
}

describe('sampling inside a tool result (MRTR)', () => {
  it('shows the approval card saying which tool asked, in which round, and the answer reaches the tool result', async () => {
    const h = await start('ask')
    const result = await summarizeThroughCard(h)
    expect(result.isError).not.toBe(true)
    expect(textOf(result)).toBe('summary: Short.')
    expect(h.mock.requests.at(-1)?.body).toMatchObject({ model: 'mock-large' })
  })

  it('does the same over stateless Streamable HTTP: no session, each round a request of its own', async () => {
    const h = await startOverHttp('ask')
    expect(textOf(await summarizeThroughCard(h))).toBe('summary: Short.')
    // The first call answered input_required; the retry carried the completion and the requestState.
    expect(remote?.count('tools/call')).toBe(2)
    expect(remote?.requests.some((request) => 'mcp-session-id' in request.headers)).toBe(false)
  })

  it('counts rounds across retries on the cards, and the tool answers after the last', async () => {
    const h = await start('ask')
    for (const text of ['one', 'two', 'three']) h.mock.enqueue({ kind: 'text', chunks: [text] })
    const call = h.servers.connection('notes').callTool('ask-again', { rounds: 3 })
    const seen = new Set<string>()
    for (const round of [1, 2, 3]) {
      const card = await newCard(h, seen)
      expect(card.askedInside).toEqual({ kind: 'tool', name: 'ask-again', round })
      h.engine.queue.decide(card.id, { kind: 'approve' })
    }
    const result = await call
    expect(textOf(result)).toBe('answered after 3 rounds: three')
    expect(h.mock.requests).toHaveLength(3)
  })

  it('cancels the round in flight when the caller stops: the card goes, the call ends, no model runs', async () => {
    const h = await start('ask')
    const stop = new AbortController()
    const call = h.servers.connection('notes').callTool('summarize', { text: 'x' }, { signal: stop.signal })
    const card = await nextCard(h.engine)
    stop.abort(new Error('stopped by the user'))
    await expect(call).rejects.toThrow(/cancelled/)
    expect(h.engine.queue.list().some((c) => c.id === card.id)).toBe(false)
    expect(h.mock.requests).toHaveLength(0)
  })

  it('runs a sampling-with-tools loop (SEP-1577) across rounds to the final text', async () => {
    await researchLoop(await start('allow'))
  })

  it('runs the same loop over stateless Streamable HTTP, the conversation kept in requestState', async () => {
    await researchLoop(await startOverHttp('allow'))
  })

  it('stops after 10 rounds with an error naming the limit', async () => {
    const h = await start('allow')
    for (let i = 0; i < 12; i++) h.mock.enqueue({ kind: 'text', chunks: [`r${i}`] })
    await expect(h.servers.connection('notes').callTool('ask-again', { rounds: 11 })).rejects.toThrow(
      /10 rounds/,
    )
    expect(h.mock.requests).toHaveLength(10)
  })

  it('answers every request of the sampling battery with the same -32602 in both eras', async () => {
    const h = await startSamplingHarness({
      servers: [
        { id: 'notes', policy: 'allow', stdio: { command: process.execPath, args: [MRTR_SERVER] } },
        { id: 'old', policy: 'allow' },
      ],
    })
    harness = h
    expect(h.servers.get('old').protocolVersion).toBe('2025-11-25')
    // An embedded request's params travel as JSON inside a tool result: the rows JSON keeps as they are,
    // and that a host with sampling tools refuses too ("tools present" is a fine request for it). Rows the
    // SDK's message schema refuses (a `_meta` that is not an object, a progressToken object) are left out: as
    // a 2025 request they are dropped before any handler runs and never answered (see the issue 20 note).
    const rows = INVALID_REQUESTS.filter(
      ([, params]) =>
        isPlainObject(params) &&
        isDeepStrictEqual(JSON.parse(JSON.stringify(params)), params) &&
        refusedWithTools(params) &&
        JSONRPCMessageSchema.safeParse({ jsonrpc: '2.0', id: 1, method: 'sampling/createMessage', params })
          .success,
    )
    expect(rows.length).toBeGreaterThan(40)
    // The host declares sampling with tools, so both eras judge tool_use/tool_result rows as tool requests:
    // the answer, not the battery's field for a host without tools, is what must match.
    for (const [name, params] of rows) {
      const sent = { method: 'sampling/createMessage', params: params as Record<string, unknown> }
      const legacy = await errorOf(h.server('old').server.request(sent, z.object({}).loose()))
      const modern = await errorOf(h.servers.connection('notes').callTool('sample', { params }))
      expect({ name, code: legacy.code }).toEqual({ name, code: -32602 })
      expect({ name, code: modern.code, message: modern.message, data: modern.data }).toEqual({
        name,
        code: legacy.code,
        message: legacy.message,
        data: legacy.data,
      })
    }
    expect(h.mock.requests).toHaveLength(0)
  })
})
