import type { SamplingPolicy } from '../../../shared/settings/settings-schema'

const options: Array<{ value: SamplingPolicy; label: string; explanation: string }> = [
  { value: 'deny', label: 'Deny', explanation: 'Every request from this server to run a model is refused.' },
  { value: 'ask', label: 'Ask', explanation: 'Each request to run a model waits for your approval.' },
  { value: 'allow', label: 'Allow', explanation: 'Requests to run a model are carried out without asking.' },
]

/** Whether this server may ask MCP Desk to run a model for it (MCP sampling). */
export function SamplingPolicyField({
  id,
  value,
  onChange,
}: {
  id: string
  value: SamplingPolicy
  onChange: (value: SamplingPolicy) => void
}) {
  const chosen = options.find((option) => option.value === value)
  return (
    <fieldset className="plain-fieldset field" aria-describedby={`${id}-explanation`}>
      <legend className="field-label">Sampling (the server asks to run a model)</legend>
      <div className="radio-row">
        {options.map((option) => (
          <label key={option.value} className="radio">
            <input
              type="radio"
              name={`${id}-sampling`}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
      <p id={`${id}-explanation`} className="field-hint">
        {chosen?.explanation}
      </p>
    </fieldset>
  )
}
