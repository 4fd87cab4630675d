import { describe, expect, it } from 'vitest'
import { formatByteSize, jsonByteLength } from '../../../../../src/main/core/mcp/discovery/byte-size'

describe('formatByteSize', () => {
  it('prints bytes, KiB and MiB with at most one decimal', () => {
    expect(formatByteSize(512)).toBe('512 bytes')
    expect(formatByteSize(32 * 1024)).toBe('32 KiB')
    expect(formatByteSize(40 * 1024 + 100)).toBe('40.1 KiB')
    expect(formatByteSize(2 * 1024 * 1024)).toBe('2 MiB')
    expect(formatByteSize(Math.round(2.1 * 1024 * 1024))).toBe('2.1 MiB')
  })

  it('rounds to the nearest tenth, moving up a unit when the tenth reaches it', () => {
    expect(formatByteSize(32 * 1024 + 1)).toBe('32 KiB')
    expect(formatByteSize(32 * 1024 + 60)).toBe('32.1 KiB')
    expect(formatByteSize(1023)).toBe('1023 bytes')
    expect(formatByteSize(1024 * 1024 - 1)).toBe('1 MiB')
  })
})

describe('jsonByteLength', () => {
  it('counts UTF-8 bytes of the JSON, not characters', () => {
    expect(jsonByteLength({ a: 'é' })).toBe('{"a":"é"}'.length + 1)
    expect(jsonByteLength('€')).toBe(5)
  })
})
