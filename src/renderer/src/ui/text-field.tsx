import type { ReactNode } from 'react'

/** A labelled input or textarea with its hint and, when there is one, its problem right below it. */
export function TextField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  multiline = false,
  placeholder,
  type = 'text',
  autoComplete = 'off',
  inputMode,
}: {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  error?: string
  hint?: ReactNode
  multiline?: boolean
  placeholder?: string
  type?: 'text' | 'password' | 'url'
  autoComplete?: string
  /** For numbers typed as text, so a half-typed value is not silently emptied the way type="number" does. */
  inputMode?: 'decimal' | 'numeric'
}) {
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined
  const common = {
    id,
    className: multiline ? 'text-input text-input--multiline' : 'text-input',
    value,
    placeholder,
    spellCheck: false,
    autoComplete,
    'aria-invalid': error !== undefined,
    'aria-describedby': describedBy,
  }
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {multiline ? (
        <textarea {...common} rows={3} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input
          {...common}
          type={type}
          inputMode={inputMode}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
