import { describe, expect, it } from 'vitest'
import { firstLine, terminalText, truncate } from '../../../src/cli/format/terminal-text'

describe('terminalText', () => {
  it('shows escape sequences, other controls and bidi overrides as visible escapes', () => {
    expect(terminalText('\u001b[2J\u001b]0;pwned\u0007ok')).toBe('\\x1b[2J\\x1b]0;pwned\\x07ok')
    expect(terminalText('a\rb\u009bc\u202ed\u2066e')).toBe('a\\x0db\\x9bc\\u202ed\\u2066e')
  })

  it('keeps line breaks and tabs, and normalises CRLF', () => {
    expect(terminalText('one\r\ntwo\n\tthree')).toBe('one\ntwo\n\tthree')
  })
})

describe('firstLine', () => {
  it('is the first non-blank line, trimmed and safe', () => {
    expect(firstLine('\n  \n  exited with exit code 3\nstderr: x')).toBe('exited with exit code 3')
    expect(firstLine('a\tb\u001b[31m')).toBe('a b\\x1b[31m')
    expect(firstLine('')).toBe('')
  })
})

describe('truncate', () => {
  it('cuts to the width, marking the cut with …', () => {
    expect(truncate('abcdef', 6)).toBe('abcdef')
    expect(truncate('abcdefg', 6)).toBe('abcde…')
    expect(truncate('😀😀😀', 2)).toBe('😀…')
  })
})
