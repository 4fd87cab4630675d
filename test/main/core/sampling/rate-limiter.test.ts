import { describe, expect, it } from 'vitest'
import {
  checkDailyBudget,
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

function granted(slot: RateSlot): { release(): void } {
  if (!slot.ok) throw new Error(`expected a slot, got: ${slot.detail}`)
  return slot
}

describe('SamplingRateLimiter: concurrency', () => {
  it('lets 4 run at once per server; the 5th is rate limited with a detail naming the limit', () => {
    const limits = limiter()
    const slots = [1, 2, 3, 4].map(() => granted(limits.tryAcquire('notes')))
    expect(limits.inFlight('notes')).toBe(4)
    const fifth = limits.tryAcquire('notes')
    expect(fifth).toEqual({
      ok: false,
      reason: 'rate limited',
      detail: '4 sampling requests from this server are already running (limit 4 at a time)',
    })
    // other servers have their own slots
    expect(limits.tryAcquire('github').ok).toBe(true)
    expect(slots).toHaveLength(4)
  })

  it('release frees a slot, and releasing twice frees only one', () => {
    const limits = limiter()
    const slots = [1, 2, 3, 4].map(() => granted(limits.tryAcquire('notes')))
    slots[0]!.release()
    slots[0]!.release()
    expect(limits.inFlight('notes')).toBe(3)
    granted(limits.tryAcquire('notes'))
    expect(limits.tryAcquire('notes').ok).toBe(false)
  })

  it('50 concurrent acquisitions from one server → exactly 4 in flight, 46 rate limited; after releasing more go', async () => {
    const limits = limiter()
    const attempts = await Promise.all(
      Array.from({ length: 50 }, async () => {
        await Promise.resolve()
        return limits.tryAcquire('notes')
      }),
    )
    const ok = attempts.filter((slot) => slot.ok)
    const rejected = attempts.filter((slot) => !slot.ok)
    expect(ok).toHaveLength(4)
    expect(limits.inFlight('notes')).toBe(4)
    expect(rejected).toHaveLength(46)
    for (const slot of rejected) expect(slot).toMatchObject({ ok: false, reason: 'rate limited' })
    // rejected attempts did not use up the minute: only the 4 granted starts count
    expect(limits.startsInWindow('notes')).toBe(4)

    for (const slot of ok) slot.release()
    expect(limits.inFlight('notes')).toBe(0)
    const next = [1, 2, 3, 4].map(() => limits.tryAcquire('notes'))
    expect(next.every((slot) => slot.ok)).toBe(true)
    expect(limits.inFlight('notes')).toBe(4)
  })

  it('reads the limits on every acquisition, so a settings change applies at once', () => {
    let max = 1
    const limits = new SamplingRateLimiter({
      maxConcurrent: () => max,
      maxPerMinute: () => 30,
      now: fakeClock().now,
    })
    granted(limits.tryAcquire('notes'))
    expect(limits.tryAcquire('notes').ok).toBe(false)
    max = 2
    expect(limits.tryAcquire('notes').ok).toBe(true)
  })
})

describe('SamplingRateLimiter: per-minute window', () => {
  it('allows 30 starts per minute; the 31st is rate limited with the time to retry', () => {
    const clock = fakeClock()
    const limits = limiter(4, 30, clock)
    for (let i = 0; i < 30; i++) {
      granted(limits.tryAcquire('notes')).release()
      clock.advance(1000)
    }
    // the first start was 30 s ago, so it leaves the window in 30 s
    expect(limits.tryAcquire('notes')).toEqual({
      ok: false,
      reason: 'rate limited',
      detail: '30 sampling requests from this server in the last minute (limit 30 per minute); retry in 30 s',
    })
    expect(limits.tryAcquire('github').ok).toBe(true)
  })

  it('the window slides: each start frees its place exactly 60 s later', () => {
    const clock = fakeClock()
    const limits = limiter(4, 3, clock)
    granted(limits.tryAcquire('notes')).release() // t = 0
    clock.advance(10_000)
    granted(limits.tryAcquire('notes')).release() // t = 10 s
    granted(limits.tryAcquire('notes')).release() // t = 10 s
    expect(limits.tryAcquire('notes').ok).toBe(false)

    clock.advance(RATE_WINDOW_MS - 10_000 - 1) // t = 59.999 s: the first start still counts
    expect(limits.tryAcquire('notes').ok).toBe(false)
    clock.advance(1) // t = 60 s: it has left the window
    granted(limits.tryAcquire('notes')).release()
    expect(limits.tryAcquire('notes').ok).toBe(false)

    clock.advance(10_000) // t = 70 s: both starts at 10 s have left
    expect(limits.startsInWindow('notes')).toBe(1)
    granted(limits.tryAcquire('notes')).release()
    granted(limits.tryAcquire('notes')).release()
    expect(limits.tryAcquire('notes').ok).toBe(false)
  })

  it('rejected requests do not count towards the minute', () => {
    const clock = fakeClock()
    const limits = limiter(1, 2, clock)
    const running = granted(limits.tryAcquire('notes'))
    for (let i = 0; i < 10; i++) expect(limits.tryAcquire('notes').ok).toBe(false) // over the concurrency limit
    running.release()
    granted(limits.tryAcquire('notes')).release() // the second start of the minute is still free
    expect(limits.tryAcquire('notes').ok).toBe(false)
  })

  it('after a quiet minute a server that used its whole minute gets it all again', () => {
    const clock = fakeClock()
    const limits = limiter(4, 2, clock)
    const slot = granted(limits.tryAcquire('notes'))
    granted(limits.tryAcquire('notes')).release()
    expect(limits.tryAcquire('notes').ok).toBe(false)
    clock.advance(RATE_WINDOW_MS)
    slot.release()
    expect(limits.inFlight('notes')).toBe(0)
    expect(limits.startsInWindow('notes')).toBe(0)
    granted(limits.tryAcquire('notes')).release()
    granted(limits.tryAcquire('notes')).release()
    expect(limits.tryAcquire('notes').ok).toBe(false)
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
