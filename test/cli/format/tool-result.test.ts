import { describe, expect, it } from 'vitest'
import { base64Bytes, formatToolResult } from '../../../src/cli/format/tool-result'

const pngBytes = Buffer.alloc(12_600, 7)

describe('formatToolResult', () => {
  it('prints text as text and other content as one-line placeholders', () => {
    expect(
      formatToolResult({
        content: [
          { type: 'text', text: 'line one\nline two' },
          { type: 'image', data: pngBytes.toString('base64'), mimeType: 'image/png' },
          { type: 'audio', data: Buffer.alloc(10).toString('base64'), mimeType: 'audio/wav' },
          { type: 'resource_link', uri: 'file:///tmp/a.txt', name: 'a', mimeType: 'text/plain' },
          { type: 'resource', resource: { uri: 'mem://note', mimeType: 'text/markdown', text: 'héllo' } },
          { type: 'resource', resource: { uri: 'mem://blob', blob: Buffer.alloc(2048).toString('base64') } },
        ],
      }),
    ).toEqual([
      'line one\nline two',
      '[image image/png, 12.3 KiB]',
      '[audio audio/wav, 10 bytes]',
      '[resource link file:///tmp/a.txt text/plain]',
      '[resource mem://note text/markdown, 5 characters of text]',
      '[resource mem://blob, 2 KiB]',
    ])
  })

  it('prints structuredContent as JSON when no text says anything', () => {
    expect(formatToolResult({ content: [], structuredContent: { temperature: 21 } })).toEqual([
      '{\n  "temperature": 21\n}',
    ])
    expect(
      formatToolResult({ content: [{ type: 'text', text: '21 degrees' }], structuredContent: { t: 21 } }),
    ).toEqual(['21 degrees'])
  })

  it('names a content kind it does not know instead of failing', () => {
    const future = { type: 'hologram', data: 'x' } as unknown as { type: 'text'; text: string }
    expect(formatToolResult({ content: [future] })).toEqual(['[hologram content]'])
  })

  it('makes server text terminal-safe', () => {
    expect(formatToolResult({ content: [{ type: 'text', text: '\u001b]0;title\u0007' }] })).toEqual([
      '\\x1b]0;title\\x07',
    ])
  })
})

describe('sizes', () => {
  it('decodes base64 length without decoding', () => {
    for (const length of [0, 1, 2, 3, 4, 1000, 1001]) {
      expect(base64Bytes(Buffer.alloc(length).toString('base64'))).toBe(length)
    }
  })
})
