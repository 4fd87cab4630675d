import { useId, useState, type FormEvent } from 'react'
import { secretNameSchema } from '../../../shared/settings/settings-schema'
import { useAppState } from '../app/store-context'

/**
 * Adds or replaces a secret. The value lives in this form only until the host confirms the save, then both
 * fields are cleared; on failure it stays so the user can retry, and the host's reason is shown.
 */
export function SecretForm() {
  const addSecret = useAppState((state) => state.addSecret)
  const [name, setName] = useState('')
  const [value, setValue] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const id = useId()

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const checkedName = secretNameSchema.safeParse(name)
    if (!checkedName.success) return setProblem(checkedName.error.issues[0]?.message ?? 'invalid secret name')
    if (value.length === 0) return setProblem('enter the secret value')
    setProblem(null)
    setBusy(true)
    const saved = await addSecret(name, value)
    setBusy(false)
    if (saved) {
      setName('')
      setValue('')
    } else {
      setProblem('the secret was not saved — the reason is shown at the top of the window')
    }
  }

  return (
    <form
      className="secret-form"
      aria-label="Add a secret"
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <div className="field">
        <label htmlFor={`${id}-name`} className="field-label">
          Name
        </label>
        <input
          id={`${id}-name`}
          className="text-input"
          value={name}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={problem !== null && !secretNameSchema.safeParse(name).success}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-value`} className="field-label">
          Value
        </label>
        <input
          id={`${id}-value`}
          className="text-input"
          type="password"
          value={value}
          autoComplete="new-password"
          spellCheck={false}
          onChange={(event) => setValue(event.target.value)}
        />
      </div>
      <button type="submit" className="button button--primary" disabled={busy}>
        Save secret
      </button>
      {problem && (
        <p className="field-problem" role="alert">
          {problem}
        </p>
      )}
    </form>
  )
}
