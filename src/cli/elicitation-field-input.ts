import {
  SECRET_FIELD_WARNING,
  type ElicitationField,
  type ElicitationOption,
  type ElicitationValue,
} from '../shared/elicitation/elicitation-card'
import { labelOf, validateContent } from '../shared/elicitation/validate-content'
import { revealedFirstLine, revealedTerminalText, truncate } from './format/terminal-text'

/** What one typed line means for a field: a value, nothing (its default or no answer), or a problem. */
export type FieldInput =
  { kind: 'value'; value: ElicitationValue } | { kind: 'skip' } | { kind: 'invalid'; message: string }

/** Longest default shown in a prompt; the full value is still what the server gets. */
const DEFAULT_PREVIEW_CHARS = 40

/**
 * How a form field is asked at the terminal: its label, whether it is required, the server's description,
 * the secret warning, and numbered options for enums. Everything from the server goes through
 * revealedTerminalText, so escape sequences and invisible characters cannot fake or hide part of the question.
 */
export function fieldQuestionLines(field: ElicitationField, position: number, total: number): string[] {
  const name = field.title === field.name ? '' : ` (${revealedFirstLine(field.name)})`
  const lines = [
    `Field ${position} of ${total}: ${revealedFirstLine(field.title)}${name}${field.required ? ', required' : ''}`,
  ]
  if (field.description !== undefined) {
    lines.push(
      ...revealedTerminalText(field.description)
        .split('\n')
        .map((line) => `    ${line}`),
    )
  }
  if (field.looksSecret) lines.push(`    Warning: ${SECRET_FIELD_WARNING}`)
  if (field.type === 'single-select' || field.type === 'multi-select') {
    field.options.forEach((option, index) => {
      const chosen = defaultValues(field).includes(option.value) ? '  (default)' : ''
      lines.push(`    ${index + 1}. ${optionText(option)}${chosen}`)
    })
  }
  return lines
}

/** The prompt after the question: what to type, and what Enter keeps. */
export function fieldPrompt(field: ElicitationField): string {
  const kept =
    field.default !== undefined
      ? ` [${truncate(revealedFirstLine(defaultText(field)), DEFAULT_PREVIEW_CHARS)}]`
      : field.required
        ? ''
        : ' (Enter to skip)'
  return `  ${inputHint(field)}${kept}: `
}

/** Reads one typed line for a field and checks it against that field's limits right away. */
export function readFieldInput(field: ElicitationField, typed: string): FieldInput {
  const text = typed.trim()
  if (text === '') {
    if (field.default !== undefined || !field.required) return { kind: 'skip' }
    return { kind: 'invalid', message: `${labelOf(field)} is required` }
  }
  const parsed = parseTyped(field, text)
  if ('problem' in parsed) return { kind: 'invalid', message: `${labelOf(field)} ${parsed.problem}` }
  const check = validateContent([field], { [field.name]: parsed.value })
  if (!check.ok) return { kind: 'invalid', message: check.issues.map((issue) => issue.message).join('; ') }
  return { kind: 'value', value: parsed.value }
}

function parseTyped(
  field: ElicitationField,
  text: string,
): { value: ElicitationValue } | { problem: string } {
  switch (field.type) {
    case 'string':
      return { value: text }
    case 'number':
    case 'integer': {
      const value = Number(text)
      return Number.isFinite(value)
        ? { value }
        : { problem: `must be a number, not "${revealedFirstLine(text)}"` }
    }
    case 'boolean': {
      const answer = text.toLowerCase()
      if (['y', 'yes', 'true'].includes(answer)) return { value: true }
      if (['n', 'no', 'false'].includes(answer)) return { value: false }
      return { problem: 'takes y or n' }
    }
    case 'single-select': {
      const option = pickOption(field.options, text)
      return option
        ? { value: option.value }
        : { problem: `takes a number from 1 to ${field.options.length}` }
    }
    case 'multi-select': {
      const values: string[] = []
      for (const part of text.split(',').map((item) => item.trim())) {
        if (part === '') continue
        const option = pickOption(field.options, part)
        if (!option)
          return {
            problem: `has "${revealedFirstLine(part)}", not a number from 1 to ${field.options.length}`,
          }
        if (!values.includes(option.value)) values.push(option.value)
      }
      return { value: values }
    }
  }
}

/** By its number in the list, else by its exact value, else by its label ignoring case. */
function pickOption(options: readonly ElicitationOption[], text: string): ElicitationOption | undefined {
  if (/^\d+$/u.test(text)) return options[Number(text) - 1]
  return (
    options.find((option) => option.value === text) ??
    options.find((option) => option.label.toLowerCase() === text.toLowerCase())
  )
}

function inputHint(field: ElicitationField): string {
  switch (field.type) {
    case 'string': {
      const kind = field.format ? FORMAT_HINTS[field.format] : 'text'
      const length = rangeText(field.minLength, field.maxLength, 'characters')
      return length ? `${kind}, ${length}` : kind
    }
    case 'number':
    case 'integer': {
      const kind = field.type === 'integer' ? 'whole number' : 'number'
      const range = rangeText(field.minimum, field.maximum)
      return range ? `${kind}, ${range}` : kind
    }
    case 'boolean':
      return 'y/n'
    case 'single-select':
      return `choose 1-${field.options.length}`
    case 'multi-select': {
      const count = rangeText(field.minItems, field.maxItems, 'choices')
      return `numbers separated by commas${count ? `, ${count}` : ''}`
    }
  }
}

const FORMAT_HINTS = {
  email: 'email address',
  uri: 'URI',
  date: 'date YYYY-MM-DD',
  'date-time': 'date and time YYYY-MM-DDThh:mm:ssZ',
} as const

function rangeText(low: number | undefined, high: number | undefined, unit?: string): string | undefined {
  const suffix = unit ? ` ${unit}` : ''
  if (low !== undefined && high !== undefined) return `${low} to ${high}${suffix}`
  if (low !== undefined) return `at least ${low}${suffix}`
  if (high !== undefined) return `at most ${high}${suffix}`
  return undefined
}

function defaultText(field: ElicitationField): string {
  if (field.type === 'boolean') return field.default ? 'y' : 'n'
  if (field.type === 'single-select' || field.type === 'multi-select') {
    return defaultValues(field)
      .map((value) => String(field.options.findIndex((option) => option.value === value) + 1))
      .join(',')
  }
  return String(field.default)
}

function defaultValues(field: ElicitationField & { type: 'single-select' | 'multi-select' }): string[] {
  if (field.default === undefined) return []
  return Array.isArray(field.default) ? field.default : [field.default]
}

function optionText(option: ElicitationOption): string {
  return option.label === option.value
    ? revealedFirstLine(option.label)
    : `${revealedFirstLine(option.label)} (${revealedFirstLine(option.value)})`
}
