import type { SamplingCard } from '../../../shared/sampling/sampling-card'
import { formatCount, includeContextLabels, priorityLabels, stopSequenceText } from './sampling-labels'

/** The server's model hints as chips, its three priorities as meters, and the generation parameters. */
export function SamplingRequestFacts({ card }: { card: SamplingCard }) {
  return (
    <div className="sampling-facts selectable">
      {card.hints.some((hint) => hint !== '') && (
        <div className="sampling-hints">
          <span className="field-label">Hinted</span>
          <ul className="chips" aria-label="Model names the server hinted">
            {/* Unnamed hints keep their place in card.hints (matchedHint indexes into it) but show nothing. */}
            {card.hints.map((hint, index) =>
              hint === '' ? null : (
                <li key={`${index}-${hint}`} className="chip">
                  {hint}
                </li>
              ),
            )}
          </ul>
        </div>
      )}
      <dl className="sampling-priorities" aria-label="The server's priorities (0 to 1)">
        {priorityLabels.map(({ key, label, explanation }) => {
          const value = card.priorities[key]
          return (
            <div key={key} className="sampling-priority" title={`${label}: ${explanation}`}>
              <dt>{label}</dt>
              <dd>
                {value === undefined ? (
                  <span className="sampling-priority-none">not given</span>
                ) : (
                  <>
                    <meter min={0} max={1} value={value} aria-label={`${label} priority`} />
                    <span className="sampling-priority-value">{value.toFixed(2)}</span>
                  </>
                )}
              </dd>
            </div>
          )
        })}
      </dl>
      <p className="sampling-params" data-testid="sampling-params">
        <span>
          Max tokens <strong>{formatCount(card.maxTokens)}</strong>
        </span>
        <span>
          Temperature <strong>{card.temperature ?? 'model default'}</strong>
        </span>
        <span>
          Stop{' '}
          {card.stopSequences.length === 0 ? (
            <strong>none</strong>
          ) : (
            card.stopSequences.map((sequence, index) => (
              <code key={`${index}-${sequence}`} className="stop-sequence">
                {stopSequenceText(sequence)}
              </code>
            ))
          )}
        </span>
        {card.includeContext !== undefined && (
          <span data-testid="sampling-include-context">
            Context <strong>{includeContextLabels[card.includeContext]}</strong>
          </span>
        )}
      </p>
    </div>
  )
}
