import { describe, expect, it } from 'vitest'
import { toolResultLine } from '../../../src/cli/format/chat-terminal'

const base = {
  v: 1 as const,
  at: '2026-01-01T00:00:00.000Z',
  type: 'tool_result' as const,
  turnId: 't',
  callId: 'c',
}

describe('toolResultLine', () => {
  it('says that the server crashed, and how, for an unknown result cut off by a crash', () => {
    const line = toolResultLine(
      {
        ...base,
        state: 'unknown',
        text: 'Outcome unknown (the server crashed: exited with code 1): the server may have acted; do not retry automatically.',
        attachments: [],
        crash: { reason: 'exited with code 1: Error: boom', exitCode: 1, signal: null },
      },
      'mcp_notes_write',
    )
    expect(line).toBe(
      '[unknown] mcp_notes_write: Outcome unknown — the server crashed (exited with code 1: Error: boom). ' +
        'It may or may not have done what was asked.',
    )
  })

  it('shows the host explanation of another unknown result', () => {
    const line = toolResultLine(
      { ...base, state: 'unknown', text: 'Outcome unknown (no answer within 30 s): x.', attachments: [] },
      'mcp_notes_write',
    )
    expect(line).toBe('[unknown] mcp_notes_write: Outcome unknown (no answer within 30 s): x.')
  })
})
