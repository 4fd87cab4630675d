import { useEffect, useState, type KeyboardEvent, type Ref } from 'react'
import type { Completion } from '../../../shared/mcp/prompts'
import type { HostAnswer } from '../app/host-answer'

/** How long typing must pause before the server is asked for suggestions (one request per pause, not key). */
export const SUGGESTION_DEBOUNCE_MS = 250

/**
 * Asks for suggestions while the field has focus, once typing pauses; answers to older values are dropped.
 * Without `suggest` (the server offers no completions) nothing is asked.
 */
function useSuggestions(
  value: string,
  focused: boolean,
  suggest: ((value: string) => Promise<HostAnswer<Completion>>) | undefined,
) {
  const [suggestions, setSuggestions] = useState<{ values: string[]; hasMore: boolean; error?: string }>({
    values: [],
    hasMore: false,
  })
  useEffect(() => {
    if (!suggest || !focused) return
    let current = true
    const timer = setTimeout(() => {
      void suggest(value).then((answer) => {
        if (!current) return
        setSuggestions(
          answer.ok
            ? { values: answer.value.values, hasMore: answer.value.hasMore }
            : { values: [], hasMore: false, error: answer.message },
        )
      })
    }, SUGGESTION_DEBOUNCE_MS)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [value, focused, suggest])
  return suggestions
}

/**
 * One string value a server asks for (a prompt argument, a template variable): its name, whether it is
 * required, the server's description, and the server's suggestions as a native datalist. Enter submits
 * the surrounding form (`onEnter`) instead of the composer around it.
 */
export function CompletionField({
  id,
  name,
  description,
  required,
  value,
  onChange,
  error,
  suggest,
  onEnter,
  inputRef,
}: {
  id: string
  name: string
  description?: string
  required: boolean
  value: string
  onChange: (value: string) => void
  error?: string
  suggest?: (value: string) => Promise<HostAnswer<Completion>>
  onEnter: () => void
  inputRef?: Ref<HTMLInputElement>
}) {
  const [focused, setFocused] = useState(false)
  const suggestions = useSuggestions(value, focused, suggest)
  const listId = `${id}-suggestions`
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const hint = [
    description,
    suggestions.error ? `No suggestions: ${suggestions.error}` : undefined,
    suggestions.hasMore ? 'More values exist than are suggested; keep typing to narrow them.' : undefined,
  ].filter(Boolean)
  const describedBy = [hint.length > 0 ? hintId : null, error ? errorId : null].filter(Boolean).join(' ')

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return
    event.preventDefault()
    onEnter()
  }

  return (
    <div className="field completion-field">
      <label htmlFor={id} className="field-label">
        <code>{name}</code>
        {required ? (
          <span className="required-mark" title="Required">
            {' '}
            * <span className="visually-hidden">(required)</span>
          </span>
        ) : (
          <span className="optional-mark"> (optional)</span>
        )}
      </label>
      <input
        id={id}
        ref={inputRef}
        className="text-input"
        value={value}
        spellCheck={false}
        autoComplete="off"
        list={suggest ? listId : undefined}
        required={required}
        aria-required={required}
        aria-invalid={error !== undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => onChange(event.target.value)}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        onKeyDown={onKeyDown}
      />
      {suggest && (
        <datalist id={listId} data-testid={listId}>
          {suggestions.values.map((suggestion) => (
            <option key={suggestion} value={suggestion} />
          ))}
        </datalist>
      )}
      {hint.length > 0 && (
        <p id={hintId} className="field-hint">
          {hint.join(' ')}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
