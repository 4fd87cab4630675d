import { useMemo } from 'react'
import { revealInvisible } from '../../../shared/format/reveal-invisible'
import { RevealedText } from './revealed-text'

/**
 * For text the user approves in a text area (which cannot highlight anything): when it holds invisible
 * characters, says how many and shows the text again with each one revealed as ⟦U+…⟧. Nothing otherwise.
 */
export function HiddenCharactersNotice({
  text,
  what,
  testId,
}: {
  text: string
  /** Names the text, e.g. "This answer". */
  what: string
  testId: string
}) {
  const { hiddenCount } = useMemo(() => revealInvisible(text), [text])
  if (hiddenCount === 0) return null
  return (
    <div className="callout callout--warning hidden-characters" role="note" data-testid={testId}>
      <p>
        {what} contains {hiddenCount} invisible character{hiddenCount === 1 ? '' : 's'}, shown here as ⟦U+…⟧:
      </p>
      <p className="hidden-characters-text">
        <RevealedText text={text} />
      </p>
    </div>
  )
}
