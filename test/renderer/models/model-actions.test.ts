// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { createAppStore } from '../../../src/renderer/src/app/app-store'
import { FakeDeskApi } from '../support/fake-desk-api'
import { modelFixture, presetsFixture, providerFixture } from '../support/fake-providers'

async function started(api: FakeDeskApi) {
  const store = createAppStore({ api })
  await store.getState().start()
  return store
}

describe('models in the app store', () => {
  it('loads the presets once, even when asked twice at the same time', async () => {
    const api = new FakeDeskApi()
    const store = await started(api)
    expect(api.callsTo('providers:presets')).toEqual([])
    await Promise.all([store.getState().loadProviderPresets(), store.getState().loadProviderPresets()])
    await store.getState().loadProviderPresets()
    expect(api.callsTo('providers:presets')).toHaveLength(1)
    expect(store.getState().providerPresets).toEqual(presetsFixture)
  })

  it('shows a failed presets request and tries again next time', async () => {
    const api = new FakeDeskApi()
    const store = await started(api)
    api.fail('providers:presets', { code: 'unavailable', message: 'models are not available' })
    await store.getState().loadProviderPresets()
    expect(store.getState().errors.map((e) => `${e.context}: ${e.message}`)).toEqual([
      'Could not load the provider presets: models are not available',
    ])
    expect(store.getState().providerPresets).toBeNull()
    api.succeed('providers:presets')
    await store.getState().loadProviderPresets()
    expect(store.getState().providerPresets).toEqual(presetsFixture)
  })

  it('puts each answer into the settings view at once, even before settings:changed', async () => {
    const api = new FakeDeskApi()
    const store = await started(api)
    store.getState().stop() // no events from here on: only the answers can update the view
    const added = await store.getState().addProvider({ preset: 'ollama' })
    expect(added).toEqual({ ok: true, id: 'ollama' })
    expect(store.getState().settings?.models.providers.map((p) => p.id)).toEqual(['ollama'])
    await store.getState().saveModel('ollama', { id: 'llama3.2' })
    expect(store.getState().settings?.models.providers[0]?.models.map((m) => m.id)).toEqual(['llama3.2'])
    expect(await store.getState().setDefaultModel('ollama/llama3.2')).toBe(true)
    expect(store.getState().settings?.models.defaultModel).toBe('ollama/llama3.2')
    expect(await store.getState().removeProvider('ollama')).toBe(true)
    expect(store.getState().settings?.models.providers).toEqual([])
  })

  it('adds discovered models one at a time and stops at the first refusal, naming it', async () => {
    const api = new FakeDeskApi({
      settings: { models: { providers: [providerFixture({ id: 'openai' })], recentModels: [] } },
    })
    const store = await started(api)
    // The first model added becomes the default (none was set); the answer names it for the panel.
    expect(await store.getState().addDiscoveredModels('openai', ['a', 'b'])).toEqual({
      ok: true,
      newDefault: 'openai · a',
    })
    expect(store.getState().settings?.models.defaultModel).toBe('openai/a')
    api.fail('models:save', { code: 'conflict', message: 'settings changed on disk' })
    expect(await store.getState().addDiscoveredModels('openai', ['c', 'd'])).toEqual({
      ok: false,
      message: 'could not add c: settings changed on disk',
    })
    expect(api.callsTo('models:save')).toEqual([
      { providerId: 'openai', model: { id: 'a' } },
      { providerId: 'openai', model: { id: 'b' } },
      { providerId: 'openai', model: { id: 'c' } },
    ])
  })

  it('shows a new default at once, puts the old one back if refused, and reports why', async () => {
    const api = new FakeDeskApi({
      settings: {
        models: {
          providers: [providerFixture({ id: 'openai', models: [modelFixture('m'), modelFixture('n')] })],
          defaultModel: 'openai/m',
          recentModels: [],
        },
      },
    })
    const store = await started(api)
    api.hold('models:set-default')
    const changing = store.getState().setDefaultModel('openai/nope')
    expect(store.getState().settings?.models.defaultModel).toBe('openai/nope')
    api.release('models:set-default')
    expect(await changing).toBe(false)
    expect(store.getState().settings?.models.defaultModel).toBe('openai/m')
    api.fail('models:remove', { code: 'conflict', message: 'busy' })
    expect(await store.getState().removeModel('openai', 'n')).toBe(false)
    expect(store.getState().errors.map((e) => `${e.context}: ${e.message}`)).toEqual([
      'Could not make openai/nope the default model: no configured model "openai/nope"',
      'Could not remove model "n" from "openai": busy',
    ])
  })

  it('forgets the default model with its model or provider, without waiting for settings:changed', async () => {
    const api = new FakeDeskApi({
      settings: {
        models: {
          providers: [providerFixture({ id: 'openai', models: [modelFixture('m'), modelFixture('n')] })],
          defaultModel: 'openai/m',
          recentModels: [],
        },
      },
    })
    const store = await started(api)
    store.getState().stop()
    await store.getState().removeModel('openai', 'n')
    expect(store.getState().settings?.models.defaultModel).toBe('openai/m')
    await store.getState().removeModel('openai', 'm')
    expect(store.getState().settings?.models.defaultModel).toBeUndefined()
    await store.getState().setDefaultModel('openai/nope')
    await store.getState().removeProvider('openai')
    expect(store.getState().settings?.models).toEqual({ providers: [], recentModels: [] })
  })
})
