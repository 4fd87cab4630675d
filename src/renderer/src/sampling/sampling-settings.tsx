import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import type { SamplingSettings as StoredSamplingSettings } from '../../../shared/settings/settings-schema'
import { buildSamplingPatch, samplingSettingsForm, type SamplingSettingsForm } from './sampling-settings-form'
import type { FieldErrors } from '../ui/value-rows-model'
import { useAppState } from '../app/store-context'
import { TextField } from '../ui/text-field'
import { SaveActions } from '../ui/save-actions'

function SamplingSettingsFields({
  stored,
  saved,
  onSaved,
}: {
  stored: StoredSamplingSettings
  saved: boolean
  onSaved: (saved: boolean) => void
}) {
  const updateSamplingSettings = useAppState((state) => state.updateSamplingSettings)
  const [form, setForm] = useState<SamplingSettingsForm>(() => samplingSettingsForm(stored))
  const [errors, setErrors] = useState<FieldErrors>({})
  const [busy, setBusy] = useState(false)
  // Bumped when a check fails, so the first field with a problem gets focus once it is rendered.
  const [checks, setChecks] = useState(0)
  const formRef = useRef<HTMLFormElement>(null)
  const id = useId()

  useEffect(() => {
    if (checks > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [checks])

  const change = <K extends keyof SamplingSettingsForm>(key: K, value: SamplingSettingsForm[K]) => {
    setForm((previous) => ({ ...previous, [key]: value }))
    setErrors((previous) => Object.fromEntries(Object.entries(previous).filter(([field]) => field !== key)))
    onSaved(false)
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const built = buildSamplingPatch(form)
    if (!built.ok) {
      setErrors(built.errors)
      setChecks((count) => count + 1)
      return
    }
    setBusy(true)
    const ok = await updateSamplingSettings(built.patch)
    // A successful save changes the stored settings, which starts this form over (see the key below).
    setBusy(false)
    onSaved(ok)
  }

  return (
    <form
      className="sampling-settings-form"
      aria-label="Sampling settings"
      ref={formRef}
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <TextField
        id={`${id}-timeout`}
        label="Approval timeout (seconds)"
        inputMode="decimal"
        value={form.approvalTimeoutSeconds}
        error={errors.approvalTimeoutSeconds}
        hint="A request nobody decides on is denied after this long; 0 waits indefinitely."
        onChange={(value) => change('approvalTimeoutSeconds', value)}
      />
      <label className="checkbox">
        <input
          type="checkbox"
          checked={form.reviewCompletion}
          onChange={(event) => change('reviewCompletion', event.target.checked)}
        />
        Review the completion before returning it
      </label>
      <div className="sampling-settings-limits">
        <TextField
          id={`${id}-concurrent`}
          label="At once, per server"
          inputMode="numeric"
          value={form.maxConcurrentPerServer}
          error={errors.maxConcurrentPerServer}
          onChange={(value) => change('maxConcurrentPerServer', value)}
        />
        <TextField
          id={`${id}-per-minute`}
          label="Per minute, per server"
          inputMode="numeric"
          value={form.maxPerMinutePerServer}
          error={errors.maxPerMinutePerServer}
          onChange={(value) => change('maxPerMinutePerServer', value)}
        />
      </div>
      <p className="field-hint">Requests over these limits are refused with “rate limited”.</p>
      <TextField
        id={`${id}-tool-loop`}
        label="Tool loop limit (rounds)"
        inputMode="numeric"
        value={form.maxToolLoopRounds}
        error={errors.maxToolLoopRounds}
        hint="When a server runs its own tool loop on your model, the round after this many is refused."
        onChange={(value) => change('maxToolLoopRounds', value)}
      />
      {errors.form && (
        <p className="field-error" role="alert">
          {errors.form}
        </p>
      )}
      <SaveActions busy={busy} saved={saved} />
    </form>
  )
}

/**
 * How requests from servers to run a model are handled: how long a card waits, whether the answer is
 * reviewed before it goes back, the per-server rate limits and how many rounds a server's tool loop may
 * run. The form starts over from what is stored whenever the stored values change (a save, or the CLI).
 */
export function SamplingSettings() {
  const stored = useAppState((state) => state.settings?.sampling)
  // Kept here: a save replaces the stored values and so the form, and "Saved." must outlive that.
  const [saved, setSaved] = useState(false)
  return (
    <section className="settings-group" aria-labelledby="sampling-heading" data-testid="sampling-settings">
      <h3 id="sampling-heading" className="settings-title">
        Sampling
      </h3>
      {stored ? (
        <SamplingSettingsFields
          key={JSON.stringify(stored)}
          stored={stored}
          saved={saved}
          onSaved={setSaved}
        />
      ) : (
        <p className="empty-note">Settings are not available.</p>
      )}
    </section>
  )
}
