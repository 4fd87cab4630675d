import type {
  DiscoveredModel,
  ModelInput,
  ProviderInput,
  ProviderPreset,
} from '../../../shared/models/provider-input'
import type { ProviderView, SettingsView } from '../../../shared/settings/settings-view'
import type { Call } from '../ipc/client'
import type { ResponseOf } from '../../../shared/ipc/contract'
import { modelLabel } from '../../../shared/models/model-label'
import { modelRef } from '../../../shared/models/model-schema'

/**
 * Providers and their models as the Models panel changes them. Every answer from the host carries the
 * provider as it now is (masked), which replaces the one in the settings view at once; the host's
 * `settings:changed` event brings the same state a moment later.
 */

/** Like a server save: on failure `errorId` is the window's error entry, which the form may dismiss. */
export type SaveResult = { ok: true; id: string } | { ok: false; message: string; errorId: number }

/** Discovery problems belong on the provider's card, next to the button that asked, not in the banner. */
export type DiscoveryResult = { ok: true; models: DiscoveredModel[] } | { ok: false; message: string }

export type AddModelsResult = ({ ok: true } | { ok: false; message: string }) & { newDefault?: string }

export interface ModelActions {
  /** The presets the add form offers; null until loaded. */
  providerPresets: ProviderPreset[] | null
  loadProviderPresets: () => Promise<void>
  addProvider: (input: ProviderInput) => Promise<SaveResult>
  updateProvider: (id: string, input: ProviderInput) => Promise<SaveResult>
  removeProvider: (id: string) => Promise<boolean>
  discoverModels: (providerId: string) => Promise<DiscoveryResult>
  /**
   * Adds discovered models by id, one after another; stops at the first the host refuses. `newDefault` is
   * the label of the one that became the default model (the first model added), so the panel can say so.
   */
  addDiscoveredModels: (providerId: string, modelIds: string[]) => Promise<AddModelsResult>
  saveModel: (providerId: string, model: ModelInput) => Promise<SaveResult>
  removeModel: (providerId: string, modelId: string) => Promise<boolean>
  setDefaultModel: (ref: string) => Promise<boolean>
}

export interface ModelActionDeps {
  call: Call
  settings: () => SettingsView | null
  setSettings: (update: (settings: SettingsView) => SettingsView) => void
  setPresets: (presets: ProviderPreset[]) => void
  presets: () => ProviderPreset[] | null
  /** Adds a visible error and returns its id. */
  report: (context: string, error: unknown) => { id: number; message: string }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** The provider from a response replaces the one with its id, or is appended when new. */
export function mergeProvider(settings: SettingsView, provider: ProviderView): SettingsView {
  const providers = settings.models.providers
  const known = providers.some((existing) => existing.id === provider.id)
  return {
    ...settings,
    models: {
      ...settings.models,
      providers: known
        ? providers.map((existing) => (existing.id === provider.id ? provider : existing))
        : [...providers, provider],
    },
  }
}

function withDefaultModel(settings: SettingsView, defaultModel: string | undefined): SettingsView {
  const { defaultModel: _previous, ...models } = settings.models
  return { ...settings, models: defaultModel ? { ...models, defaultModel } : models }
}

/** The host forgets a removed model as the default too; doing the same here keeps the title bar right. */
function forgettingDefault(settings: SettingsView, gone: (ref: string) => boolean): SettingsView {
  const current = settings.models.defaultModel
  return current !== undefined && gone(current) ? withDefaultModel(settings, undefined) : settings
}

export function withoutProvider(settings: SettingsView, id: string): SettingsView {
  const remaining = {
    ...settings,
    models: {
      ...settings.models,
      providers: settings.models.providers.filter((provider) => provider.id !== id),
    },
  }
  return forgettingDefault(remaining, (ref) => ref.startsWith(`${id}/`))
}

export function createModelActions(deps: ModelActionDeps): Omit<ModelActions, 'providerPresets'> {
  const { call, report } = deps
  const update = (provider: ProviderView) => deps.setSettings((settings) => mergeProvider(settings, provider))
  const providerName = (id: string): string =>
    deps.settings()?.models.providers.find((provider) => provider.id === id)?.name ?? id

  /**
   * A saved model's answer: the provider goes into the view, and when the host made the model the default
   * (the first one added) so does that, at once, so the title bar and the radio agree with the notice.
   * Returns the new default's label, if any.
   */
  const saved = (answer: ResponseOf<'models:save'>, modelId: string): string | undefined => {
    const { becameDefault, ...provider } = answer
    update(provider)
    if (!becameDefault) return undefined
    deps.setSettings((settings) => withDefaultModel(settings, modelRef(provider.id, modelId)))
    const model = provider.models.find((candidate) => candidate.id === modelId)
    return model ? modelLabel(provider, model) : `${provider.name} · ${modelId}`
  }

  const save = async (context: string, request: () => Promise<ProviderView>): Promise<SaveResult> => {
    try {
      const provider = await request()
      update(provider)
      return { ok: true, id: provider.id }
    } catch (error) {
      const shown = report(context, error)
      return { ok: false, message: shown.message, errorId: shown.id }
    }
  }

  let presetsLoading: Promise<void> | null = null

  return {
    loadProviderPresets() {
      if (deps.presets()) return Promise.resolve()
      // One request even when the panel mounts twice (React's StrictMode does exactly that).
      presetsLoading ??= call('providers:presets', {}).then(
        ({ presets }) => deps.setPresets(presets),
        (error: unknown) => {
          presetsLoading = null
          report('Could not load the provider presets', error)
        },
      )
      return presetsLoading
    },

    addProvider: (input) =>
      save(`Could not add provider "${input.name ?? input.preset}"`, () =>
        call('providers:add', { provider: input }),
      ),

    updateProvider: (id, input) =>
      save(`Could not save provider "${providerName(id)}"`, () =>
        call('providers:update', { id, provider: input }),
      ),

    async removeProvider(id) {
      const name = providerName(id)
      try {
        await call('providers:remove', { id })
        deps.setSettings((settings) => withoutProvider(settings, id))
        return true
      } catch (error) {
        report(`Could not remove provider "${name}"`, error)
        return false
      }
    },

    async discoverModels(providerId) {
      try {
        const { models } = await call('models:discover', { providerId })
        return { ok: true, models }
      } catch (error) {
        return { ok: false, message: describe(error) }
      }
    },

    async addDiscoveredModels(providerId, modelIds) {
      let newDefault: string | undefined
      // One at a time: each save rewrites the provider's model list, so parallel saves would race.
      for (const id of modelIds) {
        try {
          newDefault = saved(await call('models:save', { providerId, model: { id } }), id) ?? newDefault
        } catch (error) {
          const message = `could not add ${id}: ${describe(error)}`
          return newDefault ? { ok: false, message, newDefault } : { ok: false, message }
        }
      }
      return newDefault ? { ok: true, newDefault } : { ok: true }
    },

    async saveModel(providerId, model) {
      // The editor only edits models already added, so a save here never makes a new default worth saying.
      try {
        saved(await call('models:save', { providerId, model }), model.id)
        return { ok: true, id: providerId }
      } catch (error) {
        const shown = report(`Could not save model "${model.id}"`, error)
        return { ok: false, message: shown.message, errorId: shown.id }
      }
    },

    async removeModel(providerId, modelId) {
      try {
        update(await call('models:remove', { providerId, modelId }))
        deps.setSettings((settings) =>
          forgettingDefault(settings, (ref) => ref === `${providerId}/${modelId}`),
        )
        return true
      } catch (error) {
        report(`Could not remove model "${modelId}" from "${providerName(providerId)}"`, error)
        return false
      }
    },

    async setDefaultModel(ref) {
      // Shown at once, so the radio stays where it was clicked; put back if the host refuses.
      const before = deps.settings()?.models.defaultModel
      deps.setSettings((settings) => withDefaultModel(settings, ref))
      try {
        const { defaultModel } = await call('models:set-default', { ref })
        deps.setSettings((settings) => withDefaultModel(settings, defaultModel))
        return true
      } catch (error) {
        if (deps.settings()?.models.defaultModel === ref) {
          deps.setSettings((settings) => withDefaultModel(settings, before))
        }
        report(`Could not make ${ref} the default model`, error)
        return false
      }
    },
  }
}
