import { describe, expect, it } from 'vitest'
import { estimateCost } from '../../../../src/main/core/models/pricing'

describe('estimateCost', () => {
  const priced = { pricing: { inputPerMillion: 2.5, outputPerMillion: 10 } }

  it('prices input and output tokens per million', () => {
    expect(estimateCost(priced, { inputTokens: 1_000_000, outputTokens: 0 })).toBe(2.5)
    expect(estimateCost(priced, { inputTokens: 2000, outputTokens: 500 })).toBeCloseTo(0.01, 10)
  })

  it('counts a missing side as zero but never guesses a cost without usage or pricing', () => {
    expect(estimateCost(priced, { outputTokens: 100_000 })).toBeCloseTo(1, 10)
    expect(estimateCost(priced, {})).toBeUndefined()
    expect(estimateCost(priced, { inputTokens: Number.NaN, outputTokens: -1 })).toBeUndefined()
    expect(estimateCost({}, { inputTokens: 10, outputTokens: 10 })).toBeUndefined()
    expect(estimateCost({ pricing: { inputPerMillion: 0, outputPerMillion: 0 } }, { inputTokens: 5 })).toBe(0)
  })
})
