import type { ModelConfig } from '../../../shared/models/model-schema'
import { capabilityFactLines, modelName, pricingText } from './model-labels'
import { useAppState } from '../app/store-context'
import { ConfirmGroup } from '../ui/confirm-group'
import { useInPlaceConfirm } from '../ui/use-in-place-confirm'

/**
 * One configured model: each capability fact, known (with where it came from) or unknown, its prices, and
 * whether it is the default. Choosing the default is a radio shared by every provider's models: there is one in all.
 */
export function ModelRow({
  providerId,
  model,
  modelRef,
  isDefault,
  onEdit,
}: {
  providerId: string
  model: ModelConfig
  modelRef: string
  isDefault: boolean
  onEdit: () => void
}) {
  const setDefaultModel = useAppState((state) => state.setDefaultModel)
  const removeModel = useAppState((state) => state.removeModel)
  const { confirming, busy, triggerRef, cancelRef, ask, cancel, run } = useInPlaceConfirm()
  const name = modelName(model)
  const caps = model.capabilities
  const nameId = `model-${modelRef}`

  return (
    <li
      className={isDefault ? 'model-row model-row--default' : 'model-row'}
      aria-labelledby={nameId}
      data-testid={`model-row-${modelRef}`}
    >
      <div className="model-row-head">
        <span id={nameId} className="model-name selectable">
          {name}
        </span>
        {model.displayName && <code className="model-id selectable">{model.id}</code>}
        <label className="radio model-default">
          {/* One radio group across every provider: there is a single default model. */}
          <input
            type="radio"
            name="default-model"
            checked={isDefault}
            aria-label={`Use ${name} as the default model`}
            onChange={() => void setDefaultModel(modelRef)}
          />
          Default
        </label>
      </div>
      <ul className="model-fact-list" aria-label="Capabilities">
        {capabilityFactLines(caps).map((line) => (
          <li
            key={line.fact}
            className={line.source ? 'model-fact selectable' : 'model-fact model-fact--unknown selectable'}
            title={line.title}
          >
            {line.text}
            {line.source && <span className="model-fact-source"> · {line.source}</span>}
          </li>
        ))}
      </ul>
      {model.pricing && <p className="model-facts selectable">{pricingText(model.pricing)}</p>}
      {confirming ? (
        <ConfirmGroup
          busy={busy}
          cancelRef={cancelRef}
          onCancel={cancel}
          className="model-actions"
          groupLabel={`Confirm removing model ${name}`}
          question={`Remove “${name}” and its capability settings?`}
          confirmText="Remove"
          confirmLabel={`Yes, remove model ${name}`}
          onConfirm={() => void run(() => removeModel(providerId, model.id))}
        />
      ) : (
        <div className="model-actions" role="group" aria-label={`Actions for model ${name}`}>
          <button
            type="button"
            className="button button--small"
            data-action="edit-model"
            data-model-ref={modelRef}
            aria-label={`Edit model ${name}`}
            onClick={onEdit}
          >
            Edit
          </button>
          <button
            type="button"
            className="button button--small button--quiet-danger"
            ref={triggerRef}
            aria-label={`Remove model ${name}`}
            onClick={ask}
          >
            Remove
          </button>
        </div>
      )}
    </li>
  )
}
