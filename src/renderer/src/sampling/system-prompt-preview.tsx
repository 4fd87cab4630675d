import { useState } from 'react'
import { RevealedText } from '../ui/revealed-text'

/** Past this length (or two lines) the two-line preview may hide something, so it offers "Show all". */
const PREVIEW_CHARS = 100

function isLong(text: string): boolean {
  return text.length > PREVIEW_CHARS || text.split('\n').length > 2
}

/**
 * The request's system prompt: two lines (a CSS line clamp) with "Show all", or a text area while the card
 * is being edited. Clamping is visual only, so a screen reader reads the whole prompt either way.
 */
export function SystemPromptPreview({
  id,
  original,
  draft,
  editing,
  onChange,
}: {
  id: string
  /** What the server sent; undefined when it sent none. */
  original: string | undefined
  /** The user's edit; undefined when untouched. */
  draft: string | undefined
  editing: boolean
  onChange: (text: string) => void
}) {
  const [expanded, setExpanded] = useState(false)
  const text = draft ?? original ?? ''
  const edited = draft !== undefined && draft !== (original ?? '')
  if (!editing && original === undefined && !edited) return null

  return (
    <section className="sampling-section" aria-labelledby={`${id}-system-label`}>
      <div className="sampling-section-head">
        <span id={`${id}-system-label`} className="field-label">
          System prompt
        </span>
        {edited && <span className="edited-mark">edited</span>}
      </div>
      {editing ? (
        <textarea
          id={`${id}-system`}
          className="text-input sampling-edit"
          aria-labelledby={`${id}-system-label`}
          value={text}
          rows={4}
          spellCheck={false}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <>
          <p
            id={`${id}-system`}
            className={
              expanded ? 'system-prompt selectable' : 'system-prompt system-prompt--collapsed selectable'
            }
            data-testid="system-prompt"
          >
            <RevealedText text={text} />
          </p>
          {isLong(text) && (
            <button
              type="button"
              className="link-button"
              aria-expanded={expanded}
              aria-controls={`${id}-system`}
              onClick={() => setExpanded(!expanded)}
            >
              {expanded ? 'Show less' : 'Show all'}
            </button>
          )}
        </>
      )}
    </section>
  )
}
