import { describe, expect, it } from 'vitest'
import { NOT_ALLOWED_REASON, restrictCandidates } from '../../../../src/main/core/sampling/allowed-models'
import { selectModel } from '../../../../src/main/core/models/select-model'
import { candidate, userSays, text } from '../models/selection-fixtures'

const configured = [
  candidate('openai/gpt-4o'),
  candidate('openai/gpt-4o-mini'),
  candidate('ollama/llama3'),
  candidate('ollama/qwen2.5'),
  candidate('openrouter/meta-llama/llama-3-70b'),
  candidate('openrouter/anthropic/claude-3'),
  candidate('openai-eu/gpt-4o'),
]
const refs = (list: Array<{ ref: string }>) => list.map((c) => c.ref)

describe('restrictCandidates', () => {
  it('undefined allows every model, in order, and excludes none', () => {
    const result = restrictCandidates(configured, undefined)
    expect(refs(result.allowed)).toEqual(refs(configured))
    expect(result.excluded).toEqual([])
  })

  it('an empty list allows none', () => {
    const result = restrictCandidates(configured, [])
    expect(result.allowed).toEqual([])
    expect(result.excluded).toHaveLength(configured.length)
  })

  it('exact refs allow just those models; the rest are excluded with the reason', () => {
    const result = restrictCandidates(configured, ['openai/gpt-4o', 'ollama/llama3'])
    expect(refs(result.allowed)).toEqual(['openai/gpt-4o', 'ollama/llama3'])
    expect(result.excluded).toEqual([
      { ref: 'openai/gpt-4o-mini', reasons: [NOT_ALLOWED_REASON] },
      { ref: 'ollama/qwen2.5', reasons: [NOT_ALLOWED_REASON] },
      { ref: 'openrouter/meta-llama/llama-3-70b', reasons: [NOT_ALLOWED_REASON] },
      { ref: 'openrouter/anthropic/claude-3', reasons: [NOT_ALLOWED_REASON] },
      { ref: 'openai-eu/gpt-4o', reasons: [NOT_ALLOWED_REASON] },
    ])
    expect(NOT_ALLOWED_REASON).toBe("not in this server's allowed models")
  })

  it('provider/* allows every model of that provider only ("only local models")', () => {
    const result = restrictCandidates(configured, ['ollama/*'])
    expect(refs(result.allowed)).toEqual(['ollama/llama3', 'ollama/qwen2.5'])
    // `openai/*` must not spill over to the provider `openai-eu`
    expect(refs(restrictCandidates(configured, ['openai/*']).allowed)).toEqual([
      'openai/gpt-4o',
      'openai/gpt-4o-mini',
    ])
  })

  it('a deeper prefix selects a family of a provider whose model ids contain slashes', () => {
    const result = restrictCandidates(configured, ['openrouter/meta-llama/*'])
    expect(refs(result.allowed)).toEqual(['openrouter/meta-llama/llama-3-70b'])
  })

  it('exact matching is case-sensitive, surrounding whitespace is ignored, unknown entries allow nothing', () => {
    expect(refs(restrictCandidates(configured, ['OpenAI/GPT-4o']).allowed)).toEqual([])
    expect(refs(restrictCandidates(configured, ['  ollama/llama3 ', '']).allowed)).toEqual(['ollama/llama3'])
    expect(refs(restrictCandidates(configured, ['gpt-4o', '*', 'nope/*', '/*']).allowed)).toEqual([])
  })

  it('feeds selectModel: the choice stays within the allowed models even when a hint names another', () => {
    const { allowed } = restrictCandidates(configured, ['ollama/*'])
    const request = { ...userSays(text('hi')), modelPreferences: { hints: [{ name: 'gpt-4o' }] } }
    const result = selectModel(request, allowed, { recentModels: [] })
    expect(result.ok && result.chosen.ref).toBe('ollama/llama3')
  })
})
