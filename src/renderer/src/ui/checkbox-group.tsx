/**
 * A labelled set of checkboxes (modalities, image types, audio formats). A problem marks every box
 * invalid and is read with each, so the first box can take focus when the form is checked.
 */
export function CheckboxGroup<T extends string>({
  id,
  legend,
  options,
  selected,
  onChange,
  error,
  hint,
}: {
  id: string
  legend: string
  options: ReadonlyArray<{ value: T; label: string }>
  selected: readonly T[]
  onChange: (value: T, on: boolean) => void
  error?: string
  hint?: string
}) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ')
  return (
    <fieldset className="plain-fieldset field">
      <legend className="field-label">{legend}</legend>
      <div className="radio-row">
        {options.map((option) => (
          <label key={option.value} className="checkbox">
            <input
              type="checkbox"
              checked={selected.includes(option.value)}
              aria-invalid={error !== undefined}
              aria-describedby={describedBy || undefined}
              onChange={(event) => onChange(option.value, event.target.checked)}
            />
            {option.label}
          </label>
        ))}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  )
}
