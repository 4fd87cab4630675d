// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { modelCapabilitiesSchema } from '../../../src/shared/models/model-schema'
import {
  capabilityFactLines,
  chunkTimeoutText,
  currentModelLabel,
  formatTokens,
  keyStatus,
  pricingText,
} from '../../../src/renderer/src/models/model-labels'
import { modelFixture, providerFixture } from '../support/fake-providers'

const providers = [
  providerFixture({
    id: 'openai',
    name: 'OpenAI',
    models: [modelFixture('gpt-4o-mini'), modelFixture('gpt-4o', { displayName: 'GPT-4o' })],
  }),
]

describe('model labels', () => {
  it('names the default model with its provider’s name, else says what is missing', () => {
    expect(currentModelLabel({ providers, defaultModel: 'openai/gpt-4o', recentModels: [] }).text).toBe(
      'OpenAI · GPT-4o',
    )
    expect(currentModelLabel({ providers, defaultModel: 'openai/gpt-4o-mini', recentModels: [] }).text).toBe(
      'OpenAI · gpt-4o-mini',
    )
    expect(currentModelLabel({ providers, defaultModel: 'gone/x', recentModels: [] }).title).toContain(
      'no longer configured',
    )
    expect(currentModelLabel({ providers, recentModels: [] }).text).toBe('No default model')
    expect(currentModelLabel({ providers: [], recentModels: [] }).text).toBe('No model configured')
    expect(currentModelLabel(undefined).text).toBe('No model configured')
  })

  it('formats tokens, prices, timeouts and capabilities in a few words', () => {
    expect([formatTokens(128_000), formatTokens(4096), formatTokens(131_072)]).toEqual([
      '128k',
      '4,096',
      '131,072',
    ])
    expect(pricingText({ inputPerMillion: 0.15, outputPerMillion: 0.6 })).toBe(
      '$0.15 in · $0.60 out per 1M tokens',
    )
    expect(chunkTimeoutText(0)).toBe('stall detection off')
    expect(chunkTimeoutText(480_000)).toBe('stalls after 480 s without output')
  })

  it('shows every fact, known ones with their source and the rest as unknown', () => {
    const caps = modelCapabilitiesSchema.parse({
      inputModalities: ['text', 'image'],
      contextWindow: 128_000,
      toolCalling: true,
      temperature: false,
      scores: { cost: 0.7 },
      sources: { image: 'provider', contextWindow: 'family', toolCalling: 'family', cost: 'preset' },
    })
    const lines = capabilityFactLines(caps)
    expect(lines.map((line) => (line.source ? `${line.text} · ${line.source}` : line.text))).toEqual([
      'images: yes · stated by the provider',
      'audio: unknown',
      'tools: yes · model-family table',
      'temperature: no · set by you',
      '128k context · model-family table',
      'max output: unknown',
      'cost score 0.70 · provider preset',
      'speed score: unknown',
      'intelligence score: unknown',
    ])
    expect(lines[0]?.title).toBe('Images (jpeg, png, gif, webp), up to 20 MiB each')
  })

  it('tells whether a key is stored without ever having it', () => {
    expect(keyStatus(providerFixture({ id: 'a' }))).toBe('no key')
    expect(keyStatus(providerFixture({ id: 'a', apiKey: { secret: 'provider.a.api-key' } }))).toBe(
      'key stored',
    )
    expect(keyStatus(providerFixture({ id: 'a', apiKey: { secret: 'team-openai' } }))).toBe(
      'key from secret team-openai',
    )
  })
})
