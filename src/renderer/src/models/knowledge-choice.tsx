import type { Knowledge } from '../../../shared/models/capability-facts'

const CHOICES: ReadonlyArray<{ value: Knowledge; label: string }> = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
  { value: 'unknown', label: 'Unknown' },
]

/**
 * A yes / no / unknown fact (tool calling, temperature) with where its saved value came from. A checkbox
 * could only say yes or no, and "no" would then be claimed for every fact nobody stated (issue 21 §4).
 */
export function KnowledgeChoice({
  id,
  legend,
  value,
  source,
  onChange,
}: {
  id: string
  legend: string
  value: Knowledge
  /** "model-family table", "set by you"…; absent while the saved fact is unknown. */
  source: string | undefined
  onChange: (value: Knowledge) => void
}) {
  return (
    <fieldset className="plain-fieldset field knowledge-choice" aria-describedby={`${id}-source`}>
      <legend className="field-label">{legend}</legend>
      <div className="knowledge-choice-options">
        {CHOICES.map((choice) => (
          <label key={choice.value} className="radio">
            <input
              type="radio"
              name={id}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
            />
            {choice.label}
          </label>
        ))}
        <span id={`${id}-source`} className="fact-source-note">
          {source ? `Saved value: ${source}` : 'Saved value: unknown'}
        </span>
      </div>
    </fieldset>
  )
}
