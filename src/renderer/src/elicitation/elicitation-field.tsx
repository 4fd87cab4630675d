import type { InputHTMLAttributes, ReactNode } from 'react'
import {
  SECRET_FIELD_WARNING,
  type ElicitationField as Field,
  type StringFormat,
} from '../../../shared/elicitation/elicitation-card'
import { revealedString } from '../../../shared/format/reveal-invisible'
import { RevealedText } from '../ui/revealed-text'
import { fieldLimits, RADIO_LIMIT, toggleOption, type DraftValue } from './elicitation-form-model'

const inputTypes: Record<StringFormat, string> = {
  email: 'email',
  uri: 'url',
  date: 'date',
  'date-time': 'datetime-local',
}

/** The id of a field's first control, for moving focus to the first problem. */
export function fieldControlId(formId: string, index: number): string {
  return `${formId}-field-${index}`
}

interface FieldProps {
  field: Field
  /** The first control's id; hints, warning and error hang off it. */
  id: string
  value: DraftValue
  error: string | undefined
  disabled: boolean
  onChange: (value: DraftValue) => void
}

/** Marks a field the server requires, in words so it is read with the label. */
function Required({ field }: { field: Field }) {
  return field.required ? <span className="elicitation-required"> (required)</span> : null
}

/**
 * What is said under a field: the server's description, the limits it set, the warning for a field that
 * looks like it wants a secret, and the problem with the answer. Returns them with the ids that
 * aria-describedby lists.
 */
function fieldNotes(field: Field, id: string, error: string | undefined): { ids: string; notes: ReactNode } {
  const limits = fieldLimits(field)
  const ids = [
    field.description ? `${id}-description` : null,
    limits ? `${id}-limits` : null,
    field.looksSecret ? `${id}-secret` : null,
    error ? `${id}-error` : null,
  ].filter(Boolean)
  const notes = (
    <>
      {field.description && (
        <p id={`${id}-description`} className="field-hint selectable">
          <RevealedText text={field.description} />
        </p>
      )}
      {limits && (
        <p id={`${id}-limits`} className="field-hint">
          {limits}
        </p>
      )}
      {field.looksSecret && (
        <p id={`${id}-secret`} className="callout callout--warning elicitation-secret" role="note">
          {SECRET_FIELD_WARNING}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </>
  )
  return { ids: ids.join(' '), notes }
}

/**
 * One field of a server's form, as its type asks: a text input (email, URL, date or local date-time for
 * the formats), a number typed as text, a checkbox, radios or a dropdown for one choice, checkboxes for
 * several. Everything the server wrote (title, description, option labels) is shown as plain text, with
 * invisible characters revealed (a dropdown's options as text escapes: an <option> holds only text).
 */
export function ElicitationField({ field, id, value, error, disabled, onChange }: FieldProps) {
  const { ids, notes } = fieldNotes(field, id, error)
  const describedBy = ids || undefined
  const invalid = error !== undefined
  /** What an option group needs besides its field and its inputs. */
  const group = { id, describedBy, notes, disabled, invalid }

  switch (field.type) {
    case 'string':
    case 'number':
    case 'integer': {
      const numeric = field.type !== 'string'
      const type = field.type === 'string' && field.format ? inputTypes[field.format] : 'text'
      const placeholder =
        field.default !== undefined && field.type === 'string' && field.format !== 'date-time'
          ? field.default
          : field.default !== undefined && numeric
            ? String(field.default)
            : undefined
      return (
        <div className="field elicitation-field" data-field={field.name}>
          <label htmlFor={id} className="field-label elicitation-label">
            <RevealedText text={field.title} />
            <Required field={field} />
          </label>
          <input
            id={id}
            className="text-input"
            type={type}
            value={typeof value === 'string' ? value : ''}
            placeholder={placeholder}
            inputMode={numeric ? (field.type === 'integer' ? 'numeric' : 'decimal') : undefined}
            spellCheck={false}
            autoComplete="off"
            disabled={disabled}
            aria-required={field.required}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onChange={(event) => onChange(event.target.value)}
          />
          {notes}
        </div>
      )
    }
    case 'boolean':
      return (
        <div className="field elicitation-field" data-field={field.name}>
          <label className="checkbox elicitation-label">
            <input
              id={id}
              type="checkbox"
              checked={value === true}
              disabled={disabled}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              onChange={(event) => onChange(event.target.checked)}
            />
            <RevealedText text={field.title} />
            <Required field={field} />
          </label>
          {notes}
        </div>
      )
    case 'single-select':
      if (field.options.length > RADIO_LIMIT) {
        return (
          <div className="field elicitation-field" data-field={field.name}>
            <label htmlFor={id} className="field-label elicitation-label">
              <RevealedText text={field.title} />
              <Required field={field} />
            </label>
            <select
              id={id}
              className="text-input elicitation-select"
              value={typeof value === 'string' ? value : ''}
              disabled={disabled}
              aria-required={field.required}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              onChange={(event) => onChange(event.target.value)}
            >
              <option value="">Choose…</option>
              {field.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {revealedString(option.label)}
                </option>
              ))}
            </select>
            {notes}
          </div>
        )
      }
      return (
        <OptionGroup
          field={field}
          {...group}
          input={(option) => ({
            type: 'radio',
            name: id,
            value: option,
            checked: value === option,
            onChange: () => onChange(option),
          })}
        />
      )
    case 'multi-select': {
      const chosen = Array.isArray(value) ? value : []
      return (
        <OptionGroup
          field={field}
          {...group}
          input={(option) => ({
            type: 'checkbox',
            checked: chosen.includes(option),
            onChange: (event) => onChange(toggleOption(field.options, chosen, option, event.target.checked)),
          })}
        />
      )
    }
  }
}

/**
 * A choice among options shown all at once: radio buttons for one value, checkboxes for several. `input`
 * gives each option's own input props; the first input carries the field's id (focus on a problem).
 */
function OptionGroup({
  field,
  id,
  describedBy,
  notes,
  input,
  disabled,
  invalid,
}: {
  field: Extract<Field, { options: unknown }>
  id: string
  describedBy: string | undefined
  notes: ReactNode
  input: (option: string) => InputHTMLAttributes<HTMLInputElement> & { type: 'radio' | 'checkbox' }
  disabled: boolean | undefined
  invalid: boolean
}) {
  return (
    <fieldset
      className="plain-fieldset field elicitation-field"
      data-field={field.name}
      aria-describedby={describedBy}
    >
      <legend className="field-label elicitation-label">
        <RevealedText text={field.title} />
        <Required field={field} />
      </legend>
      <div className="radio-row elicitation-options">
        {field.options.map((option, index) => {
          const props = input(option.value)
          return (
            <label key={option.value} className={props.type}>
              <input
                id={index === 0 ? id : undefined}
                {...props}
                disabled={disabled}
                aria-invalid={invalid}
              />
              <RevealedText text={option.label} />
            </label>
          )
        })}
      </div>
      {notes}
    </fieldset>
  )
}
