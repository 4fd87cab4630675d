import { describe, expect, it } from 'vitest'
import { runSettingsFor, type RunRequest } from '../../../../src/main/core/models/run-settings'
import { modelCapabilitiesSchema } from '../../../../src/shared/models/model-schema'

const warm = modelCapabilitiesSchema.parse({ maxOutputTokens: 4096, temperature: true })
const fixed = modelCapabilitiesSchema.parse({ maxOutputTokens: 8192, temperature: false })

const unknown = modelCapabilitiesSchema.parse({})

describe('runSettingsFor', () => {
  it("sends the request's maxTokens and temperature as asked when the model's limits are unknown", () => {
    // Before facts had sources every unknown model was capped at a made-up 4,096 output tokens.
    expect(runSettingsFor({ maxTokens: 100_000, temperature: 0.3 }, unknown)).toEqual({
      maxOutputTokens: 100_000,
      temperature: 0.3,
      maxRetries: 1,
    })
  })

  it.each([
    {
      name: 'a small request keeps its maxTokens',
      request: { maxTokens: 1000 },
      capabilities: warm,
      expected: { maxOutputTokens: 1000, maxRetries: 1 },
    },
    {
      name: 'maxTokens is capped at the model maximum',
      request: { maxTokens: 100_000 },
      capabilities: warm,
      expected: { maxOutputTokens: 4096, maxRetries: 1 },
    },
    {
      name: 'temperature passes when the model supports it',
      request: { maxTokens: 10, temperature: 0 },
      capabilities: warm,
      expected: { maxOutputTokens: 10, temperature: 0, maxRetries: 1 },
    },
    {
      name: 'temperature is dropped when the model does not support it',
      request: { maxTokens: 10, temperature: 0.7 },
      capabilities: fixed,
      expected: { maxOutputTokens: 10, maxRetries: 1 },
    },
    {
      name: 'stop sequences pass through',
      request: { maxTokens: 10, stopSequences: ['END', '\n\n'] },
      capabilities: fixed,
      expected: { maxOutputTokens: 10, stopSequences: ['END', '\n\n'], maxRetries: 1 },
    },
    {
      name: 'an empty stop list is left out',
      request: { maxTokens: 10, stopSequences: [] },
      capabilities: warm,
      expected: { maxOutputTokens: 10, maxRetries: 1 },
    },
    {
      name: 'empty stop strings are left out',
      request: { maxTokens: 10, stopSequences: ['', 'STOP'] },
      capabilities: warm,
      expected: { maxOutputTokens: 10, stopSequences: ['STOP'], maxRetries: 1 },
    },
  ])('$name', ({ request, capabilities, expected }) => {
    // toStrictEqual: an absent setting must be absent, not present as undefined.
    expect(runSettingsFor(request as RunRequest, capabilities)).toStrictEqual(expected)
  })

  it.each([0, -5, 1.5, Number.NaN])('rejects maxTokens %s with a message naming it', (maxTokens) => {
    expect(() => runSettingsFor({ maxTokens }, warm)).toThrow(/^maxTokens must be a positive integer, got /)
  })
})
