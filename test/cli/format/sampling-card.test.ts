import { describe, expect, it } from 'vitest'
import {
  completionLines,
  contentLines,
  formatBytes,
  formatUsd,
  samplingCardLines,
} from '../../../src/cli/format/sampling-card'
import { sampleCard } from '../support/sample-card'

describe('samplingCardLines', () => {
  it('names who asks, the model and its alternatives, the limits, the prompts and the estimate', () => {
    expect(samplingCardLines(sampleCard())).toEqual([
      'Notes (stdio: notes-mcp) wants to run a model',
      '  Model: openai/gpt-4o -- also eligible: local/llama',
      '    not eligible: local/tiny (does not take images)',
      '  Hints: gpt-4o',
      '  Priorities: cost 0.2, intelligence 0.9',
      '  Max tokens: 300, temperature: 0.5, stop: "END"',
      '  System prompt (9 chars):',
      '    Be brief.',
      '  Message 1 (user):',
      '    Summarise my notes',
      '  Estimated input: ~500 tokens, ~$0.00125 with openai/gpt-4o',
    ])
  })

  it("cuts the system prompt at 200 characters and text at 500, and shows today's usage", () => {
    const lines = samplingCardLines(
      sampleCard({
        systemPrompt: 's'.repeat(1000),
        messages: [{ role: 'assistant', content: [{ type: 'text', text: 't'.repeat(2000) }] }],
        usageToday: { requests: 3, inputTokens: 1200, outputTokens: 340 },
        hints: [],
        priorities: {},
        temperature: undefined,
        stopSequences: [],
      }),
    )
    expect(lines).toContain('  System prompt (1000 chars):')
    expect(lines).toContain(`    ${'s'.repeat(199)}…`)
    expect(lines).toContain('  Message 1 (assistant):')
    expect(lines).toContain(`    ${'t'.repeat(499)}…`)
    expect(lines).toContain('  Max tokens: 300')
    expect(lines).toContain('  This server today: 3 requests, 1200 tokens in, 340 out')
    expect(lines.some((line) => line.startsWith('  Hints') || line.startsWith('  Priorities'))).toBe(false)
  })

  it('keeps escape sequences from the server off the terminal and indents every line of a text', () => {
    const lines = samplingCardLines(
      sampleCard({
        serverName: 'Evil\u001b[2J',
        systemPrompt: 'line one\nline two\u001b]0;title\u0007',
        model: {
          chosen: 'local/llama',
          eligible: [{ ref: 'local/llama', displayName: 'Llama' }],
          ineligible: [],
        },
      }),
    )
    expect(lines[0]).toBe('Evil\\x1b[2J (stdio: notes-mcp) wants to run a model')
    expect(lines).toContain('    line one')
    expect(lines).toContain('    line two\\x1b]0;title\\x07')
    expect(lines).toContain('  Model: local/llama')
    expect(lines).toContain('  Estimated input: ~500 tokens')
    expect(lines.join('\n')).not.toContain('\u001b')
  })

  it('says what nobody stated the chosen model can do, before the user approves', () => {
    const model = {
      chosen: 'local/llama',
      eligible: [{ ref: 'local/llama', displayName: 'Ollama · llama', unknowns: ['image support unknown'] }],
      ineligible: [],
    }
    const lines = samplingCardLines(sampleCard({ model }))
    expect(lines).toContain('    may not work: image support unknown')
    expect(samplingCardLines(sampleCard()).some((line) => line.includes('may not work'))).toBe(false)
  })

  it('lists at most five ineligible models', () => {
    const ineligible = Array.from({ length: 7 }, (_, i) => ({ ref: `p/m${i}`, reasons: ['too small'] }))
    const lines = samplingCardLines(sampleCard({ model: { ...sampleCard().model, ineligible } }))
    expect(lines.filter((line) => line.startsWith('    not eligible:'))).toHaveLength(5)
    expect(lines).toContain('    and 2 more not eligible')
  })
})

describe('contentLines', () => {
  it('shows media as type, dimensions, size and duration', () => {
    expect(
      contentLines({ type: 'image', mimeType: 'image/png', bytes: 12 * 1024, width: 640, height: 480 }),
    ).toEqual(['    [image image/png 640×480, 12 KiB]'])
    expect(contentLines({ type: 'image', mimeType: 'image/jpeg', bytes: 900 })).toEqual([
      '    [image image/jpeg, 900 B]',
    ])
    expect(
      contentLines({ type: 'audio', mimeType: 'audio/wav', bytes: 3 * 1024 * 1024, durationMs: 3200 }),
    ).toEqual(['    [audio audio/wav, 3 MiB, 3.2 s]'])
    expect(contentLines({ type: 'other', summary: 'tool_use search' })).toEqual(['    [tool_use search]'])
  })
})

describe('completionLines', () => {
  it('shows the whole completion, indented', () => {
    const card = sampleCard({ phase: 'review', completion: 'First line\nSecond line' })
    expect(completionLines(card)).toEqual([
      'Notes (stdio: notes-mcp): openai/gpt-4o answered (22 chars):',
      '    First line',
      '    Second line',
    ])
  })

  it('says when the model stopped at the token limit', () => {
    const card = sampleCard({ phase: 'review', completion: 'Half', completionCutOff: true, maxTokens: 200 })
    expect(completionLines(card).at(-1)).toBe(
      "  Cut off: the model stopped at this request's limit of 200 tokens; the answer is incomplete.",
    )
  })
})

describe('formatBytes and formatUsd', () => {
  it('round to a readable size and keep fractions of a cent visible', () => {
    expect(formatBytes(1536)).toBe('1.5 KiB')
    expect(formatBytes(5 * 1024 * 1024 + 300 * 1024)).toBe('5.3 MiB')
    expect(formatUsd(0)).toBe('$0')
    expect(formatUsd(1.234)).toBe('$1.23')
    expect(formatUsd(0.0000004)).toBe('< $0.000001')
  })
})
