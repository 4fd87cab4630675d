import { useMemo } from 'react'
import { revealInvisible } from '../../../shared/format/reveal-invisible'

/**
 * Text from a server (tool names, titles, descriptions) with every invisible character shown as a
 * highlighted `⟦U+200B⟧`, so what the user reads is all there is. Selectable; copying copies the escapes.
 */
export function RevealedText({ text, className }: { text: string; className?: string }) {
  const { segments } = useMemo(() => revealInvisible(text), [text])
  return (
    <span className={className ? `revealed selectable ${className}` : 'revealed selectable'}>
      {segments.map((segment, index) =>
        segment.kind === 'text' ? (
          segment.text
        ) : (
          <mark key={index} className="invisible-char" title={segment.name}>
            {segment.escape}
          </mark>
        ),
      )}
    </span>
  )
}
