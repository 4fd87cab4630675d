import type { SamplingCard } from '../../../shared/sampling/sampling-card'
import { modelNameForRef, modelOptionText, unknownsText } from './sampling-labels'
import { useAppState } from '../app/store-context'

/**
 * The model the request will run on, limited to the models that can take it. A model that may not (nobody
 * stated whether it takes images, say) says so in its option and beside the picker. The others are listed
 * below, greyed, with why they cannot (on hover, and in a disclosure that the keyboard reaches).
 */
export function SamplingModelPicker({
  id,
  card,
  value,
  disabled,
  onChange,
}: {
  id: string
  card: SamplingCard
  value: string
  disabled: boolean
  onChange: (ref: string) => void
}) {
  const models = useAppState((state) => state.settings?.models)
  const { eligible, ineligible } = card.model
  const unknowns = unknownsText(eligible.find((choice) => choice.ref === value))
  return (
    <div className="sampling-model">
      <label htmlFor={`${id}-model`} className="field-label">
        Model
      </label>
      {eligible.length > 0 ? (
        <select
          id={`${id}-model`}
          className="text-input sampling-model-select"
          value={value}
          disabled={disabled}
          aria-describedby={unknowns ? `${id}-model-ref ${id}-model-unknowns` : `${id}-model-ref`}
          onChange={(event) => onChange(event.target.value)}
        >
          {eligible.map((choice) => (
            <option key={choice.ref} value={choice.ref}>
              {modelOptionText(choice, card.hints)}
            </option>
          ))}
        </select>
      ) : (
        <p className="field-error" role="alert">
          No configured model can take this request.
        </p>
      )}
      <code id={`${id}-model-ref`} className="sampling-model-ref selectable">
        {value}
      </code>
      {unknowns && (
        <p id={`${id}-model-unknowns`} className="sampling-model-unknowns" data-testid="model-unknowns">
          {unknowns}
        </p>
      )}
      {ineligible.length > 0 && (
        <>
          <p className="ineligible-names" aria-hidden="true">
            Not available:{' '}
            {ineligible.map((model, index) => (
              <span key={model.ref}>
                {index > 0 && ', '}
                <span className="ineligible-name" title={model.reasons.join('; ')}>
                  {modelNameForRef(models, model.ref)}
                </span>
              </span>
            ))}
          </p>
          <details className="ineligible-models">
            <summary>Why are other models unavailable? ({ineligible.length})</summary>
            <ul className="ineligible-list selectable" aria-label="Models that cannot take this request">
              {ineligible.map((model) => (
                <li key={model.ref} className="ineligible-model" title={model.reasons.join('; ')}>
                  <span className="ineligible-name">{modelNameForRef(models, model.ref)}</span>{' '}
                  <code className="sampling-model-ref">{model.ref}</code>
                  <ul className="ineligible-reasons">
                    {model.reasons.map((reason) => (
                      <li key={reason}>{reason}</li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          </details>
        </>
      )}
    </div>
  )
}
