import { useId } from 'react'
import type { ProviderPreset } from '../../../shared/models/provider-input'
import type { ProviderView } from '../../../shared/settings/settings-view'
import { providerSecretPrefix } from './model-labels'
import {
  buildProviderInput,
  choosePreset,
  emptyProviderForm,
  providerFormFromView,
  type ProviderFormState,
} from './provider-form-model'
import { useAppState } from '../app/store-context'
import { staleRowErrorKeys, type ValueRow } from '../ui/value-rows-model'
import { TextField } from '../ui/text-field'
import { useDrawerForm } from '../ui/use-drawer-form'
import { ValueRowsField } from '../ui/value-rows-field'
import { DrawerFormFooter } from '../ui/drawer-form-footer'

function staleErrorKeys(form: ProviderFormState, key: keyof ProviderFormState, value: unknown): string[] {
  if (key === 'headers') return staleRowErrorKeys('headers', form.headers, value as ValueRow[])
  if (key === 'chunkTimeoutSeconds') return ['chunkTimeout']
  if (key === 'removeKey') return ['apiKey']
  if (key === 'preset') return ['baseUrl', 'apiKey', 'name']
  return [key]
}

function baseUrlHint(form: ProviderFormState, preset: ProviderPreset | undefined) {
  if (form.savedPreset === form.preset) {
    return form.hiddenUrl ? (
      <>
        Saved as <code className="selectable">{form.hiddenUrl}</code> (its secret parts hidden). Left empty,
        it is kept.
      </>
    ) : (
      'Left empty, the saved URL is kept.'
    )
  }
  if (form.preset === 'custom' || !preset?.baseUrl) {
    return 'The address of an OpenAI-compatible API, usually ending in /v1.'
  }
  return (
    <>
      Left empty, <code className="selectable">{preset.baseUrl}</code> is used.
    </>
  )
}

function keyHint(form: ProviderFormState, keyOptional: boolean): string {
  if (form.keyStored && form.removeKey) return 'The stored key will be removed when you save.'
  if (form.keyStored) return 'A key is stored; leave this empty to keep it, or type a new one to replace it.'
  if (keyOptional)
    return 'Local servers usually need none. A key is kept in the secret store, never shown again.'
  return 'Kept in the secret store and never shown again.'
}

/**
 * Adds a model provider from a preset, or edits one (`provider` given). The API key goes into a password
 * field and from there into the secret store; it is never filled back in. When editing, an empty key
 * field keeps the stored key and "Remove key" drops it.
 */
export function ProviderForm({
  provider,
  presets,
  onDone,
  onCancel,
}: {
  provider?: ProviderView
  presets: ProviderPreset[]
  onDone: (id: string) => void
  onCancel: () => void
}) {
  const addProvider = useAppState((state) => state.addProvider)
  const updateProvider = useAppState((state) => state.updateProvider)
  const { form, setForm, errors, hostProblem, busy, formRef, headingRef, change, submit, onKeyDown } =
    useDrawerForm({
      initial: () => (provider ? providerFormFromView(provider) : emptyProviderForm(presets[0])),
      staleKeys: staleErrorKeys,
      onCancel,
    })
  const id = useId()
  const editing = provider !== undefined
  const title = editing ? `Edit ${provider.name}` : 'Add a provider'
  const preset = presets.find((candidate) => candidate.id === form.preset)
  const keyOptional = preset !== undefined && !preset.needsApiKey

  const onPreset = (next: string) => {
    const chosen = presets.find((candidate) => candidate.id === next)
    if (!chosen) return
    change('preset', chosen.id)
    setForm((previous) => choosePreset(previous, chosen, preset))
  }

  return (
    <form
      className="server-form"
      aria-label={title}
      ref={formRef}
      data-testid="provider-form"
      noValidate
      onSubmit={(event) =>
        void submit(
          event,
          () => buildProviderInput(form, { editing, preset }),
          (input) => (editing ? updateProvider(provider.id, input) : addProvider(input)),
          onDone,
        )
      }
      onKeyDown={onKeyDown}
    >
      <h3 className="server-form-title" tabIndex={-1} ref={headingRef}>
        {title}
      </h3>
      <div className="field">
        <label htmlFor={`${id}-preset`} className="field-label">
          Preset
        </label>
        <select
          id={`${id}-preset`}
          className="text-input"
          value={form.preset}
          aria-describedby={preset?.hint ? `${id}-preset-hint` : undefined}
          onChange={(event) => onPreset(event.target.value)}
        >
          {presets.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </select>
        {preset?.hint && (
          <p id={`${id}-preset-hint`} className="field-hint selectable" data-testid="preset-hint">
            {preset.hint}
          </p>
        )}
      </div>
      <TextField
        id={`${id}-name`}
        label="Name"
        value={form.name}
        error={errors.name}
        hint={
          editing
            ? 'Left empty, the name stays as it is.'
            : preset
              ? `Left empty: ${preset.name}.`
              : undefined
        }
        onChange={(v) => change('name', v)}
      />
      <TextField
        id={`${id}-base-url`}
        label={form.preset === 'custom' && form.savedPreset !== 'custom' ? 'Base URL' : 'Base URL (optional)'}
        type="url"
        value={form.baseUrl}
        error={errors.baseUrl}
        placeholder={preset?.baseUrl || 'http://127.0.0.1:8000/v1'}
        hint={baseUrlHint(form, preset)}
        onChange={(v) => change('baseUrl', v)}
      />
      <TextField
        id={`${id}-api-key`}
        label={keyOptional ? 'API key (optional)' : 'API key'}
        type="password"
        autoComplete="new-password"
        value={form.apiKey}
        error={errors.apiKey}
        placeholder={form.keyStored && !form.removeKey ? 'keep stored key' : undefined}
        hint={keyHint(form, keyOptional)}
        onChange={(v) => change('apiKey', v)}
      />
      {form.keyStored && (
        // One button whose words change, so focus stays on it when it is pressed.
        <button
          type="button"
          className="link-button key-stored-toggle"
          onClick={() => {
            if (!form.removeKey) change('apiKey', '')
            change('removeKey', !form.removeKey)
          }}
        >
          {form.removeKey ? 'Keep the stored key' : 'Remove key'}
        </button>
      )}
      <ValueRowsField
        list="headers"
        ownedPrefix={provider ? providerSecretPrefix(provider.id) : undefined}
        rows={form.headers}
        errors={errors}
        onChange={(rows) => change('headers', rows)}
      />
      <TextField
        id={`${id}-chunk-timeout`}
        label="Chunk timeout (seconds)"
        inputMode="decimal"
        value={form.chunkTimeoutSeconds}
        error={errors.chunkTimeout}
        hint="How long a streaming answer may go without a new chunk before it counts as stalled and is stopped. 0 disables stall detection."
        onChange={(v) => change('chunkTimeoutSeconds', v)}
      />
      {errors.form && (
        <p className="field-error" role="alert">
          {errors.form}
        </p>
      )}
      <DrawerFormFooter
        testId="provider-form"
        editing={editing}
        addLabel="Add provider"
        busy={busy}
        hostProblem={hostProblem}
        onCancel={onCancel}
      />
    </form>
  )
}
