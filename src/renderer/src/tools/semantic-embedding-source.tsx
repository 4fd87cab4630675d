import { useId, useState, type FormEvent } from 'react'
import type { EmbeddingSourceSetting } from '../../../shared/settings/settings-schema'
import type { ProviderView } from '../../../shared/settings/settings-view'
import { TextField } from '../ui/text-field'
import { providerOptionLabel } from './semantic-status-model'
import { SaveActions } from '../ui/save-actions'

type SourceKind = EmbeddingSourceSetting['kind']

/**
 * Which model makes the vectors. The built-in one is saved as soon as it is picked; a provider's model needs
 * a model id first, so picking that option opens a small form that is saved with its own button. Until then
 * the stored source stays in use (the status line names it).
 */
export function SemanticEmbeddingSource({
  stored,
  providers,
  onSave,
  saved,
  onSaved,
}: {
  stored: EmbeddingSourceSetting
  providers: ProviderView[]
  /** Saves the source with the rest of the semantic settings as stored; false when the host refused. */
  onSave: (source: EmbeddingSourceSetting) => Promise<boolean>
  /** "Saved." after the provider form's save, kept by the parent since a save starts this choice over. */
  saved: boolean
  onSaved: (saved: boolean) => void
}) {
  const [kind, setKind] = useState<SourceKind>(stored.kind)
  const [providerId, setProviderId] = useState(
    stored.kind === 'provider' ? stored.providerId : (providers[0]?.id ?? ''),
  )
  const [model, setModel] = useState(stored.kind === 'provider' ? stored.model : '')
  const [error, setError] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)
  const id = useId()
  // A stored provider that was removed since stays selectable, named as gone, rather than silently replaced.
  const gone = providerId !== '' && !providers.some((provider) => provider.id === providerId)
  // Empty when there was no provider as this choice began; the first one added since is then the choice.
  const chosen = providerId || (providers[0]?.id ?? '')
  const noProvider = providers.length === 0 && stored.kind !== 'provider'

  const choose = async (next: SourceKind) => {
    setKind(next)
    onSaved(false)
    if (next !== 'bundled' || stored.kind === 'bundled') return
    setBusy(true)
    const ok = await onSave({ kind: 'bundled' })
    setBusy(false)
    // On success the parent starts this choice over from the new stored source; on failure go back to it.
    if (!ok) setKind(stored.kind)
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const modelId = model.trim()
    if (modelId === '') {
      setError('Enter the id of an embedding model of this provider.')
      return
    }
    setBusy(true)
    const ok = await onSave({ kind: 'provider', providerId: chosen, model: modelId })
    setBusy(false)
    onSaved(ok)
  }

  const options: Array<{ value: SourceKind; label: string; hint?: string }> = [
    { value: 'bundled', label: 'Built-in model (runs offline)' },
    {
      value: 'provider',
      label: 'An embedding model of one of my providers',
      ...(noProvider ? { hint: 'Add a provider under Models first.' } : {}),
    },
  ]
  return (
    <fieldset className="plain-fieldset" disabled={busy}>
      <legend className="field-label">Model that compares meanings</legend>
      <div className="radio-list">
        {options.map((option) => (
          <div key={option.value} className="radio-option">
            <label className="radio">
              <input
                type="radio"
                name={`${id}-source`}
                value={option.value}
                checked={kind === option.value}
                disabled={option.value === 'provider' && noProvider}
                aria-describedby={option.hint ? `${id}-${option.value}-hint` : undefined}
                onChange={() => void choose(option.value)}
              />
              {option.label}
            </label>
            {option.hint && (
              <p id={`${id}-${option.value}-hint`} className="field-hint radio-option-hint">
                {option.hint}
              </p>
            )}
          </div>
        ))}
      </div>
      {kind === 'provider' && !noProvider && (
        <form
          className="semantic-provider-form"
          aria-label="Embedding model of a provider"
          noValidate
          onSubmit={(event) => void submit(event)}
        >
          <div className="field">
            <label htmlFor={`${id}-provider`} className="field-label">
              Provider
            </label>
            <select
              id={`${id}-provider`}
              className="text-input"
              value={chosen}
              onChange={(event) => {
                setProviderId(event.target.value)
                onSaved(false)
              }}
            >
              {providers.map((provider) => (
                <option key={provider.id} value={provider.id}>
                  {providerOptionLabel(provider)}
                </option>
              ))}
              {gone && <option value={providerId}>{`${providerId} (no longer configured)`}</option>}
            </select>
          </div>
          <TextField
            id={`${id}-model`}
            label="Model id"
            value={model}
            error={error}
            hint={
              <>
                As the provider names it, e.g. <code>nomic-embed-text</code> (Ollama) or{' '}
                <code>text-embedding-3-small</code> (OpenAI).
              </>
            }
            onChange={(value) => {
              setModel(value)
              setError(undefined)
              onSaved(false)
            }}
          />
          <SaveActions busy={busy} saved={saved} />
        </form>
      )}
    </fieldset>
  )
}
