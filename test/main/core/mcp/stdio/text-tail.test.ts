import { describe, expect, it } from 'vitest'
import { TextTail } from '../../../../../src/main/core/mcp/stdio/text-tail'

describe('TextTail', () => {
  it('keeps everything until the capacity, then only the last characters', () => {
    const tail = new TextTail(10)
    tail.append('abc')
    tail.append('def')
    expect(tail.toString()).toBe('abcdef')
    tail.append('ghijkl')
    expect(tail.toString()).toBe('cdefghijkl')
    tail.append('0123456789ABCDEF')
    expect(tail.toString()).toBe('6789ABCDEF')
  })

  it('does not start with half of a surrogate pair', () => {
    const tail = new TextTail(3)
    tail.append('a😀bc')
    expect(tail.toString()).toBe('bc')
  })
})
