import type { AnswerElicitation } from './elicitation-form'

/**
 * The answer row of a server's question: the primary action (Submit, or Open in browser), then Decline
 * and Cancel, the spec's other two results. Decline tells the server "no"; Cancel closes the question
 * without a choice, so the server may ask again later.
 */
export function ElicitationButtons({
  busy,
  serverName,
  primary,
  answer,
}: {
  busy: boolean
  serverName: string
  primary: { label: string; title?: string; run: () => void }
  answer: AnswerElicitation
}) {
  return (
    <div className="approval-actions" role="group" aria-label="Answer">
      <button
        type="button"
        className="button button--primary"
        disabled={busy}
        title={primary.title}
        onClick={primary.run}
      >
        {primary.label}
      </button>
      <button
        type="button"
        className="button approval-deny"
        disabled={busy}
        title={`Tell ${serverName} you will not answer`}
        onClick={() => void answer('decline')}
      >
        Decline
      </button>
      <button
        type="button"
        className="button"
        disabled={busy}
        title={`Close this request without a choice; ${serverName} may ask again`}
        onClick={() => void answer('cancel')}
      >
        Cancel
      </button>
    </div>
  )
}
