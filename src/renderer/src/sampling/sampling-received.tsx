import type { SamplingCard } from '../../../shared/sampling/sampling-card'

/**
 * What the server sent beyond what the card lays out: its `metadata` (shown, never sent to a model) and
 * the whole request as received, as JSON, behind a disclosure (long strings such as image data are
 * shortened by the host; received-request.ts).
 */
export function SamplingReceived({ card }: { card: SamplingCard }) {
  return (
    <>
      {card.metadata !== undefined && (
        <div className="sampling-metadata" data-testid="sampling-metadata">
          <span className="field-label">Metadata (not sent to the model)</span>
          {/* Focusable, so a keyboard user can scroll a long one. */}
          <pre className="sampling-json selectable" tabIndex={0}>
            {card.metadata}
          </pre>
        </div>
      )}
      {card.received !== undefined && (
        <details className="sampling-raw" data-testid="sampling-raw">
          <summary>Request as received (JSON)</summary>
          <pre className="sampling-json selectable" tabIndex={0} aria-label="The request as received">
            {card.received}
          </pre>
        </details>
      )}
    </>
  )
}
