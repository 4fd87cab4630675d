import { describe, expect, it } from 'vitest'
import {
  ProgressHeartbeat,
  StallWatchdog,
  type SamplingTimers,
  type TimerHandle,
} from '../../../../src/main/core/sampling/run-timers'

/** A hand-driven clock: nothing fires until `advance` says time has passed. */
function manualTimers() {
  let now = 0
  let nextId = 1
  const pending = new Map<number, { at: number; every?: number; callback: () => void }>()
  const timers: SamplingTimers = {
    setTimeout: (callback, ms) => {
      const id = nextId++
      pending.set(id, { at: now + ms, callback })
      return id as unknown as TimerHandle
    },
    clearTimeout: (handle) => void pending.delete(handle as unknown as number),
    setInterval: (callback, ms) => {
      const id = nextId++
      pending.set(id, { at: now + ms, every: ms, callback })
      return id as unknown as TimerHandle
    },
    clearInterval: (handle) => void pending.delete(handle as unknown as number),
  }
  const advance = (ms: number): void => {
    const until = now + ms
    for (;;) {
      const due = [...pending.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0]
      if (!due) break
      const [id, timer] = due
      now = timer.at
      if (timer.every === undefined) pending.delete(id)
      else timer.at += timer.every
      timer.callback()
    }
    now = until
  }
  return { timers, advance, pendingCount: () => pending.size }
}

describe('StallWatchdog', () => {
  it('fires once when the timeout passes without a feed, counting from construction', () => {
    const clock = manualTimers()
    let stalls = 0
    new StallWatchdog(clock.timers, 100, () => (stalls += 1))
    clock.advance(99)
    expect(stalls).toBe(0)
    clock.advance(1)
    expect(stalls).toBe(1)
    clock.advance(1_000)
    expect(stalls).toBe(1)
  })

  it('restarts the wait on every feed, so only a gap longer than the timeout stalls', () => {
    const clock = manualTimers()
    let stalls = 0
    const watchdog = new StallWatchdog(clock.timers, 100, () => (stalls += 1))
    for (let i = 0; i < 10; i += 1) {
      clock.advance(90)
      watchdog.feed()
    }
    expect(stalls).toBe(0)
    clock.advance(100)
    expect(stalls).toBe(1)
  })

  it('never fires after stop, and a timeout of 0 or less arms nothing', () => {
    const clock = manualTimers()
    let stalls = 0
    new StallWatchdog(clock.timers, 100, () => (stalls += 1)).stop()
    const disabled = new StallWatchdog(clock.timers, 0, () => (stalls += 1))
    disabled.feed()
    new StallWatchdog(clock.timers, -5, () => (stalls += 1))
    expect(clock.pendingCount()).toBe(0)
    clock.advance(10_000)
    expect(stalls).toBe(0)
  })
})

describe('ProgressHeartbeat', () => {
  it('sends a snapshot of the counts every interval until stopped', () => {
    const clock = manualTimers()
    const counts = { chunks: 0, chars: 0 }
    const sent: Array<{ chunks: number; chars: number }> = []
    const heartbeat = new ProgressHeartbeat(
      clock.timers,
      50,
      () => ({ ...counts }),
      (c) => {
        sent.push(c)
        return Promise.resolve()
      },
    )
    clock.advance(49)
    expect(sent).toEqual([])
    counts.chunks = 3
    counts.chars = 12
    clock.advance(1)
    expect(sent).toEqual([{ chunks: 3, chars: 12 }])
    heartbeat.stop()
    clock.advance(500)
    expect(sent).toHaveLength(1)
    expect(clock.pendingCount()).toBe(0)
  })

  it('skips ticks while a send is still in flight instead of piling them up', async () => {
    const clock = manualTimers()
    let release: () => void = () => {}
    let sends = 0
    const heartbeat = new ProgressHeartbeat(
      clock.timers,
      10,
      () => ({ chunks: 1, chars: 1 }),
      () => {
        sends += 1
        return new Promise<void>((resolve) => (release = resolve))
      },
    )
    clock.advance(50)
    expect(sends).toBe(1)
    release()
    await Promise.resolve()
    await Promise.resolve()
    clock.advance(10)
    expect(sends).toBe(2)
    heartbeat.stop()
  })

  it('survives a send that throws synchronously', () => {
    const clock = manualTimers()
    let sends = 0
    const heartbeat = new ProgressHeartbeat(
      clock.timers,
      10,
      () => ({ chunks: 0, chars: 0 }),
      () => {
        sends += 1
        throw new Error('closed')
      },
    )
    clock.advance(10)
    clock.advance(10)
    expect(sends).toBe(2)
    heartbeat.stop()
  })
})
