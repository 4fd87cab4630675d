import type { UrlElicitationCard } from '../../../shared/elicitation/elicitation-card'
import { ElicitationButtons } from './elicitation-buttons'
import type { AnswerElicitation } from './elicitation-form'
import { UrlWithHost } from '../ui/url-with-host'

/**
 * A server asks the user to open a link (sign-in, payment, a form of its own). Nothing opens by itself:
 * Open in browser tells the server yes and then opens the URL in a new browser window, only on that
 * click. The card then waits for the server to say the flow finished, and the user can close it sooner.
 */
export function ElicitationUrl({
  card,
  busy,
  answer,
  dismiss,
}: {
  card: UrlElicitationCard
  busy: boolean
  answer: AnswerElicitation
  dismiss: () => void
}) {
  const open = async () => {
    const outcome = await answer('accept')
    if (outcome.ok) window.open(card.url, '_blank', 'noopener')
  }

  return (
    <div className="elicitation-url-body">
      <div className="elicitation-url-box">
        <span className="field-label">Link</span>
        <UrlWithHost url={card.url} host={card.host} testId="elicitation-url" />
        <p className="hint">
          Opens on <strong className="elicitation-url-host">{card.host}</strong>. Go on only if you expect{' '}
          {card.serverName} to send you there.
        </p>
      </div>
      {card.opened || card.completed ? (
        <div className="elicitation-waiting">
          <p role="status" data-testid="elicitation-waiting">
            {card.completed ? `${card.serverName} finished.` : `Waiting for ${card.serverName} to finish…`}
          </p>
          <button type="button" className="button" disabled={busy} onClick={dismiss}>
            Dismiss
          </button>
        </div>
      ) : (
        <ElicitationButtons
          busy={busy}
          serverName={card.serverName}
          primary={{
            label: 'Open in browser',
            title: `Tell ${card.serverName} yes and open ${card.host} in your browser`,
            run: () => void open(),
          }}
          answer={answer}
        />
      )}
    </div>
  )
}
