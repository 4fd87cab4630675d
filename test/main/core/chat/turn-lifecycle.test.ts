import { afterEach, describe, it, expect, vi } from 'vitest'
import { Client, InMemoryTransport } from '@modelcontextprotocol/client'
import type { Transport, JSONRPCMessage } from '@modelcontextprotocol/client'
import {
  MIMO_TURN_LIFECYCLE_CAPABILITY,
  TURN_LIFECYCLE_CAPABILITY,
  TurnLifecycleNotifier,
  lifecycleCapabilityFor,
  toolCallMeta,
  turnLifecycleClientCapabilities,
  type TurnLifecycleServer,
} from '../../../../src/main/core/chat/turn-lifecycle.js'
import { ulid } from '../../../../src/main/core/chat/ulid.js'
import {
  createLifecycleServer,
  type LifecycleServerOptions,
} from '../../../fixtures/mcp-servers/lifecycle-server.js'

/**
 * A client-side transport whose sends of turn lifecycle notifications hang while `hanging` is set, the way a
 * full stdio pipe or a stalled HTTP POST would. `release()` delivers what it held and resolves those sends.
 */
class HangingTransport implements Transport {
  hanging = false
  readonly held: Array<{ message: JSONRPCMessage; resolve: () => void }> = []
  onclose?: () => void
  onerror?: (error: Error) => void
  onmessage?: Transport['onmessage']

  constructor(private readonly inner: Transport) {
    inner.onmessage = (message, extra) => this.onmessage?.(message, extra)
    inner.onclose = () => this.onclose?.()
    inner.onerror = (error) => this.onerror?.(error)
  }

  start(): Promise<void> {
    return this.inner.start()
  }

  close(): Promise<void> {
    return this.inner.close()
  }

  send(message: JSONRPCMessage): Promise<void> {
    const isLifecycle = 'method' in message && message.method.endsWith('/turn-lifecycle')
    if (!this.hanging || !isLifecycle) return this.inner.send(message)
    return new Promise((resolve) => this.held.push({ message, resolve }))
  }

  async release(): Promise<void> {
    this.hanging = false
    for (const { message, resolve } of this.held.splice(0)) {
      await this.inner.send(message)
      resolve()
    }
  }
}

const clients: Client[] = []
afterEach(async () => {
  vi.useRealTimers()
  await Promise.all(clients.splice(0).map((client) => client.close()))
})

async function connect(id: string, options: LifecycleServerOptions = {}) {
  const fixture = createLifecycleServer(options)
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  const transport = new HangingTransport(clientSide)
  const client = new Client(
    { name: 'mcp-desk-test', version: '1.0.0' },
    { capabilities: { experimental: turnLifecycleClientCapabilities() } },
  )
  await fixture.server.connect(serverSide)
  await client.connect(transport)
  clients.push(client)
  const target: TurnLifecycleServer = { id, client }
  return { ...fixture, client, transport, target }
}

const turn = (turnId: string, status: 'completed' | 'cancelled' | 'error' = 'completed') => ({
  sessionId: 'conv-1',
  turnId,
  status,
})

describe('lifecycleCapabilityFor', () => {
  it('names the declared capability, preferring ours when both are declared', () => {
    expect(lifecycleCapabilityFor(undefined)).toBeUndefined()
    expect(lifecycleCapabilityFor({ tools: {} })).toBeUndefined()
    expect(lifecycleCapabilityFor({ experimental: { 'other/x': {} } })).toBeUndefined()
    expect(
      lifecycleCapabilityFor({ experimental: { [MIMO_TURN_LIFECYCLE_CAPABILITY]: { version: 1 } } }),
    ).toEqual({ name: MIMO_TURN_LIFECYCLE_CAPABILITY })
    const both = { [MIMO_TURN_LIFECYCLE_CAPABILITY]: { version: 1 }, [TURN_LIFECYCLE_CAPABILITY]: {} }
    expect(lifecycleCapabilityFor({ experimental: both })).toEqual({ name: TURN_LIFECYCLE_CAPABILITY })
  })

  it('ignores a declaration of a version we do not speak', () => {
    const v2 = { experimental: { [TURN_LIFECYCLE_CAPABILITY]: { version: 2 } } }
    expect(lifecycleCapabilityFor(v2)).toBeUndefined()
  })
})

describe('toolCallMeta', () => {
  it('is exactly sessionId, turnId and actorId, and the server receives it as the call _meta', async () => {
    const { client } = await connect('docs', { capabilityName: TURN_LIFECYCLE_CAPABILITY })
    const meta = toolCallMeta({ sessionId: 'conv-1', turnId: ulid(), actorId: 'user' })
    expect(Object.keys(meta)).toEqual(['sessionId', 'turnId', 'actorId'])
    const result = await client.callTool({ name: 'whoami', arguments: {}, _meta: meta })
    expect(result.content).toEqual([{ type: 'text', text: JSON.stringify(meta) }])
  })

  it('rejects a missing or empty field with a message naming it', () => {
    expect(() => toolCallMeta({ sessionId: 'c', turnId: '', actorId: 'user' })).toThrow(
      /turnId: turnId is empty/,
    )
    const missing = { sessionId: 'c', turnId: 't' } as unknown as Parameters<typeof toolCallMeta>[0]
    expect(() => toolCallMeta(missing)).toThrow(/actorId: actorId must be a string/)
  })
})

describe('TurnLifecycleNotifier', () => {
  it('declares our capability to servers in the client capabilities', async () => {
    const { server } = await connect('docs')
    expect(server.server.getClientCapabilities()?.experimental).toEqual({
      [TURN_LIFECYCLE_CAPABILITY]: { version: 1 },
    })
  })

  it('notifies a server that declares the capability and not one that does not', async () => {
    const declaring = await connect('docs', { capabilityName: TURN_LIFECYCLE_CAPABILITY })
    const silent = await connect('plain')
    const notifier = new TurnLifecycleNotifier()
    const turnId = ulid()

    const results = await notifier.turnEnded([declaring.target, silent.target], turn(turnId, 'cancelled'))

    expect(results).toEqual([
      { serverId: 'docs', outcome: 'sent', method: `notifications/${TURN_LIFECYCLE_CAPABILITY}` },
      { serverId: 'plain', outcome: 'not-declared' },
    ])
    await vi.waitFor(() => expect(declaring.received).toHaveLength(1))
    expect(declaring.received[0]).toEqual({
      method: 'notifications/com.mcpdesk/turn-lifecycle',
      params: { sessionId: 'conv-1', turnId, status: 'cancelled' },
    })
    // A round trip after the turn: anything sent before it would have arrived by now.
    await silent.client.ping()
    expect(silent.received).toEqual([])
  })

  it("notifies a server that declares MiMo Code's capability under that name", async () => {
    const mimo = await connect('mimo', { capabilityName: MIMO_TURN_LIFECYCLE_CAPABILITY })
    const turnId = ulid()
    const [result] = await new TurnLifecycleNotifier().turnEnded([mimo.target], turn(turnId, 'error'))
    expect(result?.outcome).toBe('sent')
    await vi.waitFor(() => expect(mimo.received).toHaveLength(1))
    expect(mimo.received[0]).toEqual({
      method: 'notifications/com.xiaomi.mimo/turn-lifecycle',
      params: { sessionId: 'conv-1', turnId, status: 'error' },
    })
  })

  it('waits at most 1 s for a stuck server and skips it while its previous send is stuck', async () => {
    const healthy = await connect('healthy', { capabilityName: TURN_LIFECYCLE_CAPABILITY })
    const stuck = await connect('stuck', { capabilityName: TURN_LIFECYCLE_CAPABILITY })
    stuck.transport.hanging = true
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const notifier = new TurnLifecycleNotifier()
    const servers = [healthy.target, stuck.target]

    let finished = false
    const first = notifier.turnEnded(servers, turn('turn-1')).finally(() => (finished = true))
    await vi.advanceTimersByTimeAsync(999)
    expect(finished).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(finished).toBe(true)
    expect((await first).map((r) => r.outcome)).toEqual(['sent', 'timed-out'])
    expect(notifier.isStuck('stuck')).toBe(true)

    // The next turn does not wait at all: the stuck server is skipped, not queued behind its stuck send.
    const second = await notifier.turnEnded(servers, turn('turn-2'))
    expect(second.map((r) => r.outcome)).toEqual(['sent', 'skipped-stuck'])
    expect(stuck.transport.held).toHaveLength(1)

    // Once the stuck send completes, the server is notified again from the following turn on.
    await stuck.transport.release()
    await vi.waitFor(() => expect(notifier.isStuck('stuck')).toBe(false))
    const third = await notifier.turnEnded(servers, turn('turn-3'))
    expect(third.map((r) => r.outcome)).toEqual(['sent', 'sent'])
    await vi.waitFor(() => expect(stuck.received).toHaveLength(2))
    expect(stuck.received.map((n) => n.params?.['turnId'])).toEqual(['turn-1', 'turn-3'])
    await vi.waitFor(() => expect(healthy.received).toHaveLength(3))
  })

  it('honours a custom timeout', async () => {
    const stuck = await connect('stuck', { capabilityName: TURN_LIFECYCLE_CAPABILITY })
    stuck.transport.hanging = true
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    let finished = false
    const pending = new TurnLifecycleNotifier({ timeoutMs: 50 })
      .turnEnded([stuck.target], turn('t'))
      .finally(() => (finished = true))
    await vi.advanceTimersByTimeAsync(50)
    expect(finished).toBe(true)
    expect((await pending)[0]?.outcome).toBe('timed-out')
    await stuck.transport.release()
  })

  it('never throws: a closed client is skipped, a throwing client and a bad turn become failed results', async () => {
    const closed = await connect('closed', { capabilityName: TURN_LIFECYCLE_CAPABILITY })
    await closed.client.close()
    const throwing: TurnLifecycleServer = {
      id: 'throwing',
      client: {
        getServerCapabilities: () => {
          throw new Error('capabilities unavailable')
        },
        notification: () => Promise.resolve(),
      },
    }
    const notifier = new TurnLifecycleNotifier()

    const results = await notifier.turnEnded([closed.target, throwing], turn('t'))
    expect(results).toEqual([
      // SDK v2 forgets a closed client's server capabilities, so nothing is sent to it at all.
      { serverId: 'closed', outcome: 'not-declared' },
      { serverId: 'throwing', outcome: 'failed', error: 'capabilities unavailable' },
    ])

    const bad = { sessionId: 'c', turnId: 't', status: 'done' } as unknown as ReturnType<typeof turn>
    const [badResult] = await notifier.turnEnded([throwing], bad)
    expect(badResult?.outcome).toBe('failed')
    expect(badResult?.error).toMatch(/^Invalid turn end: /)
  })

  it('rejects a negative timeout when constructed', () => {
    expect(() => new TurnLifecycleNotifier({ timeoutMs: -1 })).toThrow(/non-negative number, got -1/)
  })
})
