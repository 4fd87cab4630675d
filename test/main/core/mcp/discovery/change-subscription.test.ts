// ChangeSubscription's bound on listening again (issue 20 step 4): a server that keeps dropping the change
// stream gets MAX_RELISTENS new ones in a row, then none, with a line saying so; a stream that stayed open
// STABLE_STREAM_MS was not flapping, so a later drop starts the count again. A real SDK client against the
// stateless HTTP fixture, with no delay between attempts and a clock the test moves. Each drop waits for the
// line saying the stream is open again, so the host has the server's acknowledgement before it is cut.
// Closing waits at most CLOSE_WAIT_MS for a server to take the cancellation.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { afterEach, expect, it } from 'vitest'
import {
  ChangeSubscription,
  MAX_FOLLOWED_URIS,
  MAX_RELISTENS,
  STABLE_STREAM_MS,
} from '../../../../../src/main/core/mcp/discovery/change-subscription'
import {
  startModernHttpServer,
  type ModernHttpServer,
} from '../../../../fixtures/mcp-servers/modern-http-server'

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

interface Subscribed {
  server: ModernHttpServer
  changes: ChangeSubscription
  clock: { now: number }
  /** Resolves once the log has `times` lines containing `text`. */
  logged(text: string, times?: number): Promise<void>
}

async function subscribed(): Promise<Subscribed> {
  const server = await startModernHttpServer()
  cleanups.push(() => server.close())
  const client = new Client(
    { name: 'change-subscription-test', version: '0.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  )
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url)))
  cleanups.push(() => client.close())
  const clock = { now: 0 }
  const lines: string[] = []
  const waiters = new Set<() => void>()
  const changes = new ChangeSubscription(client, {
    ackTimeoutMs: 5_000,
    log: (line) => {
      lines.push(line)
      for (const waiter of [...waiters]) waiter()
    },
    relistenDelayMs: () => 0,
    now: () => clock.now,
  })
  cleanups.push(() => changes.close())
  await changes.open()
  const logged = (text: string, times = 1): Promise<void> =>
    new Promise((resolve) => {
      const check = (): void => {
        if (lines.filter((line) => line.includes(text)).length < times) return
        waiters.delete(check)
        resolve()
      }
      waiters.add(check)
      check()
    })
  return { server, changes, clock, logged }
}

/** Drops the stream `times` times, each once it is open again (the `reopened`-th time and on). */
async function dropRepeatedly(s: Subscribed, reopened: number, times: number): Promise<void> {
  for (let n = reopened; n < reopened + times; n++) {
    await s.logged('open again', n)
    expect(s.server.dropListenStreams()).toBe(1)
  }
}

it(`listens again ${MAX_RELISTENS} times in a row, then stops and says so`, async () => {
  const s = await subscribed()
  await dropRepeatedly(s, 0, MAX_RELISTENS + 1)
  await s.logged(`not listening again after ${MAX_RELISTENS} attempts`)
  expect(s.server.count('subscriptions/listen')).toBe(MAX_RELISTENS + 1)
})

it('counts again after a stream that stayed open long enough', async () => {
  const s = await subscribed()
  await dropRepeatedly(s, 0, MAX_RELISTENS)
  await s.logged('open again', MAX_RELISTENS)
  s.clock.now += STABLE_STREAM_MS
  await dropRepeatedly(s, MAX_RELISTENS, MAX_RELISTENS + 1)
  await s.logged('not listening again')
  expect(s.server.count('subscriptions/listen')).toBe(2 * MAX_RELISTENS + 1)
})

it('closes without waiting long for a server that never answers the cancellation', async () => {
  const s = await subscribed()
  s.server.holdNotifications()
  await s.changes.close()
  expect(s.server.count('notifications/cancelled')).toBe(1)
})

it(`refuses to follow more than ${MAX_FOLLOWED_URIS} resources, keeping the stream it has`, async () => {
  const s = await subscribed()
  const uris = Array.from({ length: MAX_FOLLOWED_URIS + 1 }, (_, i) => `modern://${i}`)
  await expect(s.changes.follow(uris)).rejects.toThrow(`at most ${MAX_FOLLOWED_URIS} resources`)
  await s.changes.follow(uris.slice(0, MAX_FOLLOWED_URIS))
  expect(s.server.count('subscriptions/listen')).toBe(2)
})

it('never listens again once closed', async () => {
  const s = await subscribed()
  await s.changes.close()
  await s.server.received('notifications/cancelled')
  expect(s.server.dropListenStreams()).toBe(0)
  expect(s.server.count('subscriptions/listen')).toBe(1)
})
