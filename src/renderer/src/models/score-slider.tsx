/** One 0–1 score as a slider with its value written beside it and what the score means below. */
export function ScoreSlider({
  id,
  label,
  hint,
  value,
  onChange,
}: {
  id: string
  label: string
  hint: string
  value: number
  onChange: (value: number) => void
}) {
  return (
    <div className="field score-field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="score-row">
        <input
          id={id}
          className="score-slider"
          type="range"
          min={0}
          max={1}
          step={0.01}
          value={value}
          aria-describedby={`${id}-hint`}
          onChange={(event) => onChange(Number(event.target.value))}
        />
        <output htmlFor={id} className="score-value" aria-hidden="true">
          {value.toFixed(2)}
        </output>
      </div>
      <p id={`${id}-hint`} className="field-hint">
        {hint}
      </p>
    </div>
  )
}
