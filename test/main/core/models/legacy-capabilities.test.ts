import { describe, expect, it } from 'vitest'
import { migrateSettings } from '../../../../src/main/core/config/settings-migrations'
import { upgradeLegacyCapabilities } from '../../../../src/main/core/models/legacy-capabilities'
import { defaultCapabilities } from '../../../../src/main/core/models/provider-presets'
import { settingsSchema } from '../../../../src/shared/settings/settings-schema'

/** What version 1 stored for every model it knew nothing about: the made-up defaults. */
const OLD_MADE_UP = {
  inputModalities: ['text'],
  imageMimeTypes: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
  maxImageBytes: 20 * 1024 * 1024,
  maxTextBytes: 1024 * 1024,
  audioFormats: [],
  contextWindow: 128_000,
  maxOutputTokens: 4096,
  toolCalling: true,
  temperature: true,
  scores: { cost: 0.5, speed: 0.5, intelligence: 0.5 },
}

describe('settings from before facts had sources (schemaVersion 1)', () => {
  it('reads the made-up defaults of a model nobody knows as unknown', () => {
    expect(upgradeLegacyCapabilities('custom', 'my-own-model', OLD_MADE_UP)).toEqual({
      ...OLD_MADE_UP,
      contextWindow: undefined,
      maxOutputTokens: undefined,
      toolCalling: undefined,
      temperature: undefined,
      scores: {},
      sources: {},
    })
  })

  it('keeps every value the user changed, as theirs', () => {
    const edited = {
      ...OLD_MADE_UP,
      inputModalities: ['text', 'image'],
      contextWindow: 32_768,
      toolCalling: false,
      scores: { cost: 0.5, speed: 0.8, intelligence: 0.5 },
    }
    const upgraded = upgradeLegacyCapabilities('custom', 'my-own-model', edited) as Record<string, unknown>
    expect(upgraded).toMatchObject({
      inputModalities: ['text', 'image'],
      contextWindow: 32_768,
      toolCalling: false,
      scores: { speed: 0.8 },
      sources: { image: 'user', contextWindow: 'user', toolCalling: 'user', speed: 'user' },
    })
    expect(upgraded.maxOutputTokens).toBeUndefined()
  })

  it("attributes the family table's values to it, and an edit away from them to the user", () => {
    const known = defaultCapabilities('openai', 'gpt-4o')
    const { sources: _sources, ...asStored } = known
    const untouched = upgradeLegacyCapabilities('openai', 'gpt-4o', asStored)
    expect(untouched).toEqual(known)
    // The user typed the old made-up 128k over the table's value: still theirs, not "unknown".
    const edited = upgradeLegacyCapabilities('openai', 'gpt-4o', { ...asStored, maxOutputTokens: 4096 })
    expect(edited).toMatchObject({ maxOutputTokens: 4096, sources: { maxOutputTokens: 'user' } })
  })

  it('gives a local model its free cost from the preset', () => {
    const upgraded = upgradeLegacyCapabilities('ollama', 'my-finetune', {
      ...OLD_MADE_UP,
      scores: { cost: 0, speed: 0.5, intelligence: 0.5 },
    })
    expect(upgraded).toMatchObject({ scores: { cost: 0 }, sources: { cost: 'preset' } })
  })

  it('migrates a whole version-1 file, including a model saved with no capabilities at all', () => {
    const migrated = migrateSettings({
      schemaVersion: 1,
      models: {
        providers: [
          {
            id: 'local',
            name: 'Ollama (local)',
            preset: 'ollama',
            baseUrl: 'http://127.0.0.1:11434/v1',
            models: [
              { id: 'llava:13b' },
              // As version 1 saved an unknown model under Ollama: made up, but free.
              { id: 'mystery', capabilities: { ...OLD_MADE_UP, scores: { ...OLD_MADE_UP.scores, cost: 0 } } },
              { id: 'repriced', capabilities: OLD_MADE_UP },
            ],
          },
        ],
        defaultModel: 'local/mystery',
      },
    })
    if (!migrated.ok) throw new Error(migrated.reason)
    const settings = settingsSchema.parse(migrated.value)
    const [llava, mystery, repriced] = settings.models.providers[0]!.models
    // Nothing stored was never edited: the family table and the preset decide.
    expect(llava!.capabilities).toEqual(defaultCapabilities('ollama', 'llava:13b'))
    expect(mystery!.capabilities.contextWindow).toBeUndefined()
    expect(mystery!.capabilities.sources).toEqual({ cost: 'preset' })
    // Version 1 would have stored cost 0 for a local model: 0.5 was typed by the user.
    expect(repriced!.capabilities.sources).toEqual({ cost: 'user' })
    expect(settings.models.defaultModel).toBe('local/mystery')
  })

  it('leaves an entry that already has sources alone', () => {
    const current = defaultCapabilities('openai', 'gpt-4o')
    expect(upgradeLegacyCapabilities('openai', 'gpt-4o', current)).toBe(current)
  })
})
