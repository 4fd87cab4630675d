import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useAddRequest } from '../app/use-add-request'
import { modelRef, PROVIDER_PRESET_IDS } from '../../../shared/models/model-schema'
import type { ProviderPreset } from '../../../shared/models/provider-input'
import type { ProviderView } from '../../../shared/settings/settings-view'
import { currentModelLabel } from './model-labels'
import { useAppState } from '../app/store-context'
import { ModelEditor } from './model-editor'
import { ProviderCard } from './provider-card'
import { ProviderForm } from './provider-form'

const noProviders: ProviderView[] = []

/** If the host could not send its presets, the ids still work: the host fills in each preset's URL. */
const barePresets: ProviderPreset[] = PROVIDER_PRESET_IDS.map((id) => ({
  id,
  name: id,
  baseUrl: '',
  needsApiKey: false,
  hint: '',
}))

type View =
  | { kind: 'list' }
  | { kind: 'add' }
  | { kind: 'edit'; id: string }
  | { kind: 'model'; providerId: string; modelId: string }

/** Where focus goes when a form closes: what was saved, or back to the button that opened the form. */
type FocusTarget =
  | { element: 'provider'; id: string }
  | { element: 'edit'; id: string }
  | { element: 'model'; ref: string }
  | { element: 'add' }
  | null

function focusAfterForm(target: FocusTarget, addButton: HTMLButtonElement | null): void {
  if (!target) return
  if (target.element === 'add') return addButton?.focus()
  let element: HTMLElement | null | undefined
  if (target.element === 'provider') element = document.getElementById(`provider-${target.id}-name`)
  else if (target.element === 'edit') {
    // Provider ids are `[a-z0-9-]`, safe in an attribute selector as they are.
    element = document.querySelector<HTMLElement>(
      `[data-testid="provider-card-${target.id}"] [data-action="edit-provider"]`,
    )
  } else {
    // Model ids may hold any character, so they are compared rather than put in a selector.
    const ref = target.ref
    element = [...document.querySelectorAll<HTMLElement>('[data-action="edit-model"]')].find(
      (button) => button.dataset.modelRef === ref,
    )
  }
  element?.focus()
  element?.scrollIntoView?.({ block: 'nearest' })
}

/** Providers, their models and the default model; adding and editing happen here, in the drawer. */
export function ModelsPanel() {
  const providers = useAppState((state) => state.settings?.models.providers ?? noProviders)
  const models = useAppState((state) => state.settings?.models)
  const loadedPresets = useAppState((state) => state.providerPresets)
  const loadProviderPresets = useAppState((state) => state.loadProviderPresets)
  const [presetsSettled, setPresetsSettled] = useState(loadedPresets !== null)
  const [view, setView] = useState<View>({ kind: 'list' })
  const focusTarget = useRef<FocusTarget>(null)
  const addRef = useRef<HTMLButtonElement>(null)
  const presets = loadedPresets ?? barePresets
  // The add form offers the presets, so a request to add waits until they are known (as the button does).
  useAddRequest('models', presetsSettled, () => setView({ kind: 'add' }))

  useEffect(() => {
    let live = true
    void loadProviderPresets().then(() => {
      if (live) setPresetsSettled(true)
    })
    return () => {
      live = false
    }
  }, [loadProviderPresets])

  // A layout effect: focus lands in the same commit that removes the form, so there is no moment (or
  // painted frame) in which the focused element is gone and focus has fallen back to the page.
  useLayoutEffect(() => {
    if (view.kind !== 'list') return
    focusAfterForm(focusTarget.current, addRef.current)
    focusTarget.current = null
  }, [view])

  const close = (target: FocusTarget) => {
    focusTarget.current = target
    setView({ kind: 'list' })
  }

  const editedProvider = view.kind === 'edit' ? providers.find((p) => p.id === view.id) : undefined
  if (view.kind === 'add' || editedProvider) {
    return (
      <section className="panel" data-testid="models-panel" aria-label="Models">
        <ProviderForm
          key={editedProvider?.id ?? 'add'}
          provider={editedProvider}
          presets={presets}
          onDone={(id) => close({ element: 'provider', id })}
          onCancel={() =>
            close(editedProvider ? { element: 'edit', id: editedProvider.id } : { element: 'add' })
          }
        />
      </section>
    )
  }

  if (view.kind === 'model') {
    const provider = providers.find((p) => p.id === view.providerId)
    const model = provider?.models.find((m) => m.id === view.modelId)
    if (provider && model) {
      const ref = modelRef(provider.id, model.id)
      return (
        <section className="panel" data-testid="models-panel" aria-label="Models">
          <ModelEditor
            key={ref}
            provider={provider}
            model={model}
            onDone={() => close({ element: 'model', ref })}
            onCancel={() => close({ element: 'model', ref })}
          />
        </section>
      )
    }
  }

  const current = currentModelLabel(models)
  return (
    <section className="panel" data-testid="models-panel" aria-label="Models">
      <div className="panel-toolbar panel-toolbar--spread">
        <p className="models-default selectable" data-testid="models-default">
          Default model: <strong>{models?.defaultModel ? current.text : 'none chosen'}</strong>
        </p>
        <button
          type="button"
          className="button button--primary"
          ref={addRef}
          disabled={!presetsSettled}
          onClick={() => setView({ kind: 'add' })}
        >
          Add provider
        </button>
      </div>
      <p className="hint">
        Servers that ask to run a model (sampling) get the configured model that fits their request best; the
        default model is used when nothing in the request decides.
      </p>
      {providers.length === 0 ? (
        <div className="empty-state empty-state--compact">
          <p className="empty-state-title">No model providers configured</p>
          <p>
            Add one here (OpenAI, a local Ollama or LM Studio, OpenRouter…), or with{' '}
            <code>mcp-desk providers add</code>.
          </p>
        </div>
      ) : (
        <ul className="server-cards">
          {providers.map((provider) => (
            <ProviderCard
              key={provider.id}
              provider={provider}
              preset={presets.find((preset) => preset.id === provider.preset)}
              defaultModel={models?.defaultModel}
              onEdit={() => setView({ kind: 'edit', id: provider.id })}
              onEditModel={(modelId) => setView({ kind: 'model', providerId: provider.id, modelId })}
            />
          ))}
        </ul>
      )}
    </section>
  )
}
