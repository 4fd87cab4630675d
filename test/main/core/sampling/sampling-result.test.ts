// The createMessage result for a run: one block as is, several as an array only for 2025-11-25 servers.
import { CreateMessageResultSchema, CreateMessageResultWithToolsSchema } from '@modelcontextprotocol/core'
import { describe, expect, it } from 'vitest'
import {
  acceptsArrayContent,
  toCreateMessageResult,
} from '../../../../src/main/core/sampling/sampling-result'
import type { SamplingResultBlock } from '../../../../src/main/core/sampling/sampling-runner'

const said: SamplingResultBlock = { type: 'text', text: 'Let me look.' }
const call: SamplingResultBlock = { type: 'tool_use', id: 'c1', name: 'lookup', input: { word: 'a' } }

function shape(content: SamplingResultBlock[], version: string | undefined) {
  const warnings: string[] = []
  const result = toCreateMessageResult({ content, stopReason: 'toolUse' }, 'p/m', version, (message) =>
    warnings.push(message),
  )
  return { result, warnings }
}

describe('toCreateMessageResult', () => {
  it('sends a single text block as the block itself, readable by servers of every version', () => {
    const { result, warnings } = shape([{ type: 'text', text: 'hi' }], '2024-11-05')
    expect(result).toEqual({
      role: 'assistant',
      content: { type: 'text', text: 'hi' },
      model: 'p/m',
      stopReason: 'toolUse',
    })
    expect(CreateMessageResultSchema.safeParse(result).success).toBe(true)
    expect(warnings).toEqual([])
  })

  it('sends a single tool call as the block itself', () => {
    const { result, warnings } = shape([call], '2025-11-25')
    expect(result.content).toEqual(call)
    expect(CreateMessageResultWithToolsSchema.safeParse(result).success).toBe(true)
    expect(warnings).toEqual([])
  })

  it.each(['2025-11-25', '2026-03-01'])('sends text and a call as an array to a %s server', (version) => {
    const { result, warnings } = shape([said, call], version)
    expect(result.content).toEqual([said, call])
    expect(CreateMessageResultWithToolsSchema.safeParse(result).success).toBe(true)
    expect(warnings).toEqual([])
  })

  it.each([
    ['2025-06-18', '2025-06-18'],
    ['2024-11-05', '2024-11-05'],
    ['an unknown version', undefined],
  ])('sends only the first block to %s, with a warning naming what was dropped', (_, version) => {
    const { result, warnings } = shape([said, call], version)
    expect(result.content).toEqual(said)
    expect(result.stopReason).toBe('toolUse')
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toContain('has 2 content blocks (text, tool_use)')
    expect(warnings[0]).toContain(`protocol version ${version ?? '(unknown)'} predates array content`)
    expect(warnings[0]).toContain('sent only the first (text)')
  })

  it('answers an empty content list with an empty text block', () => {
    expect(shape([], '2025-11-25').result.content).toEqual({ type: 'text', text: '' })
  })
})

describe('acceptsArrayContent', () => {
  it('compares ISO-date versions, and treats anything else as too old', () => {
    expect(acceptsArrayContent('2025-11-25')).toBe(true)
    expect(acceptsArrayContent('2025-11-24')).toBe(false)
    expect(acceptsArrayContent(undefined)).toBe(false)
    expect(acceptsArrayContent('DRAFT-2026-v1')).toBe(false)
    expect(acceptsArrayContent('')).toBe(false)
  })
})
