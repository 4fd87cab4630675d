import type {
  ElicitationContent,
  ElicitationField,
  ElicitationIssue,
  ElicitationValue,
} from './elicitation-card'
import { FORMAT_DESCRIPTIONS, matchesFormat } from './string-formats'

export type ContentCheck =
  { ok: true; content: ElicitationContent } | { ok: false; issues: ElicitationIssue[] }

/**
 * Checks an accepted answer against the form's fields before anything is sent: every required field
 * present, each value of its field's type and within its limits (format, length, range, options, item
 * count), and no value for a field the form does not have. Each problem names its field, so the card can
 * show it there; the card can run this as the user types, and core runs it again before answering.
 */
export function validateContent(
  fields: readonly ElicitationField[],
  content: ElicitationContent,
): ContentCheck {
  const issues: ElicitationIssue[] = []
  const known = new Set(fields.map((field) => field.name))
  for (const name of Object.keys(content)) {
    if (!known.has(name)) issues.push({ field: name, message: `"${name}" is not a field of this form` })
  }
  for (const field of fields) {
    const value = content[field.name]
    if (value === undefined) {
      if (field.required) issues.push({ field: field.name, message: `${labelOf(field)} is required` })
      continue
    }
    const problem = problemWith(field, value)
    if (problem) issues.push({ field: field.name, message: `${labelOf(field)} ${problem}` })
  }
  return issues.length === 0 ? { ok: true, content } : { ok: false, issues }
}

/** `"Email" (email)`, or just `"email"` when the title is the name. */
export function labelOf(field: Pick<ElicitationField, 'name' | 'title'>): string {
  return field.title === field.name ? `"${field.name}"` : `"${field.title}" (${field.name})`
}

function problemWith(field: ElicitationField, value: ElicitationValue): string | undefined {
  switch (field.type) {
    case 'string': {
      if (typeof value !== 'string') return 'must be text'
      const length = [...value].length
      if (field.minLength !== undefined && length < field.minLength)
        return `must be at least ${field.minLength} characters long`
      if (field.maxLength !== undefined && length > field.maxLength)
        return `must be at most ${field.maxLength} characters long`
      if (field.format && !matchesFormat(value, field.format))
        return `must be ${FORMAT_DESCRIPTIONS[field.format]}`
      return undefined
    }
    case 'number':
    case 'integer': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'must be a number'
      if (field.type === 'integer' && !Number.isInteger(value)) return 'must be a whole number'
      if (field.minimum !== undefined && value < field.minimum) return `must be at least ${field.minimum}`
      if (field.maximum !== undefined && value > field.maximum) return `must be at most ${field.maximum}`
      return undefined
    }
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'must be true or false'
    case 'single-select': {
      if (typeof value !== 'string') return 'must be one of the options'
      return field.options.some((option) => option.value === value)
        ? undefined
        : `must be one of: ${optionList(field.options)}`
    }
    case 'multi-select': {
      if (!Array.isArray(value)) return 'must be a list of options'
      const unknown = value.find((item) => !field.options.some((option) => option.value === item))
      if (unknown !== undefined) return `has "${unknown}", which is not one of: ${optionList(field.options)}`
      if (new Set(value).size !== value.length) return 'lists an option more than once'
      if (field.minItems !== undefined && value.length < field.minItems)
        return `needs at least ${field.minItems} ${field.minItems === 1 ? 'choice' : 'choices'}`
      if (field.maxItems !== undefined && value.length > field.maxItems)
        return `allows at most ${field.maxItems} ${field.maxItems === 1 ? 'choice' : 'choices'}`
      return undefined
    }
  }
}

function optionList(options: ReadonlyArray<{ value: string; label: string }>): string {
  return options.map((option) => option.value).join(', ')
}
