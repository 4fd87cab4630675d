import { describe, expect, it } from 'vitest'
import { markdownBlocks } from '../../../src/renderer/src/chat/markdown-blocks'

describe('markdownBlocks', () => {
  it('cuts at blank lines between top-level blocks, and the blocks joined are the text', () => {
    const text = 'First paragraph.\n\n## Heading\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nLast, still stre'
    const blocks = markdownBlocks(text)
    expect(blocks).toEqual([
      'First paragraph.\n',
      '## Heading\n',
      '| a | b |\n|---|---|\n| 1 | 2 |\n',
      'Last, still stre',
    ])
    expect(blocks.join('\n')).toBe(text)
  })

  it('never cuts inside fenced code, even at blank lines or a fence of the other kind', () => {
    const text = 'Intro\n\n```ts\nconst a = 1\n\n~~~\n\nconst b = 2\n```\n\nAfter'
    expect(markdownBlocks(text)).toEqual([
      'Intro\n',
      '```ts\nconst a = 1\n\n~~~\n\nconst b = 2\n```\n',
      'After',
    ])
    // An unclosed fence (still streaming) keeps everything after it in one block.
    expect(markdownBlocks('```\ncode\n\nmore')).toEqual(['```\ncode\n\nmore'])
  })

  it('keeps loose lists, list continuations and indented code with what they belong to', () => {
    expect(markdownBlocks('- one\n\n- two\n\n  continued\n\n1. first\n\n2) second')).toHaveLength(1)
    expect(markdownBlocks('Text\n\n    indented code\n\nNext')).toEqual([
      'Text\n\n    indented code\n',
      'Next',
    ])
  })

  it('keeps a text that defines link references or footnotes whole', () => {
    expect(markdownBlocks('See [the docs][d].\n\nMore.\n\n[d]: https://example.com')).toHaveLength(1)
    expect(markdownBlocks('A claim.[^1]\n\nMore.\n\n[^1]: The source.')).toHaveLength(1)
  })

  it('returns the empty text as one empty block', () => {
    expect(markdownBlocks('')).toEqual([''])
  })
})
