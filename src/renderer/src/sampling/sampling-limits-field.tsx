import { modelRef } from '../../../shared/models/model-schema'
import type { ProviderView } from '../../../shared/settings/settings-view'
import { useAppState } from '../app/store-context'
import { TextField } from '../ui/text-field'

const noProviders: ProviderView[] = []

interface ModelOption {
  ref: string
  label: string
}

/** Every provider's `provider/*` and each of its models, then saved refs that are no longer configured. */
function modelOptions(providers: ProviderView[], selected: readonly string[]): ModelOption[] {
  const options: ModelOption[] = providers.flatMap((provider) => [
    { ref: `${provider.id}/*`, label: `Any ${provider.name} model` },
    ...provider.models.map((model) => ({
      ref: modelRef(provider.id, model.id),
      label: model.displayName ?? model.id,
    })),
  ])
  const known = new Set(options.map((option) => option.ref))
  for (const ref of selected) {
    if (!known.has(ref)) options.push({ ref, label: `${ref} (not configured)` })
  }
  return options
}

/**
 * Per-server limits on sampling: which of the configured models it may use (none checked = any) and a
 * daily token budget. Saved with the rest of the server form.
 */
export function SamplingLimitsField({
  id,
  selected,
  budget,
  modelsError,
  budgetError,
  onModelsChange,
  onBudgetChange,
}: {
  id: string
  selected: string[]
  budget: string
  modelsError?: string
  budgetError?: string
  onModelsChange: (refs: string[]) => void
  onBudgetChange: (text: string) => void
}) {
  const providers = useAppState((state) => state.settings?.models.providers ?? noProviders)
  const options = modelOptions(providers, selected)
  const toggle = (ref: string, on: boolean) =>
    onModelsChange(on ? [...selected, ref] : selected.filter((existing) => existing !== ref))
  const describedBy = [`${id}-models-hint`, modelsError ? `${id}-models-error` : null]
    .filter(Boolean)
    .join(' ')
  return (
    <>
      <fieldset className="plain-fieldset field" aria-describedby={`${id}-models-hint`}>
        <legend className="field-label">Models this server may use for sampling</legend>
        {options.length === 0 ? (
          <p className="empty-note">No models configured yet; add them in Models.</p>
        ) : (
          <ul className="sampling-model-options">
            {options.map((option) => (
              <li key={option.ref}>
                <label className="checkbox">
                  <input
                    type="checkbox"
                    checked={selected.includes(option.ref)}
                    aria-invalid={modelsError !== undefined}
                    aria-describedby={describedBy}
                    onChange={(event) => toggle(option.ref, event.target.checked)}
                  />
                  {option.label} <code className="sampling-model-ref">{option.ref}</code>
                </label>
              </li>
            ))}
          </ul>
        )}
        <p id={`${id}-models-hint`} className="field-hint">
          None checked: any configured model that fits the request.
        </p>
        {modelsError && (
          <p id={`${id}-models-error`} className="field-error" role="alert">
            {modelsError}
          </p>
        )}
      </fieldset>
      <TextField
        id={`${id}-daily-tokens`}
        label="Daily token budget (optional)"
        inputMode="numeric"
        value={budget}
        error={budgetError}
        hint="Tokens in and out per day for this server's sampling; empty for no budget."
        onChange={onBudgetChange}
      />
    </>
  )
}
