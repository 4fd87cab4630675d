// MCP tool results as `ai` v7 tool-result outputs: text, JSON, errors, and refused media.
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server'
import { describe, expect, it } from 'vitest'
import { toolResultOutput } from '../../../../src/main/core/sampling/tool-result-content'

const text = (value: string) => ({ type: 'text' as const, text: value })

describe('toolResultOutput', () => {
  it('joins the text items with newlines', () => {
    expect(toolResultOutput({ content: [text('line one'), text('line two')] }, 'f')).toEqual({
      type: 'text',
      value: 'line one\nline two',
    })
  })

  it('prefers the text over structured content, and uses the structured content when there is no text', () => {
    const structuredContent = { temperature: 20, condition: 'sunny' }
    expect(toolResultOutput({ content: [text('20 °C, sunny')], structuredContent }, 'f')).toEqual({
      type: 'text',
      value: '20 °C, sunny',
    })
    expect(toolResultOutput({ content: [], structuredContent }, 'f')).toEqual({
      type: 'json',
      value: structuredContent,
    })
  })

  it('marks an isError result as an error output (text or JSON)', () => {
    expect(toolResultOutput({ content: [text('no such word')], isError: true }, 'f')).toEqual({
      type: 'error-text',
      value: 'no such word',
    })
    expect(toolResultOutput({ content: [], structuredContent: { code: 7 }, isError: true }, 'f')).toEqual({
      type: 'error-json',
      value: { code: 7 },
    })
    expect(toolResultOutput({ content: [], isError: true }, 'f')).toEqual({ type: 'error-text', value: '' })
    expect(toolResultOutput({ content: [] }, 'f')).toEqual({ type: 'text', value: '' })
  })

  it('sends embedded text resources as their text and resource links as their JSON', () => {
    const link = { type: 'resource_link' as const, uri: 'file:///notes/a.md', name: 'a.md' }
    const output = toolResultOutput(
      {
        content: [{ type: 'resource', resource: { uri: 'file:///notes/b.md', text: '# B' } }, link],
      },
      'f',
    )
    expect(output).toEqual({ type: 'text', value: `# B\n${JSON.stringify(link)}` })
  })

  it.each([
    ['image', { type: 'image' as const, data: 'AAAA', mimeType: 'image/png' }, 'image content'],
    ['audio', { type: 'audio' as const, data: 'AAAA', mimeType: 'audio/wav' }, 'audio content'],
    [
      'a binary resource',
      { type: 'resource' as const, resource: { uri: 'file:///x.bin', blob: 'AAAA' } },
      'a binary resource (file:///x.bin)',
    ],
  ])('refuses %s with InvalidParams naming the item', (_, item, what) => {
    let caught: unknown
    try {
      toolResultOutput({ content: [text('see:'), item] }, 'messages[2].content[0]')
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(ProtocolError)
    expect((caught as ProtocolError).code).toBe(ProtocolErrorCode.InvalidParams)
    expect((caught as ProtocolError).message).toContain(
      `messages[2].content[0].content[1]: a tool result cannot carry ${what}`,
    )
  })
})
