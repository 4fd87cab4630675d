import { describe, expect, it } from 'vitest'
import {
  checkDailyBudget,
  MAX_QUEUED_PER_SERVER,
  RATE_WINDOW_MS,
  SamplingRateLimiter,
  type RateSlot,
} from '../../../../src/main/core/sampling/rate-limiter'

function fakeClock(start = 1_000_000) {
  let now = start
  return { now: () => now, advance: (ms: number) => (now += ms) }
}

function limiter(maxConcurrent = 4, maxPerMinute = 30, clock = fakeClock()) {
  return new SamplingRateLimiter({
    maxConcurrent: () => maxConcurrent,
    maxPerMinute: () => maxPerMinute,
    now: clock.now,
  })
}

function granted(slot: RateSlot | Promise<RateSlot>): { release(): void } {
  if (slot instanceof Promise) throw new Error('expected a slot now, the request was queued')
  if (!slot.ok) throw new Error(`expected a slot, got: ${slot.detail}`)
  return slot
}

function refused(slot: RateSlot | Promise<RateSlot>): string {
  if (slot instanceof Promise || slot.ok) throw new Error('expected a refusal')
  return slot.detail
}

/** A queued request: resolves with its slot once granted (or rejects when cancelled). */
function queued(slot: RateSlot | Promise<RateSlot>): Promise<{ release(): void }> {
  if (!(slot instanceof Promise)) throw new Error(`expected the request to wait, got ${JSON.stringify(slot)}`)
  return slot.then((granted) => {
    if (!granted.ok) throw new Error(granted.detail)
    return granted
  })
}

describe('SamplingRateLimiter: concurrency (issue 19: queue, then refuse)', () => {
  it('lets 4 run at once per server; the 5th waits for a slot and runs when one frees up', async () => {
    const limits = limiter()
    const slots = [1, 2, 3, 4].map(() => granted(limits.acquire('notes')))
    expect(limits.inFlight('notes')).toBe(4)
    const fifth = queued(limits.acquire('notes'))
    expect(limits.queued('notes')).toBe(1)
    // other servers have their own slots
    granted(limits.acquire('github'))
    slots[0]!.release()
    const slot = await fifth
    expect(limits.inFlight('notes')).toBe(4)
    expect(limits.queued('notes')).toBe(0)
    slot.release()
    expect(limits.inFlight('notes')).toBe(3)
  })

  it('serves the queue in arrival order, and releasing twice frees only one slot', async () => {
    const limits = limiter(1)
    const first = granted(limits.acquire('notes'))
    const order: number[] = []
    const waiting = [1, 2, 3].map((n) =>
      queued(limits.acquire('notes')).then((slot) => {
        order.push(n)
        return slot
      }),
    )
    first.release()
    first.release()
    const second = await waiting[0]!
    expect(limits.inFlight('notes')).toBe(1)
    expect(limits.queued('notes')).toBe(2)
    second.release()
    ;(await waiting[1]!).release()
    ;(await waiting[2]!).release()
    expect(order).toEqual([1, 2, 3])
    expect(limits.inFlight('notes')).toBe(0)
  })

  it('refuses beyond the queue: 50 at once → 4 running, 32 waiting, 14 refused naming both limits', () => {
    const limits = limiter(4, 10_000)
    const attempts = Array.from({ length: 50 }, () => limits.acquire('notes'))
    expect(attempts.filter((slot) => !(slot instanceof Promise) && slot.ok)).toHaveLength(4)
    expect(attempts.filter((slot) => slot instanceof Promise)).toHaveLength(MAX_QUEUED_PER_SERVER)
    const refusals = attempts.filter((slot) => !(slot instanceof Promise) && !slot.ok)
    expect(refusals).toHaveLength(50 - 4 - MAX_QUEUED_PER_SERVER)
    expect(refused(refusals[0]!)).toBe(
      '4 sampling requests from this server are running and 32 are waiting (limit 4 at a time, 32 waiting)',
    )
    // Refusals did not use up the minute: the running and the waiting count.
    expect(limits.startsInWindow('notes')).toBe(4 + MAX_QUEUED_PER_SERVER)
  })

  it('a waiting request cancelled by its signal leaves the queue and never gets a slot', async () => {
    const limits = limiter(1)
    const running = granted(limits.acquire('notes'))
    const cancel = new AbortController()
    const cancelled = limits.acquire('notes', cancel.signal)
    const next = queued(limits.acquire('notes'))
    cancel.abort(new Error('the server cancelled'))
    await expect(cancelled).rejects.toThrow('the server cancelled')
    expect(limits.queued('notes')).toBe(1)
    running.release()
    ;(await next).release()
    expect(limits.inFlight('notes')).toBe(0)
    expect(limits.queued('notes')).toBe(0)
  })

  it('reads the limits on every acquisition, so a settings change applies at once', () => {
    let max = 1
    const limits = new SamplingRateLimiter({
      maxConcurrent: () => max,
      maxPerMinute: () => 30,
      now: fakeClock().now,
      maxQueued: 0,
    })
    granted(limits.acquire('notes'))
    refused(limits.acquire('notes'))
    max = 2
    granted(limits.acquire('notes'))
  })
})

describe('SamplingRateLimiter: per-minute window', () => {
  it('allows 30 starts per minute; the 31st is rate limited with the time to retry', () => {
    const clock = fakeClock()
    const limits = limiter(4, 30, clock)
    for (let i = 0; i < 30; i++) {
      granted(limits.acquire('notes')).release()
      clock.advance(1000)
    }
    // the first start was 30 s ago, so it leaves the window in 30 s
    expect(limits.acquire('notes')).toEqual({
      ok: false,
      reason: 'rate limited',
      detail: '30 sampling requests from this server in the last minute (limit 30 per minute); retry in 30 s',
    })
    granted(limits.acquire('github'))
  })

  it('the window slides: each start frees its place exactly 60 s later', () => {
    const clock = fakeClock()
    const limits = limiter(4, 3, clock)
    granted(limits.acquire('notes')).release() // t = 0
    clock.advance(10_000)
    granted(limits.acquire('notes')).release() // t = 10 s
    granted(limits.acquire('notes')).release() // t = 10 s
    refused(limits.acquire('notes'))

    clock.advance(RATE_WINDOW_MS - 10_000 - 1) // t = 59.999 s: the first start still counts
    refused(limits.acquire('notes'))
    clock.advance(1) // t = 60 s: it has left the window
    granted(limits.acquire('notes')).release()
    refused(limits.acquire('notes'))

    clock.advance(10_000) // t = 70 s: both starts at 10 s have left
    expect(limits.startsInWindow('notes')).toBe(1)
    granted(limits.acquire('notes')).release()
    granted(limits.acquire('notes')).release()
    refused(limits.acquire('notes'))
  })

  it('refused requests do not count towards the minute; waiting ones do', async () => {
    const limits = new SamplingRateLimiter({
      maxConcurrent: () => 1,
      maxPerMinute: () => 3,
      now: fakeClock().now,
      maxQueued: 1,
    })
    const running = granted(limits.acquire('notes'))
    const waiting = queued(limits.acquire('notes')) // admitted: the second of the minute
    for (let i = 0; i < 10; i++)
      expect(refused(limits.acquire('notes'))).toMatch(/limit 1 at a time, 1 waiting/)
    running.release()
    ;(await waiting).release()
    granted(limits.acquire('notes')).release() // the third admission of the minute is still free
    expect(refused(limits.acquire('notes'))).toMatch(/limit 3 per minute/)
  })

  it('after a quiet minute a server that used its whole minute gets it all again', () => {
    const clock = fakeClock()
    const limits = limiter(4, 2, clock)
    const slot = granted(limits.acquire('notes'))
    granted(limits.acquire('notes')).release()
    refused(limits.acquire('notes'))
    clock.advance(RATE_WINDOW_MS)
    slot.release()
    expect(limits.inFlight('notes')).toBe(0)
    expect(limits.startsInWindow('notes')).toBe(0)
    granted(limits.acquire('notes')).release()
    granted(limits.acquire('notes')).release()
    refused(limits.acquire('notes'))
  })
})

describe('checkDailyBudget', () => {
  it.each([
    [0, undefined, true],
    [1_000_000, undefined, true],
    [0, 1000, true],
    [999, 1000, true],
    [1000, 1000, false],
    [1500, 1000, false],
  ])('used %d of budget %s → ok %s', (used, budget, ok) => {
    expect(checkDailyBudget(used, budget).ok).toBe(ok)
  })

  it('names the usage and the budget when exceeded', () => {
    expect(checkDailyBudget(1200, 1000)).toEqual({
      ok: false,
      reason: 'budget exceeded',
      detail: "1200 of this server's 1000 daily tokens are used",
    })
  })
})
