import { useId, useState } from 'react'
import type {
  ElicitationAnswer,
  ElicitationContent,
  FormElicitationCard,
} from '../../../shared/elicitation/elicitation-card'
import type { ElicitationAnswerOutcome } from './elicitation-actions'
import {
  checkDraft,
  initialDraft,
  issuesByField,
  type DraftValue,
  type ElicitationDraft,
} from './elicitation-form-model'
import { ElicitationButtons } from './elicitation-buttons'
import { ElicitationField, fieldControlId } from './elicitation-field'

export type AnswerElicitation = (
  action: ElicitationAnswer['action'],
  content?: ElicitationContent,
) => Promise<ElicitationAnswerOutcome>

/**
 * A server's form: its fields pre-filled with the server's defaults. Submit checks the answer against the
 * schema first and shows each problem beside its field (focus goes to the first); only a clean answer is
 * sent. The host checks again, and its refusal is shown above the buttons. Enter in a field never sends
 * the form: answering always takes the Submit button.
 */
export function ElicitationForm({
  card,
  busy,
  answer,
}: {
  card: FormElicitationCard
  busy: boolean
  answer: AnswerElicitation
}) {
  const id = useId()
  const [draft, setDraft] = useState<ElicitationDraft>(() => initialDraft(card.fields))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [refused, setRefused] = useState<string | undefined>()

  const change = (name: string, value: DraftValue) => {
    setDraft((current) => ({ ...current, [name]: value }))
    setErrors((current) => {
      if (current[name] === undefined) return current
      const { [name]: _stale, ...rest } = current
      return rest
    })
    setRefused(undefined)
  }

  const submit = async () => {
    const check = checkDraft(card.fields, draft)
    if (!check.ok) {
      setErrors(issuesByField(card.fields, check.issues))
      const first = card.fields.findIndex((field) => check.issues.some((issue) => issue.field === field.name))
      if (first >= 0) document.getElementById(fieldControlId(id, first))?.focus()
      return
    }
    setErrors({})
    setRefused(undefined)
    const outcome = await answer('accept', check.content)
    if (!outcome.ok && outcome.refused) setRefused(outcome.refused)
  }

  return (
    <form
      className="elicitation-form"
      aria-label={`Answer for ${card.serverName}`}
      noValidate
      onSubmit={(event) => event.preventDefault()}
    >
      {card.fields.length === 0 && <p className="hint">This request has no fields: Submit only confirms.</p>}
      <div className="elicitation-fields">
        {card.fields.map((field, index) => (
          <ElicitationField
            key={field.name}
            field={field}
            id={fieldControlId(id, index)}
            value={draft[field.name]}
            error={errors[field.name]}
            disabled={busy}
            onChange={(value) => change(field.name, value)}
          />
        ))}
      </div>
      {refused && (
        <p className="callout callout--danger elicitation-refused" role="alert">
          Your answer was not sent: {refused}
        </p>
      )}
      <ElicitationButtons
        busy={busy}
        serverName={card.serverName}
        primary={{ label: 'Submit', run: () => void submit() }}
        answer={answer}
      />
    </form>
  )
}
