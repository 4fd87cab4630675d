/**
 * One 0–1 score as a slider with its value written beside it, what the score means and where the saved
 * value came from below. A score nobody stated is unknown, not 0.5: the "Unknown" box says so, and moving
 * the slider (or unticking the box) makes it the user's own value.
 */
export function ScoreSlider({
  id,
  label,
  hint,
  value,
  source,
  onChange,
}: {
  id: string
  label: string
  hint: string
  value: number | null
  /** "model-family table", "set by you"…; absent while the saved score is unknown. */
  source: string | undefined
  onChange: (value: number | null) => void
}) {
  const unknown = value === null
  return (
    <div className="field score-field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="score-row">
        <input
          id={id}
          className={unknown ? 'score-slider score-slider--unknown' : 'score-slider'}
          type="range"
          min={0}
          max={1}
          step={0.01}
          // The thumb rests in the middle while unknown; the value text says it is not a real 0.5.
          value={value ?? 0.5}
          aria-valuetext={unknown ? 'unknown' : undefined}
          aria-describedby={`${id}-hint`}
          onChange={(event) => onChange(Number(event.target.value))}
        />
        <output htmlFor={id} className="score-value" aria-hidden="true">
          {unknown ? 'unknown' : value.toFixed(2)}
        </output>
        <label className="checkbox score-unknown">
          <input
            type="checkbox"
            checked={unknown}
            aria-label={`${label} unknown`}
            onChange={(event) => onChange(event.target.checked ? null : 0.5)}
          />
          Unknown
        </label>
      </div>
      <p id={`${id}-hint`} className="field-hint">
        {hint} Saved value: {source ?? 'unknown'}.
      </p>
    </div>
  )
}
