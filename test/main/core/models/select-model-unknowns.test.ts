import { describe, expect, it } from 'vitest'
import { selectModel, type SelectionResult } from '../../../../src/main/core/models/select-model'
import { candidate, described, image, text, userSays, vision, weatherTool } from './selection-fixtures'

const noFallback = { recentModels: [] }
const picture = userSays([text('what is this?'), image()])

function ranked(result: SelectionResult): Array<{ ref: string; unknowns: string[] }> {
  if (!result.ok) throw new Error(`expected a model, got: ${result.error.message}`)
  return result.ranked.map(({ candidate: c, unknowns }) => ({ ref: c.ref, unknowns }))
}

describe('selectModel with capabilities nobody stated', () => {
  it('sends an image to a model whose image support is unknown when none is known to take images', () => {
    const result = selectModel(
      picture,
      [described('local/mystery'), candidate('local/blind', { inputModalities: ['text'] })],
      noFallback,
    )
    expect(ranked(result)).toEqual([{ ref: 'local/mystery', unknowns: ['image support unknown'] }])
    // A model known not to take images is still refused, and says why.
    expect(result.ok && result.rejected).toEqual([
      { ref: 'local/blind', reasons: ['does not accept images'] },
    ])
  })

  it('ranks a model known to take the request before one that might, whatever the hints say', () => {
    const result = selectModel(
      { ...picture, modelPreferences: { hints: [{ name: 'mystery' }] } },
      [described('local/mystery'), candidate('openai/gpt-4o', vision)],
      noFallback,
    )
    expect(ranked(result)).toEqual([
      { ref: 'openai/gpt-4o', unknowns: [] },
      { ref: 'local/mystery', unknowns: ['image support unknown'] },
    ])
  })

  it('names unknown tool support, and prefers a model with fewer unknowns', () => {
    const result = selectModel(
      { ...picture, tools: [weatherTool] },
      [described('a/nothing-known'), described('b/sees', { inputModalities: ['text', 'image'] })],
      noFallback,
    )
    expect(ranked(result)).toEqual([
      { ref: 'b/sees', unknowns: ['tool support unknown'] },
      { ref: 'a/nothing-known', unknowns: ['image support unknown', 'tool support unknown'] },
    ])
  })

  it('counts an unknown score as nothing, never as average, and says so', () => {
    const result = selectModel(
      { ...userSays(text('hi')), modelPreferences: { intelligencePriority: 1 } },
      [described('a/unrated'), candidate('b/dim', { scores: { intelligence: 0.2 } })],
      noFallback,
    )
    expect(ranked(result)).toEqual([
      { ref: 'b/dim', unknowns: [] },
      { ref: 'a/unrated', unknowns: ['intelligence score unknown'] },
    ])
  })

  it('asks nothing of a plain text request, so nothing is unknown', () => {
    const result = selectModel(userSays(text('hi')), [described('a/mystery')], noFallback)
    expect(ranked(result)).toEqual([{ ref: 'a/mystery', unknowns: [] }])
  })
})
