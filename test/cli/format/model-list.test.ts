import { describe, expect, it } from 'vitest'
import {
  defaultModelNotice,
  formatModelList,
  listModels,
  sourceLegend,
  summarizeModels,
} from '../../../src/cli/format/model-list'
import { providerConfigSchema, type ProviderConfig } from '../../../src/shared/models/model-schema'

function provider(id: string, models: unknown[]): ProviderConfig {
  return providerConfigSchema.parse({
    id,
    name: id,
    preset: 'custom',
    baseUrl: 'http://127.0.0.1:1/v1',
    models,
  })
}

const providers = [
  provider('openai', [
    {
      id: 'gpt-4o-audio',
      displayName: 'GPT-4o audio',
      capabilities: {
        inputModalities: ['text', 'audio'],
        audioFormats: ['wav', 'mp3'],
        contextWindow: 128_000,
        maxOutputTokens: 16_384,
        toolCalling: false,
        temperature: false,
        scores: { cost: 0.8, speed: 0.25, intelligence: 0.9 },
        sources: {
          image: 'provider',
          audio: 'provider',
          contextWindow: 'provider',
          maxOutputTokens: 'provider',
          toolCalling: 'family',
          temperature: 'family',
          cost: 'user',
          speed: 'user',
        },
      },
      pricing: { inputPerMillion: 2.5, outputPerMillion: 10 },
    },
  ]),
  provider('local', [{ id: 'llava' }]),
]

describe('listModels', () => {
  it('gives every model its provider/model ref and marks the default', () => {
    const models = listModels(providers, 'local/llava')
    expect(models.map(({ ref, displayName, isDefault }) => ({ ref, displayName, isDefault }))).toEqual([
      { ref: 'openai/gpt-4o-audio', displayName: 'GPT-4o audio', isDefault: false },
      { ref: 'local/llava', displayName: 'llava', isDefault: true },
    ])
    expect(models[0]?.pricing).toEqual({ inputPerMillion: 2.5, outputPerMillion: 10 })
    expect(models[1]?.pricing).toBeNull()
  })
})

describe('formatModelList', () => {
  it('shows each fact with its source, and what nobody stated as unknown', () => {
    expect(formatModelList(listModels(providers, 'local/llava'))).toEqual([
      '  openai/gpt-4o-audio  openai · GPT-4o audio',
      '    input: text  images: no [provider]  audio: yes (wav, mp3) [provider]',
      '    tools: no [family]  temperature: no [family]',
      '    context: 128,000 tokens [provider]  max output: 16,384 tokens [provider]',
      // A value nobody attributed was typed into settings.json by hand.
      '    scores: cost 0.80 [you]  speed 0.25 [you]  intelligence 0.90 [you]',
      '    price per million tokens: $2.50 input, $10.00 output',
      '* local/llava  local · llava',
      '    input: text  images: unknown  audio: unknown',
      '    tools: unknown  temperature: unknown',
      '    context: unknown  max output: unknown',
      '    scores: cost unknown  speed unknown  intelligence unknown',
      '    price: not set',
    ])
  })

  it('keeps lines within the width and escapes control characters in ids and names', () => {
    const odd = provider('p', [
      { id: `m\u001b]0;title\u0007${'x'.repeat(100)}`, displayName: 'Evil\u202eeman' },
    ])
    const lines = formatModelList(listModels([odd], undefined), 60)
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(60)
    expect(lines[0]).toMatch(/^ {2}p\/m\\x1b\]0;title\\x07x+…$/)
    for (const control of ['\u001b', '\u0007', '\u202e']) expect(lines.join('\n')).not.toContain(control)
  })
})

describe('summarizeModels', () => {
  it('says how to choose a default, and when the default is gone', () => {
    const models = listModels(providers, undefined)
    expect(summarizeModels(models, undefined)).toBe(
      '2 models; no default: choose one with mcp-desk models default <provider/model>',
    )
    expect(summarizeModels(listModels(providers, 'local/llava'), 'local/llava')).toBe(
      '2 models; * marks the default',
    )
    expect(summarizeModels(listModels(providers, 'gone/x'), 'gone/x')).toBe(
      '2 models; the default gone/x is not configured any more',
    )
  })
})

describe('the lines around the list', () => {
  it('spells out the source tags and what unknown means', () => {
    expect(sourceLegend()).toEqual([
      'Sources: [provider] stated by the provider, [family] model-family table,',
      '  [preset] provider preset, [you] set by you; unknown: nobody stated it',
    ])
  })

  it('says when a model became the default', () => {
    expect(defaultModelNotice('local/llava')).toBe(
      'local/llava is now the default model (it is the first one); change it with mcp-desk models default',
    )
  })
})
