import { useId, useState } from 'react'
import type { ApprovalDecision, SamplingCard } from '../../../shared/sampling/sampling-card'
import { HiddenCharactersNotice } from '../ui/hidden-characters-notice'

/**
 * The optional review: the generated answer, editable, before it goes back to the server. "Return to
 * server" sends what is in the text area; "Refuse" sends nothing and the server gets a refusal.
 */
export function SamplingReview({
  card,
  busy,
  onDecide,
}: {
  card: SamplingCard
  busy: boolean
  onDecide: (decision: ApprovalDecision) => Promise<void>
}) {
  const id = useId()
  const [completion, setCompletion] = useState(card.completion ?? '')
  const model = card.model.eligible.find((choice) => choice.ref === card.model.chosen)
  const edited = completion !== (card.completion ?? '')
  return (
    <div className="approval-card-body">
      <div className="sampling-section-head">
        <label htmlFor={`${id}-completion`} className="field-label">
          Answer from {model?.displayName ?? card.model.chosen}, to return to {card.serverName}
        </label>
        {edited && <span className="edited-mark">edited</span>}
      </div>
      {card.completionCutOff && (
        <p className="callout callout--warning" data-testid="review-cut-off">
          Cut off: the model stopped at this request’s limit of {card.maxTokens} tokens, so the answer is
          incomplete.
        </p>
      )}
      <HiddenCharactersNotice text={completion} what="This answer" testId="review-hidden-characters" />
      <textarea
        id={`${id}-completion`}
        className="text-input review-text"
        value={completion}
        rows={8}
        spellCheck={false}
        disabled={busy}
        onChange={(event) => setCompletion(event.target.value)}
      />
      <div className="approval-actions" role="group" aria-label="Decision">
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          onClick={() => void onDecide({ kind: 'approve', completion })}
        >
          Return to server
        </button>
        <button
          type="button"
          className="button approval-deny"
          disabled={busy}
          onClick={() => void onDecide({ kind: 'deny' })}
        >
          Refuse
        </button>
      </div>
    </div>
  )
}
