import { describe, it, expect } from 'vitest'
import { createUlidGenerator, ulid, ulidTime, ULID_PATTERN } from '../../../../src/main/core/chat/ulid.js'

const zeros = (size: number): Uint8Array => new Uint8Array(size)
const filled = (value: number) => (size: number) => new Uint8Array(size).fill(value)

describe('ulid', () => {
  it('is 26 Crockford base32 characters that encode the current time', () => {
    const before = Date.now()
    const id = ulid()
    const after = Date.now()
    expect(id).toMatch(ULID_PATTERN)
    expect(id).not.toMatch(/[ILOU]/)
    expect(ulidTime(id)).toBeGreaterThanOrEqual(before)
    expect(ulidTime(id)).toBeLessThanOrEqual(after)
  })

  it('encodes the time in the first 10 characters and the randomness in the last 16', () => {
    const next = createUlidGenerator({ now: () => 1_469_918_176_385, random: zeros })
    // The spec's example timestamp, 2016-07-30T22:36:16.385Z.
    expect(next()).toBe('01ARYZ6S41' + '0'.repeat(16))
    const max = createUlidGenerator({ now: () => 2 ** 48 - 1, random: filled(0xff) })
    expect(max()).toBe('7ZZZZZZZZZZZZZZZZZZZZZZZZZ')
  })

  it('sorts as strings in creation order across milliseconds', () => {
    let clock = 1_700_000_000_000
    const ids: string[] = []
    for (let i = 0; i < 50; i++) {
      // Fresh randomness each millisecond, high then low, so order must come from the time part.
      const next = createUlidGenerator({ now: () => clock, random: filled(i % 2 ? 0 : 0xff) })
      ids.push(next())
      clock += 1
    }
    expect([...ids].sort()).toEqual(ids)
  })

  it('is strictly increasing within one millisecond and when the clock steps back', () => {
    let clock = 1_700_000_000_000
    const next = createUlidGenerator({ now: () => clock, random: zeros })
    const first = next()
    const second = next()
    clock -= 5
    const third = next()
    expect(second > first).toBe(true)
    expect(third > second).toBe(true)
    expect(second.slice(0, 10)).toBe(first.slice(0, 10))
    expect(second.slice(-1)).toBe('1')
    expect(third.slice(-1)).toBe('2')
  })

  it('borrows the next millisecond instead of repeating when the randomness is exhausted', () => {
    const next = createUlidGenerator({ now: () => 1000, random: filled(0xff) })
    const first = next()
    const second = next()
    expect(second > first).toBe(true)
    expect(ulidTime(second)).toBe(1001)
  })

  it('many ids from the shared generator are unique and in order', () => {
    const ids = Array.from({ length: 2000 }, () => ulid())
    expect(new Set(ids).size).toBe(ids.length)
    expect([...ids].sort()).toEqual(ids)
  })

  it('rejects a clock it cannot encode and bad randomness with a clear error', () => {
    expect(() => createUlidGenerator({ now: () => -1 })()).toThrow(/between 0 and 2\^48-1, got -1/)
    expect(() => createUlidGenerator({ now: () => 2 ** 48 })()).toThrow(/2\^48-1/)
    expect(() => createUlidGenerator({ now: () => 1.5 })()).toThrow(/integer/)
    expect(() => createUlidGenerator({ random: () => new Uint8Array(3) })()).toThrow(/10 bytes, got 3/)
    expect(() => ulidTime('not-a-ulid')).toThrow(/Not a ULID: "not-a-ulid"/)
  })
})
