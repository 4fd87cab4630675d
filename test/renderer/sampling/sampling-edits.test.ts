// @vitest-environment node
import { describe, expect, it } from 'vitest'
import {
  approvalDecision,
  hasEdits,
  noEdits,
  textKey,
} from '../../../src/renderer/src/sampling/sampling-edits'
import { samplingCardFixture } from '../support/sampling-fixtures'

const card = samplingCardFixture()

describe('sampling edits', () => {
  it('approves with the chosen model and nothing else when nothing was edited', () => {
    expect(hasEdits(card, noEdits)).toBe(false)
    expect(approvalDecision(card, 'approve', 'ollama/llama3.2', noEdits)).toEqual({
      kind: 'approve',
      modelRef: 'ollama/llama3.2',
    })
  })

  it('sends a changed system prompt and changed texts in message order', () => {
    const edits = {
      systemPrompt: 'Be brief.',
      texts: { [textKey(2, 0)]: 'Today only.', [textKey(0, 0)]: 'Summarise.' },
    }
    expect(hasEdits(card, edits)).toBe(true)
    expect(approvalDecision(card, 'always', 'openai/gpt-4o-mini', edits)).toEqual({
      kind: 'always',
      modelRef: 'openai/gpt-4o-mini',
      systemPrompt: 'Be brief.',
      textEdits: [
        { message: 0, item: 0, text: 'Summarise.' },
        { message: 2, item: 0, text: 'Today only.' },
      ],
    })
  })

  it('drops edits that equal the original and edits that address no text item', () => {
    const edits = {
      systemPrompt: 'You are a terse assistant.',
      texts: {
        [textKey(1, 0)]: 'Which notes?',
        [textKey(0, 1)]: 'not a text item',
        [textKey(9, 0)]: 'nowhere',
      },
    }
    expect(hasEdits(card, edits)).toBe(false)
    expect(approvalDecision(card, 'approve', 'openai/gpt-4o-mini', edits)).toEqual({
      kind: 'approve',
      modelRef: 'openai/gpt-4o-mini',
    })
  })

  it('lets the user add a system prompt to a request that had none', () => {
    const bare = samplingCardFixture({ systemPrompt: undefined })
    expect(approvalDecision(bare, 'approve', 'a/b', { texts: {}, systemPrompt: '' })).toEqual({
      kind: 'approve',
      modelRef: 'a/b',
    })
    expect(approvalDecision(bare, 'approve', 'a/b', { texts: {}, systemPrompt: 'Hi' })).toMatchObject({
      systemPrompt: 'Hi',
    })
  })

  it('sends the tools taken out of the offer only when there are some', () => {
    const withTools = samplingCardFixture({
      tools: [
        { name: 'search', inputSchema: { type: 'object' } },
        { name: 'read', inputSchema: { type: 'object' } },
      ],
    })
    expect(approvalDecision(withTools, 'approve', 'a/b', noEdits, new Set())).toEqual({
      kind: 'approve',
      modelRef: 'a/b',
    })
    expect(approvalDecision(withTools, 'approve', 'a/b', noEdits, new Set(['read', 'unknown']))).toEqual({
      kind: 'approve',
      modelRef: 'a/b',
      removedTools: ['read'],
    })
  })
})
