// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { modelCapabilitiesSchema } from '../../../src/shared/models/model-schema'
import {
  buildModelInput,
  modelFormFromConfig,
  toggled,
  type ModelFormState,
} from '../../../src/renderer/src/models/model-form-model'
import { modelFixture } from '../support/fake-providers'

const MiB = 1024 * 1024

function errorsOf(form: ModelFormState, hadPricing = false): Record<string, string> {
  const built = buildModelInput('m', form, { hadPricing })
  if (built.ok) throw new Error('expected problems')
  return built.errors
}

describe('model form model', () => {
  it('round-trips a model: what is loaded is saved unchanged, sizes back in bytes', () => {
    const capabilities = modelCapabilitiesSchema.parse({
      inputModalities: ['text', 'image', 'audio'],
      imageMimeTypes: ['image/png', 'image/webp'],
      maxImageBytes: 5 * MiB,
      maxTextBytes: 256 * 1024,
      audioFormats: ['wav'],
      contextWindow: 200_000,
      maxOutputTokens: 8192,
      toolCalling: false,
      temperature: false,
      scores: { cost: 0.8, speed: 0.25, intelligence: 0.95 },
    })
    const model = modelFixture('gpt-4o', {
      displayName: 'GPT-4o',
      capabilities,
      pricing: { inputPerMillion: 2.5, outputPerMillion: 10 },
    })
    const form = modelFormFromConfig(model)
    expect(form).toMatchObject({ maxImageMiB: '5', maxTextKiB: '256', contextWindow: '200000' })
    const { sources: _sources, ...shown } = capabilities
    expect(buildModelInput('gpt-4o', form, { hadPricing: true })).toEqual({
      ok: true,
      input: {
        id: 'gpt-4o',
        displayName: 'GPT-4o',
        capabilities: shown,
        pricing: { inputPerMillion: 2.5, outputPerMillion: 10 },
      },
    })
    // Given the form as first shown, an unchanged form sends no capabilities: nothing is an edit.
    expect(buildModelInput('gpt-4o', form, { hadPricing: true, initial: form })).toMatchObject({
      ok: true,
      input: { capabilities: {} },
    })
  })

  it('does not save the placeholders of facts the host does not know', () => {
    const model = modelFixture('mystery', { capabilities: modelCapabilitiesSchema.parse({}) })
    const initial = modelFormFromConfig(model)
    expect(initial).toMatchObject({ contextWindow: '', maxOutputTokens: '' })
    const built = buildModelInput(
      'mystery',
      { ...initial, contextWindow: '32768' },
      { hadPricing: false, initial },
    )
    expect(built).toEqual({ ok: true, input: { id: 'mystery', capabilities: { contextWindow: 32_768 } } })
    // Clearing a number makes it unknown again.
    const cleared = buildModelInput(
      'm',
      { ...modelFormFromConfig(modelFixture('m')), maxOutputTokens: '' },
      { hadPricing: false },
    )
    expect(cleared.ok && cleared.input.capabilities?.maxOutputTokens).toBeNull()
  })

  it('reads tools and temperature as yes / no / unknown, and sends unknown as null', () => {
    const model = modelFixture('mystery', {
      capabilities: modelCapabilitiesSchema.parse({ temperature: false }),
    })
    const initial = modelFormFromConfig(model)
    expect([initial.toolCalling, initial.temperature]).toEqual(['unknown', 'no'])
    expect(initial.scores).toEqual({ cost: null, speed: null, intelligence: null })
    const built = buildModelInput(
      'mystery',
      { ...initial, toolCalling: 'yes', temperature: 'unknown', scores: { ...initial.scores, cost: 0.3 } },
      { hadPricing: false, initial },
    )
    expect(built).toEqual({
      ok: true,
      input: { id: 'mystery', capabilities: { toolCalling: true, temperature: null, scores: { cost: 0.3 } } },
    })
  })

  it('drops pricing with null only when there was one, and wants both prices or neither', () => {
    const form = modelFormFromConfig(modelFixture('m'))
    const built = buildModelInput('m', form, { hadPricing: false })
    expect(built.ok && 'pricing' in built.input).toBe(false)
    expect(buildModelInput('m', form, { hadPricing: true })).toMatchObject({
      ok: true,
      input: { pricing: null },
    })
    expect(errorsOf({ ...form, inputPerMillion: '0.15' })).toEqual({
      outputPerMillion: 'enter both prices, or neither',
    })
    expect(errorsOf({ ...form, inputPerMillion: '-1', outputPerMillion: '2' })).toEqual({
      inputPerMillion: 'enter a price of 0 or more (US dollars per million tokens)',
    })
  })

  it('names each problem beside its field', () => {
    const form = modelFormFromConfig(modelFixture('m'))
    expect(
      errorsOf({
        ...form,
        modalities: [],
        maxTextKiB: '0',
        maxImageMiB: 'big',
        contextWindow: '12.5',
        maxOutputTokens: '0',
      }),
    ).toEqual({
      modalities: 'choose at least one kind of input',
      maxTextKiB: 'enter a size in KiB above 0',
      maxImageMiB: 'enter a size in MiB above 0',
      contextWindow: 'enter a whole number of tokens above 0',
      maxOutputTokens: 'enter a whole number of tokens above 0',
    })
    expect(errorsOf({ ...form, modalities: ['text', 'image'], imageMimeTypes: [] })).toEqual({
      imageMimeTypes: 'choose at least one image type, or untick images',
    })
    expect(errorsOf({ ...form, modalities: ['audio'], audioFormats: [] })).toEqual({
      audioFormats: 'choose at least one audio format, or untick audio',
    })
  })

  it('toggles keep the canonical order', () => {
    const all = ['text', 'image', 'audio'] as const
    expect(toggled(['audio'], 'text', true, all)).toEqual(['text', 'audio'])
    expect(toggled(['text', 'audio'], 'text', false, all)).toEqual(['audio'])
  })
})
