import { describe, expect, it } from 'vitest'
import { formatByteSize } from '../../../src/shared/format/byte-size'

describe('formatByteSize', () => {
  it('reads like a person writes sizes: whole units plain, others to one decimal', () => {
    expect(formatByteSize(0)).toBe('0 bytes')
    expect(formatByteSize(1023)).toBe('1023 bytes')
    expect(formatByteSize(1024)).toBe('1 KiB')
    expect(formatByteSize(1536)).toBe('1.5 KiB')
    expect(formatByteSize(64 * 1024)).toBe('64 KiB')
    expect(formatByteSize(40.1 * 1024)).toBe('40.1 KiB')
    expect(formatByteSize(1024 * 1024 - 1)).toBe('1 MiB')
    expect(formatByteSize(2.1 * 1024 * 1024)).toBe('2.1 MiB')
    expect(formatByteSize(32 * 1024 * 1024)).toBe('32 MiB')
  })
})
