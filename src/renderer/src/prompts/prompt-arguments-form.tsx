import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react'
import type { PromptArgumentValues, PromptInfo } from '../../../shared/mcp/prompts'
import { missingArguments } from './prompt-picker-model'
import { useAppState } from '../app/store-context'
import { CompletionField } from './completion-field'

/** The values typed so far except `name`'s own, so a server can narrow one argument by the others. */
function otherValues(values: PromptArgumentValues, name: string): PromptArgumentValues {
  return Object.fromEntries(Object.entries(values).filter(([key, value]) => key !== name && value !== ''))
}

function ArgumentField({
  prompt,
  index,
  values,
  error,
  onChange,
  onEnter,
  inputRef,
}: {
  prompt: PromptInfo
  index: number
  values: PromptArgumentValues
  error?: string
  onChange: (value: string) => void
  onEnter: () => void
  inputRef?: (element: HTMLInputElement | null) => void
}) {
  const completePromptArgument = useAppState((state) => state.completePromptArgument)
  const argument = prompt.arguments[index]!
  // Stable between keystrokes, so the field asks once per pause in typing (and not again on its answer).
  const suggest = useCallback(
    (value: string) =>
      completePromptArgument(prompt, argument.name, value, otherValues(values, argument.name)),
    [completePromptArgument, prompt, argument.name, values],
  )
  return (
    <CompletionField
      id={`prompt-argument-${index}`}
      name={argument.name}
      description={argument.description}
      required={argument.required}
      value={values[argument.name] ?? ''}
      onChange={onChange}
      error={error}
      suggest={prompt.completions ? suggest : undefined}
      onEnter={onEnter}
      inputRef={inputRef}
    />
  )
}

/**
 * The arguments a chosen prompt asks for, above the composer. Required ones are marked and checked before
 * the server is asked; the server's own refusal is shown here, and the form stays until the prompt is
 * inserted or the user cancels (Escape). It is a group inside the composer's form, not a form of its own,
 * so Enter is handled here and never sends the message.
 */
export function PromptArgumentsForm({
  prompt,
  onInserted,
  onCancel,
}: {
  prompt: PromptInfo
  onInserted: () => void
  onCancel: () => void
}) {
  const insertPrompt = useAppState((state) => state.insertPrompt)
  const [values, setValues] = useState<PromptArgumentValues>({})
  const [missing, setMissing] = useState<string[]>([])
  const [hostError, setHostError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const inputs = useRef(new Map<string, HTMLInputElement>())
  const legendId = `prompt-arguments-${prompt.key}-legend`

  useEffect(() => {
    const first = prompt.arguments[0]
    if (first) inputs.current.get(first.name)?.focus()
  }, [prompt])

  const submit = async () => {
    if (busy) return
    const stillMissing = missingArguments(prompt, values)
    setMissing(stillMissing)
    if (stillMissing.length > 0) {
      inputs.current.get(stillMissing[0]!)?.focus()
      return
    }
    setBusy(true)
    setHostError(null)
    const answer = await insertPrompt(prompt, values)
    setBusy(false)
    if (answer.ok) onInserted()
    else setHostError(answer.message)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLFieldSetElement>) => {
    if (event.key !== 'Escape') return
    event.preventDefault()
    onCancel()
  }

  return (
    <fieldset
      className="prompt-arguments plain-fieldset"
      aria-labelledby={legendId}
      aria-busy={busy}
      data-testid="prompt-arguments"
      onKeyDown={onKeyDown}
    >
      <legend id={legendId} className="prompt-arguments-title">
        Arguments for <code className="selectable">{prompt.key}</code>
      </legend>
      {prompt.description && <p className="hint selectable">{prompt.description}</p>}
      <div className="prompt-arguments-fields">
        {prompt.arguments.map((argument, index) => (
          <ArgumentField
            key={argument.name}
            prompt={prompt}
            index={index}
            values={values}
            error={missing.includes(argument.name) ? 'Required: the server needs a value.' : undefined}
            onChange={(value) => {
              setValues((previous) => ({ ...previous, [argument.name]: value }))
              if (value.trim() !== '')
                setMissing((previous) => previous.filter((name) => name !== argument.name))
            }}
            onEnter={() => void submit()}
            inputRef={(element) => {
              if (element) inputs.current.set(argument.name, element)
              else inputs.current.delete(argument.name)
            }}
          />
        ))}
      </div>
      {hostError && (
        <p className="field-error selectable" role="alert">
          Could not insert {prompt.key}: {hostError}
        </p>
      )}
      <div className="prompt-arguments-actions">
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          onClick={() => void submit()}
        >
          {busy ? 'Inserting…' : 'Insert prompt'}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </fieldset>
  )
}
