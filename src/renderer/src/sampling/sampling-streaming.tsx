import { useLayoutEffect, useRef, useState } from 'react'
import type { SamplingCard } from '../../../shared/sampling/sampling-card'
import { formatCount } from './sampling-labels'
import { useAppState } from '../app/store-context'

/** How close to the bottom (px) still counts as "following" the text as it grows. */
const FOLLOW_SLACK = 24

/**
 * The completion as the model writes it, with the host's chunk and character counts and a Stop button.
 * The text stays scrolled to its end while the user has not scrolled up to read.
 */
export function SamplingStreaming({ card }: { card: SamplingCard }) {
  const stream = useAppState((state) => state.streams[card.id])
  const stopSampling = useAppState((state) => state.stopSampling)
  const [stopping, setStopping] = useState(false)
  const textRef = useRef<HTMLDivElement>(null)
  const following = useRef(true)
  const text = stream?.text ?? ''
  const model = card.model.eligible.find((choice) => choice.ref === card.model.chosen)

  useLayoutEffect(() => {
    const element = textRef.current
    if (element && following.current) element.scrollTop = element.scrollHeight
  }, [text])

  const stop = async () => {
    setStopping(true)
    if (!(await stopSampling(card.id))) setStopping(false)
  }

  return (
    <div className="approval-card-body">
      <p className="stream-model selectable">
        {model?.displayName ?? card.model.chosen}{' '}
        <code className="sampling-model-ref">{card.model.chosen}</code>
      </p>
      <div
        ref={textRef}
        className="stream-text selectable"
        data-testid="stream-text"
        aria-label="Generated text"
        onScroll={(event) => {
          const element = event.currentTarget
          following.current = element.scrollHeight - element.scrollTop - element.clientHeight <= FOLLOW_SLACK
        }}
      >
        {text === '' ? <span className="stream-waiting">Waiting for the model’s first words…</span> : text}
      </div>
      <div className="approval-actions">
        <p className="stream-counts" data-testid="stream-counts">
          {formatCount(stream?.chunks ?? 0)} {stream?.chunks === 1 ? 'chunk' : 'chunks'} ·{' '}
          {formatCount(stream?.chars ?? 0)} {stream?.chars === 1 ? 'character' : 'characters'}
        </p>
        <button
          type="button"
          className="button approval-deny"
          disabled={stopping}
          onClick={() => void stop()}
        >
          {stopping ? 'Stopping…' : 'Stop'}
        </button>
      </div>
    </div>
  )
}
