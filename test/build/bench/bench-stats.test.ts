import { describe, expect, it } from 'vitest'
import { alternateSlices } from '../../../bench/support/alternating-slices'
import { formatMs, pairedRatios, percentile, ratio, summarize } from '../../../bench/support/stats'
import { checkEcho, echoLoad, echoRequest } from '../../../bench/stdio/echo-load'

describe('benchmark statistics', () => {
  it('interpolates percentiles between ranks, whatever the input order', () => {
    expect(percentile([4, 1, 3, 2], 50)).toBe(2.5)
    expect(percentile([10, 20, 30, 40, 50], 25)).toBe(20)
    expect(percentile([10, 20], 99)).toBeCloseTo(19.9)
    expect(percentile([7], 99)).toBe(7)
    expect(() => percentile([], 50)).toThrow('no values')
    expect(() => percentile([1], 101)).toThrow('0–100')
  })

  it('summarizes min, quartiles, p99, max and mean', () => {
    const values = Array.from({ length: 101 }, (_, i) => i)
    expect(summarize(values)).toEqual({
      count: 101,
      min: 0,
      p25: 25,
      median: 50,
      p75: 75,
      p99: 99,
      max: 100,
      mean: 50,
    })
  })

  it('takes ratios of paired slices and refuses a zero denominator', () => {
    expect(pairedRatios([2, 9], [1, 3])).toEqual([2, 3])
    expect(() => pairedRatios([1], [1, 2])).toThrow('differ in length')
    expect(() => ratio(1, 0)).toThrow('cannot take the ratio')
  })

  it('formats milliseconds with precision that fits their size, negative ones too', () => {
    expect(formatMs(0.04219)).toBe('0.042 ms')
    expect(formatMs(1.349)).toBe('1.35 ms')
    expect(formatMs(27.44)).toBe('27.4 ms')
    expect(formatMs(1250.2)).toBe('1250 ms')
    expect(formatMs(-1250.2)).toBe('-1250 ms')
  })
})

describe('alternating slices', () => {
  it('rotates who goes first and keeps the samples of each slice index-aligned', async () => {
    const calls: string[] = []
    const samples = await alternateSlices(['a', 'b', 'c'], 5, 2, (who, count) => {
      calls.push(`${who}${count}`)
      return Promise.resolve()
    })
    expect(calls).toEqual(['a2', 'b2', 'c2', 'b2', 'c2', 'a2', 'c1', 'a1', 'b1'])
    expect(samples.map((each) => each.map((sample) => sample.count))).toEqual([
      [2, 2, 1],
      [2, 2, 1],
      [2, 2, 1],
    ])
  })
})

describe('stdio echo load', () => {
  it('sizes the request line close to the asked size and checks the echo', () => {
    const load = echoLoad('small', 200)
    const line = JSON.stringify(echoRequest(1000, load.text)) + '\n'
    expect(Buffer.byteLength(line)).toBe(200)
    const reply = {
      jsonrpc: '2.0' as const,
      id: 1000,
      result: { content: [{ type: 'text', text: load.text }] },
    }
    expect(load.bytesPerRoundTrip).toBe(200 + Buffer.byteLength(JSON.stringify(reply)) + 1)
    expect(() => checkEcho(reply, load.text.length)).not.toThrow()
    expect(() => checkEcho(reply, load.text.length + 1)).toThrow('bad echo reply')
  })
})
