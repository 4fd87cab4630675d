import { useCallback, useEffect, useRef, useState } from 'react'
import type { PromptArgumentValues } from '../../../shared/mcp/prompts'
import type { ResourceTemplateInfo } from '../../../shared/mcp/resources'
import { ATTACHMENTS_LIMIT, missingVariables } from './resource-attachments-model'
import { useAppState } from '../app/store-context'
import { CompletionField } from '../prompts/completion-field'

function VariableField({
  template,
  fieldId,
  name,
  required,
  values,
  error,
  onChange,
  onEnter,
  inputRef,
}: {
  template: ResourceTemplateInfo
  fieldId: string
  name: string
  required: boolean
  values: PromptArgumentValues
  error?: string
  onChange: (value: string) => void
  onEnter: () => void
  inputRef?: (element: HTMLInputElement | null) => void
}) {
  const completeTemplateVariable = useAppState((state) => state.completeTemplateVariable)
  // Stable between keystrokes, so the field asks once per pause in typing (and not again on its answer).
  const suggest = useCallback(
    (value: string) =>
      completeTemplateVariable(
        template,
        name,
        value,
        Object.fromEntries(Object.entries(values).filter(([key, other]) => key !== name && other !== '')),
      ),
    [completeTemplateVariable, template, name, values],
  )
  return (
    <CompletionField
      id={fieldId}
      name={name}
      required={required}
      value={values[name] ?? ''}
      onChange={onChange}
      error={error}
      suggest={template.completions ? suggest : undefined}
      onEnter={onEnter}
      inputRef={inputRef}
    />
  )
}

/** The variables form of one template; Attach reads the filled-in URI (the host expands and checks it). */
function TemplateForm({
  template,
  formId,
  subscribable,
  onDone,
}: {
  template: ResourceTemplateInfo
  formId: string
  subscribable: boolean
  onDone: () => void
}) {
  const attachTemplate = useAppState((state) => state.attachTemplate)
  const full = useAppState((state) => state.attachments.length >= ATTACHMENTS_LIMIT)
  const [values, setValues] = useState<PromptArgumentValues>({})
  const [missing, setMissing] = useState<string[]>([])
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const inputs = useRef(new Map<string, HTMLInputElement>())

  useEffect(() => {
    const first = template.variables[0]
    if (first) inputs.current.get(first.name)?.focus()
  }, [template])

  const attach = async () => {
    if (busy) return
    const stillMissing = missingVariables(template.variables, values)
    setMissing(stillMissing)
    if (stillMissing.length > 0) {
      inputs.current.get(stillMissing[0]!)?.focus()
      return
    }
    setBusy(true)
    setError(null)
    const answer = await attachTemplate(template, values, { subscribable })
    setBusy(false)
    if (answer.ok) onDone()
    else setError(answer.message)
  }

  return (
    <div
      className="resource-template-form"
      role="group"
      aria-label={`Fill in ${template.name}`}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return
        event.preventDefault()
        onDone()
      }}
    >
      {template.variables.map((variable, index) => (
        <VariableField
          key={variable.name}
          template={template}
          fieldId={`${formId}-${index}`}
          name={variable.name}
          required={variable.required}
          values={values}
          error={missing.includes(variable.name) ? 'Required to make the URI.' : undefined}
          onChange={(value) => {
            setValues((previous) => ({ ...previous, [variable.name]: value }))
            if (value.trim() !== '')
              setMissing((previous) => previous.filter((name) => name !== variable.name))
          }}
          onEnter={() => void attach()}
          inputRef={(element) => {
            if (element) inputs.current.set(variable.name, element)
            else inputs.current.delete(variable.name)
          }}
        />
      ))}
      {error && (
        <p className="field-error selectable" role="alert">
          {error}
        </p>
      )}
      <div className="resource-template-actions">
        <button
          type="button"
          className="button button--primary button--small"
          disabled={busy || full}
          onClick={() => void attach()}
        >
          {busy ? 'Attaching…' : 'Attach'}
        </button>
        <button type="button" className="button button--small" onClick={onDone}>
          Cancel
        </button>
      </div>
    </div>
  )
}

/** One resource template: its URI pattern, and a form for its variables that attaches the result. */
export function ResourceTemplateItem({
  template,
  index,
  subscribable,
}: {
  template: ResourceTemplateInfo
  index: number
  /** Whether the server offers subscriptions (templates do not say so themselves). */
  subscribable: boolean
}) {
  const [filling, setFilling] = useState(false)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const formId = `resource-template-${template.serverId}-${index}`
  const name = template.title ?? template.name

  return (
    <li className="resource-item" data-testid="resource-template">
      <div className="resource-item-head">
        <span className="resource-item-name selectable">{name}</span>
        {template.mimeType && <span className="resource-item-facts">{template.mimeType}</span>}
        <button
          type="button"
          ref={toggleRef}
          className="button button--small resource-item-action"
          aria-expanded={filling}
          aria-controls={filling ? formId : undefined}
          aria-label={`Fill in ${name}`}
          onClick={() => setFilling((open) => !open)}
        >
          Fill in…
        </button>
      </div>
      <code className="resource-item-uri selectable">{template.uriTemplate}</code>
      {template.description && <p className="resource-item-description selectable">{template.description}</p>}
      {filling && (
        <div id={formId}>
          <TemplateForm
            template={template}
            formId={formId}
            subscribable={subscribable}
            onDone={() => {
              setFilling(false)
              toggleRef.current?.focus()
            }}
          />
        </div>
      )}
    </li>
  )
}
