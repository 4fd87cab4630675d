// Issue 12 fault suite: a server that crashes, hangs, disconnects (closes its stdout; an HTTP connection
// reset) or sends an oversized reply in the middle of a tool call. Each time the call ends `unknown` in the
// chat, the server saw it exactly once (never retried), and the rest of the app keeps working: another
// server's tool call and a new chat turn succeed afterwards. Real child processes and a real HTTP server
// behind the real transports; the model is the mock OpenAI provider.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { UNKNOWN_OUTCOME_NOTE } from '../../src/main/core/tools/tool-call-outcome'
import type { ServerState } from '../../src/shared/mcp/server-state'
import { misbehavingServer } from '../fixtures/misbehaving/misbehaving-command'
import { textTurn, toolCallTurn } from './support/chat-tool-turn'
import { startFaultHost, type FaultHost } from './support/fault-host'
import { startResettingHttpServer, type ResettingHttpServer } from './support/resetting-http-server'

const MID_CALL_SERVER = fileURLToPath(new URL('./support/mid-call-server.ts', import.meta.url))
const KiB = 1024
/** The hang is only ever ended by the deadline: keep it short there. */
const HANG_TIMEOUT_MS = 1000
/** Every other fault must be noticed when it happens, well before this deadline. */
const TOOL_CALL_TIMEOUT_MS = 15_000

let host: FaultHost | undefined
let remote: ResettingHttpServer | undefined
let dir: string

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mcp-desk-mid-call-'))
})
afterEach(async () => {
  await host?.close()
  await remote?.close()
  host = undefined
  remote = undefined
  rmSync(dir, { recursive: true, force: true })
})

/** What the stdio fault server saw, from the file it appends each tools/call to before acting. */
function stdioCalls(tool: string): number {
  const file = join(dir, 'calls.txt')
  if (!existsSync(file)) return 0
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line === tool).length
}

async function startHost(toolCallTimeoutMs: number): Promise<FaultHost> {
  remote = await startResettingHttpServer()
  host = await startFaultHost({
    toolCallTimeoutMs,
    // The smallest cap settings allow, so the oversized reply stays small.
    limits: { maxMessageBytes: 64 * KiB },
    servers: [
      {
        id: 'faulty',
        transport: 'stdio',
        command: process.execPath,
        args: [
          MID_CALL_SERVER,
          '--calls-file',
          join(dir, 'calls.txt'),
          '--oversized-bytes',
          String(256 * KiB),
        ],
      },
      { id: 'good', transport: 'stdio', ...misbehavingServer() },
      { id: 'remote', transport: 'http', url: remote.url },
    ],
  })
  const statuses = host.composed.servers.list().map((server) => [server.id, server.status])
  expect(statuses).toEqual([
    ['faulty', 'connected'],
    ['good', 'connected'],
    ['remote', 'connected'],
  ])
  return host
}

interface FaultCase {
  fault: string
  server: 'faulty' | 'remote'
  tool: string
  /** The status the server settles in after the fault. */
  status: ServerState['status']
  /** What else its row says then. */
  after?: (state: ServerState) => void
}

const cases: FaultCase[] = [
  {
    fault: 'a crash (SIGKILL)',
    server: 'faulty',
    tool: 'crash',
    status: 'failed',
    after: (state) => expect(state.failure).toMatchObject({ signal: 'SIGKILL', exitCode: null }),
  },
  {
    fault: 'a hang',
    server: 'faulty',
    tool: 'hang',
    status: 'connected',
  },
  {
    fault: 'a disconnect (stdout closed, process still running)',
    server: 'faulty',
    tool: 'close_stdout',
    status: 'failed',
    after: (state) =>
      expect(state.failure?.reason).toBe('the server closed its standard output but kept running'),
  },
  {
    fault: 'an oversized reply',
    server: 'faulty',
    tool: 'oversized',
    status: 'failed',
    after: (state) =>
      expect(state.failure).toEqual({
        reason: 'a message from the server exceeded 64 KiB (maxMessageBytes)',
        limit: 'maxMessageBytes',
      }),
  },
  {
    fault: 'an HTTP connection reset',
    server: 'remote',
    tool: 'reset',
    // Streamable HTTP carries each call on its own request: the connection survives a cut one.
    status: 'connected',
  },
]

describe('a server failing in the middle of a tool call', () => {
  it.each(cases)('$fault ends the call unknown, once, and the rest keeps working', async (fault) => {
    const h = await startHost(fault.tool === 'hang' ? HANG_TIMEOUT_MS : TOOL_CALL_TIMEOUT_MS)
    const seen = (): number =>
      fault.server === 'remote' ? remote!.calls(fault.tool) : stdioCalls(fault.tool)
    const { id } = await h.call('chat:create', {})

    const broken = await toolCallTurn(h, id, { exposedName: `mcp_${fault.server}_${fault.tool}` })
    expect(broken.result).toMatchObject({
      state: 'unknown',
      text: expect.stringContaining(UNKNOWN_OUTCOME_NOTE),
    })
    expect(broken.end).toMatchObject({ state: 'completed', unknownOutcome: true })
    // Only the hang is ended by the deadline; the others are noticed when they happen.
    const timedOut = broken.result.text.includes('no answer within')
    expect(timedOut).toBe(fault.tool === 'hang')
    expect(seen()).toBe(1)
    // The model was told the outcome is unknown, not that the call failed.
    const followUp = JSON.stringify(h.mock.requests.at(-1)?.body)
    expect(followUp).toContain(UNKNOWN_OUTCOME_NOTE)

    fault.after?.(await serverSettles(h, fault.server, fault.status))

    // The same conversation goes on once the user confirms, with another server's tool.
    const next = await toolCallTurn(
      h,
      id,
      { exposedName: 'mcp_good_echo', arguments: { text: 'still here' } },
      { confirmUnknown: true },
    )
    expect(next.result).toMatchObject({ state: 'completed', text: 'still here' })
    expect(next.end).toMatchObject({ state: 'completed', unknownOutcome: false })
    const remoteEcho = await toolCallTurn(h, id, {
      exposedName: 'mcp_remote_echo',
      arguments: { text: 'over http' },
    })
    expect(remoteEcho.result).toMatchObject({ state: 'completed', text: 'over http' })

    // A new conversation's turn works too.
    const other = await h.call('chat:create', {})
    expect(await textTurn(h, other.id, 'Hello again.')).toMatchObject({ state: 'completed' })

    // Never retried, by the chat or by a transport.
    expect(seen()).toBe(1)
    expect(h.composed.servers.get('good').status).toBe('connected')
  })
})

/** Resolves with the server's state once it has the status (a crash is noticed as the process ends). */
function serverSettles(h: FaultHost, serverId: string, status: ServerState['status']): Promise<ServerState> {
  return new Promise((resolve) => {
    const check = (state: ServerState | undefined): boolean => {
      if (state?.status !== status) return false
      resolve(state)
      return true
    }
    if (check(h.composed.servers.get(serverId))) return
    const unsubscribe = h.composed.servers.subscribe((servers) => {
      if (check(servers.find((server) => server.id === serverId))) unsubscribe()
    })
  })
}
