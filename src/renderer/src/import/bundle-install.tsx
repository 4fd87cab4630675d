import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import {
  initialBundleForm,
  validateBundleForm,
  type BundleFormErrors,
  type BundleFormState,
} from './bundle-form-model'
import type { ImportDialog } from './import-actions'
import { useAppState } from '../app/store-context'
import { BundleSummary } from './bundle-summary'
import { TextField } from '../ui/text-field'
import { UserConfigFieldControl } from './user-config-field'

/** The import dialog's bundle step. */
export type BundleDialog = Extract<ImportDialog, { step: 'bundle' }>

const NO_ERRORS: BundleFormErrors = { fields: {} }

/**
 * A dropped `.mcpb`: what it is, then the settings its manifest asks for, and Install. A bundle dropped
 * over this one starts from a fresh form rather than inheriting answers meant for another server.
 */
export function BundleInstall({ dialog }: { dialog: BundleDialog }) {
  return <BundleInstallForm key={dialog.preview.bundleId} dialog={dialog} />
}

function BundleInstallForm({ dialog }: { dialog: BundleDialog }) {
  const installBundle = useAppState((state) => state.installBundle)
  const closeImport = useAppState((state) => state.closeImport)
  const { preview, busy, error } = dialog
  const { info, existing } = preview
  const [form, setForm] = useState<BundleFormState>(() => initialBundleForm(info, existing))
  const [errors, setErrors] = useState<BundleFormErrors>(NO_ERRORS)
  // Bumped when a check fails, so the first field with a problem gets focus once it is rendered.
  const [checks, setChecks] = useState(0)
  const formRef = useRef<HTMLFormElement>(null)
  const installRef = useRef<HTMLButtonElement>(null)
  const id = useId()

  useEffect(() => {
    if (checks > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [checks])

  // Install was disabled while the host worked, which drops keyboard focus to the page; give it back
  // where the user was, beside the refusal, so Escape and Tab keep working inside the dialog.
  useEffect(() => {
    if (!busy && error && (document.activeElement === null || document.activeElement === document.body)) {
      installRef.current?.focus()
    }
  }, [busy, error])

  const changeValue = (key: string, value: string | boolean) => {
    setErrors((previous) => {
      if (!(key in previous.fields)) return previous
      const { [key]: _stale, ...fields } = previous.fields
      return { ...previous, fields }
    })
    setForm((previous) => ({ ...previous, values: { ...previous.values, [key]: value } }))
  }

  const changeName = (name: string) => {
    setErrors((previous) => ({ fields: previous.fields }))
    setForm((previous) => ({ ...previous, name }))
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    const checked = validateBundleForm(info, form)
    setErrors(checked.errors)
    if (!checked.answers) {
      setChecks((count) => count + 1)
      return
    }
    void installBundle(checked.answers)
  }

  const sameNameAsExisting =
    existing !== undefined && form.name.trim().toLowerCase() === existing.name.toLowerCase()

  return (
    <form
      className="bundle-install"
      ref={formRef}
      noValidate
      onSubmit={submit}
      aria-label={`Install ${info.displayName}`}
      data-testid="bundle-install"
    >
      {preview.addsDisabled && (
        <p className="callout callout--info" data-testid="import-adds-disabled">
          From an install link — the server is added turned off; turn it on when you trust it.
        </p>
      )}
      <BundleSummary info={info} />
      <fieldset className="plain-fieldset bundle-settings">
        <legend className="bundle-subtitle">Settings</legend>
        <TextField
          id={`${id}-name`}
          label="Server name"
          value={form.name}
          error={errors.name}
          hint="How it is listed among your servers."
          onChange={changeName}
        />
        {info.userConfig.map((field, index) => (
          <UserConfigFieldControl
            key={field.key}
            // By position, not by key: ids are space-separated in aria-describedby.
            id={`${id}-config-${index}`}
            field={field}
            value={form.values[field.key] ?? ''}
            error={errors.fields[field.key]}
            onChange={(value) => changeValue(field.key, value)}
          />
        ))}
        {existing && (
          <div className="field">
            <label className="checkbox">
              <input
                type="checkbox"
                checked={form.replace}
                aria-describedby={`${id}-replace-hint`}
                onChange={(event) => setForm((previous) => ({ ...previous, replace: event.target.checked }))}
              />
              {`Replace the existing server “${existing.name}” (an upgrade)`}
            </label>
            <p id={`${id}-replace-hint`} className="field-hint">
              {existing.sameBundle ? `“${existing.name}” runs an earlier install of this bundle. ` : ''}
              {!sameNameAsExisting
                ? `Under another name this installs beside “${existing.name}”, which stays as it is.`
                : form.replace
                  ? `The command and settings of “${existing.name}” become this bundle's.`
                  : `A server named “${existing.name}” is already configured, so installing under this ` +
                    'name is refused: replace it, or give this one another name.'}
            </p>
          </div>
        )}
      </fieldset>
      {error && (
        <p className="callout callout--danger selectable" role="alert" data-testid="bundle-install-error">
          <strong>Not installed:</strong> {error}
        </p>
      )}
      <div className="modal-actions">
        <button type="button" className="button" onClick={closeImport} disabled={busy}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={busy} ref={installRef}>
          {busy ? 'Installing…' : 'Install'}
        </button>
      </div>
    </form>
  )
}
