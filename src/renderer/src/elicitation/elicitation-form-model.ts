import type {
  ElicitationContent,
  ElicitationField,
  ElicitationIssue,
} from '../../../shared/elicitation/elicitation-card'
import { withDefaults } from '../../../shared/elicitation/field-defaults'
import { fromDateTimeLocal, toDateTimeLocal } from '../../../shared/elicitation/string-formats'
import { labelOf, validateContent } from '../../../shared/elicitation/validate-content'

/**
 * What an elicitation form holds while the user fills it in, kept apart from the component so the rules
 * (what an empty input means, how a typed number or a local date-time becomes the value the schema asks
 * for) are tested without a DOM.
 */

/**
 * One field's input as typed: text for strings and numbers (a half-typed number stays as typed), a
 * boolean (undefined until the user or a default sets it), the chosen option ('' for none), the chosen
 * options.
 */
export type DraftValue = string | boolean | string[] | undefined
export type ElicitationDraft = Record<string, DraftValue>

/** A single-select with more options than this shows a dropdown instead of radios. */
export const RADIO_LIMIT = 5

export type DraftCheck = { ok: true; content: ElicitationContent } | { ok: false; issues: ElicitationIssue[] }

/** The form as it opens: each field at the server's default, where it gave one, else empty. */
export function initialDraft(fields: readonly ElicitationField[]): ElicitationDraft {
  const draft: ElicitationDraft = {}
  for (const field of fields) draft[field.name] = initialValue(field)
  return draft
}

function initialValue(field: ElicitationField): DraftValue {
  switch (field.type) {
    case 'string':
      if (field.default === undefined) return ''
      return field.format === 'date-time' ? (toDateTimeLocal(field.default) ?? '') : field.default
    case 'number':
    case 'integer':
      return field.default === undefined ? '' : String(field.default)
    case 'boolean':
      return field.default
    case 'single-select':
      return field.default ?? ''
    case 'multi-select':
      return field.default ? [...field.default] : []
  }
}

/** A decimal number as people type it: no hex, no `Infinity`, no stray letters (which `Number()` allows). */
const NUMBER_PATTERN = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/u

/**
 * The answer the form would send: an input left empty sends nothing (the server's default then applies,
 * as applyDefaults asks; the input shows it as its placeholder), a multi-select whose defaults were all
 * unticked sends no choices, an unchecked checkbox of a required yes/no question sends `false`. Then the
 * whole answer, defaults included, is checked against the schema with the same rules the host applies;
 * every problem names its field.
 */
export function checkDraft(fields: readonly ElicitationField[], draft: ElicitationDraft): DraftCheck {
  const content: ElicitationContent = {}
  const issues: ElicitationIssue[] = []
  for (const field of fields) {
    const read = readValue(field, draft[field.name])
    if ('problem' in read) issues.push({ field: field.name, message: `${labelOf(field)} ${read.problem}` })
    else if (read.value !== undefined) content[field.name] = read.value
  }
  const complete = withDefaults(fields, content)
  const check = validateContent(fields, complete)
  if (!check.ok) {
    const unreadable = new Set(issues.map((issue) => issue.field))
    issues.push(...check.issues.filter((issue) => !unreadable.has(issue.field)))
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, content: complete }
}

type Read = { value: ElicitationContent[string] | undefined } | { problem: string }

function readValue(field: ElicitationField, value: DraftValue): Read {
  switch (field.type) {
    case 'string': {
      const text = typeof value === 'string' ? value : ''
      if (text === '') return { value: undefined }
      if (field.format !== 'date-time') return { value: text }
      const dateTime = fromDateTimeLocal(text)
      return dateTime === undefined ? { problem: 'must be a date and time' } : { value: dateTime }
    }
    case 'number':
    case 'integer': {
      const text = typeof value === 'string' ? value.trim() : ''
      if (text === '') return { value: undefined }
      return NUMBER_PATTERN.test(text) ? { value: Number(text) } : { problem: 'must be a number' }
    }
    case 'boolean':
      return { value: typeof value === 'boolean' ? value : field.required ? false : undefined }
    case 'single-select':
      return { value: typeof value === 'string' && value !== '' ? value : undefined }
    case 'multi-select': {
      const chosen = Array.isArray(value) ? value : []
      // Unticking every default means "none": sent as such, or the default would quietly come back.
      return { value: chosen.length > 0 || field.default !== undefined ? chosen : undefined }
    }
  }
}

/**
 * Problems by field name, the first one of each field, worded for showing beside it: the field's label
 * that starts each message is dropped there (`Must be an email address`, `Required`).
 */
export function issuesByField(
  fields: readonly ElicitationField[],
  issues: readonly ElicitationIssue[],
): Record<string, string> {
  const byField: Record<string, string> = {}
  for (const issue of issues) {
    if (byField[issue.field] !== undefined) continue
    const field = fields.find((candidate) => candidate.name === issue.field)
    byField[issue.field] = field ? besideField(labelOf(field), issue.message) : issue.message
  }
  return byField
}

function besideField(label: string, message: string): string {
  if (!message.startsWith(`${label} `)) return message
  const rest = message.slice(label.length + 1)
  return rest === 'is required' ? 'Required' : `${rest.charAt(0).toUpperCase()}${rest.slice(1)}`
}

/** Toggles one option of a multi-select, keeping the options' own order. */
export function toggleOption(
  options: ReadonlyArray<{ value: string }>,
  chosen: readonly string[],
  value: string,
  on: boolean,
): string[] {
  const next = new Set(chosen)
  if (on) next.add(value)
  else next.delete(value)
  return options.map((option) => option.value).filter((option) => next.has(option))
}

/** The limits a field's value must keep, in words, shown under the field before anything goes wrong. */
export function fieldLimits(field: ElicitationField): string | undefined {
  switch (field.type) {
    case 'string': {
      const parts: string[] = []
      if (field.format === 'date-time') parts.push('Your local time; sent in UTC')
      const length = range(field.minLength, field.maxLength)
      if (length) parts.push(`${length} characters`)
      return parts.length > 0 ? parts.join(' · ') : undefined
    }
    case 'number':
    case 'integer': {
      const kind = field.type === 'integer' ? 'A whole number' : 'A number'
      const limits = range(field.minimum, field.maximum)
      return limits ? `${kind}, ${limits}` : kind
    }
    case 'multi-select': {
      const count = range(field.minItems, field.maxItems)
      return count ? `Choose ${count}` : undefined
    }
    default:
      return undefined
  }
}

function range(min: number | undefined, max: number | undefined): string | undefined {
  if (min !== undefined && max !== undefined) return min === max ? `exactly ${min}` : `${min} to ${max}`
  if (min !== undefined) return `at least ${min}`
  if (max !== undefined) return `at most ${max}`
  return undefined
}

/** A URL in three parts, so the card can emphasise the host: `https://`, the host, the rest. */
export function splitUrl(url: string, host: string): { start: string; host: string; rest: string } {
  const marker = `//${host}`
  const at = url.indexOf(marker)
  if (at < 0) return { start: url, host: '', rest: '' }
  const end = at + marker.length
  return { start: url.slice(0, at + 2), host: url.slice(at + 2, end), rest: url.slice(end) }
}
