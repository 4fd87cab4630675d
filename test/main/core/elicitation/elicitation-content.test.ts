// The pure checks on an answer (shared, so the card can run them too): defaults and schema validation.
import { describe, expect, it } from 'vitest'
import type {
  ElicitationContent,
  ElicitationField,
} from '../../../../src/shared/elicitation/elicitation-card'
import { defaultContent, withDefaults } from '../../../../src/shared/elicitation/field-defaults'
import {
  fromDateTimeLocal,
  matchesFormat,
  toDateTimeLocal,
} from '../../../../src/shared/elicitation/string-formats'
import { validateContent } from '../../../../src/shared/elicitation/validate-content'

const base = { required: false, looksSecret: false }
const FIELDS: ElicitationField[] = [
  { ...base, name: 'name', title: 'Name', type: 'string', required: true, minLength: 2, maxLength: 5 },
  { ...base, name: 'email', title: 'Email', type: 'string', format: 'email' },
  { ...base, name: 'line', title: 'line', type: 'string', default: 'It was a dark and stormy night.' },
  { ...base, name: 'age', title: 'Age', type: 'integer', minimum: 1, maximum: 100, default: 42 },
  { ...base, name: 'score', title: 'Score', type: 'number', maximum: 10, default: 3.5 },
  { ...base, name: 'ok', title: 'OK', type: 'boolean', default: true },
  {
    ...base,
    name: 'pet',
    title: 'Pet',
    type: 'single-select',
    options: [
      { value: 'pet-1', label: 'Cats' },
      { value: 'pet-2', label: 'Dogs' },
    ],
    default: 'pet-1',
  },
  {
    ...base,
    name: 'tools',
    title: 'Tools',
    type: 'multi-select',
    options: [
      { value: 'a', label: 'A' },
      { value: 'b', label: 'B' },
      { value: 'c', label: 'C' },
    ],
    minItems: 1,
    maxItems: 2,
    default: ['a'],
  },
]

describe('defaults (applyDefaults, SEP-1034)', () => {
  it('pre-fills every default for the card', () => {
    expect(defaultContent(FIELDS)).toEqual({
      line: 'It was a dark and stormy night.',
      age: 42,
      score: 3.5,
      ok: true,
      pet: 'pet-1',
      tools: ['a'],
    })
  })

  it('fills in the defaults of fields the answer leaves out, keeping what the user gave', () => {
    expect(withDefaults(FIELDS, { name: 'Ann', age: 7, ok: false, tools: [] })).toEqual({
      name: 'Ann',
      line: 'It was a dark and stormy night.',
      age: 7,
      score: 3.5,
      ok: false,
      pet: 'pet-1',
      tools: [],
    })
  })

  it('applies string, integer, number, enum and boolean defaults to an empty accept (the conformance case)', () => {
    const fields: ElicitationField[] = [
      { ...base, name: 'name', title: 'name', type: 'string', default: 'John Doe' },
      { ...base, name: 'age', title: 'age', type: 'integer', default: 30 },
      { ...base, name: 'score', title: 'score', type: 'number', default: 95.5 },
      {
        ...base,
        name: 'status',
        title: 'status',
        type: 'single-select',
        options: ['active', 'inactive', 'pending'].map((value) => ({ value, label: value })),
        default: 'active',
      },
      { ...base, name: 'verified', title: 'verified', type: 'boolean', default: true },
    ]
    expect(withDefaults(fields, {})).toEqual({
      name: 'John Doe',
      age: 30,
      score: 95.5,
      status: 'active',
      verified: true,
    })
  })

  it('gives each answer its own copy of a list default', () => {
    const first = withDefaults(FIELDS, {})
    ;(first.tools as string[]).push('b')
    expect(withDefaults(FIELDS, {}).tools).toEqual(['a'])
  })
})

describe('validateContent', () => {
  const valid = withDefaults(FIELDS, { name: 'Ann', email: 'ann@example.com' })

  it('passes a complete, valid answer unchanged', () => {
    expect(validateContent(FIELDS, valid)).toEqual({ ok: true, content: valid })
  })

  it.each([
    [{ name: undefined }, 'name', '"Name" (name) is required'],
    [{ name: 'A' }, 'name', '"Name" (name) must be at least 2 characters long'],
    [{ name: 'Annabel' }, 'name', '"Name" (name) must be at most 5 characters long'],
    [{ name: 5 }, 'name', '"Name" (name) must be text'],
    [{ email: 'not an email' }, 'email', '"Email" (email) must be an email address'],
    [{ age: 101 }, 'age', '"Age" (age) must be at most 100'],
    [{ age: 0 }, 'age', '"Age" (age) must be at least 1'],
    [{ age: 4.5 }, 'age', '"Age" (age) must be a whole number'],
    [{ score: 'high' }, 'score', '"Score" (score) must be a number'],
    [{ ok: 'yes' }, 'ok', '"OK" (ok) must be true or false'],
    [{ pet: 'pet-9' }, 'pet', '"Pet" (pet) must be one of: pet-1, pet-2'],
    [{ tools: [] }, 'tools', '"Tools" (tools) needs at least 1 choice'],
    [{ tools: ['a', 'b', 'c'] }, 'tools', '"Tools" (tools) allows at most 2 choices'],
    [{ tools: ['a', 'z'] }, 'tools', '"Tools" (tools) has "z", which is not one of: a, b, c'],
    [{ tools: ['a', 'a'] }, 'tools', '"Tools" (tools) lists an option more than once'],
    [{ tools: 'a' }, 'tools', '"Tools" (tools) must be a list of options'],
    [{ extra: 'x' }, 'extra', '"extra" is not a field of this form'],
  ])('names the field of a wrong answer (%o)', (change, field, message) => {
    const content: Record<string, unknown> = { ...valid, ...change }
    for (const [key, value] of Object.entries(change)) if (value === undefined) delete content[key]
    expect(validateContent(FIELDS, content as ElicitationContent)).toEqual({
      ok: false,
      issues: [{ field, message }],
    })
  })

  it('lists every problem at once', () => {
    const result = validateContent(FIELDS, { ...valid, name: 'A', age: 500 })
    expect(result.ok ? [] : result.issues.map((issue) => issue.field)).toEqual(['name', 'age'])
  })
})

describe('string formats', () => {
  it.each([
    ['email', 'ann@example.com', true],
    ['email', 'ann@localhost', true],
    ['email', 'ann example.com', false],
    ['email', 'a@b@c', false],
    ['uri', 'https://example.com/x?y=1', true],
    ['uri', 'mailto:ann@example.com', true],
    ['uri', 'example.com', false],
    ['uri', '/relative/path', false],
    ['date', '2024-02-29', true],
    ['date', '2023-02-29', false],
    ['date', '2025-13-01', false],
    ['date', '2025-1-01', false],
    ['date-time', '2025-01-31T09:30:00Z', true],
    ['date-time', '2025-01-31T09:30:00.250+02:00', true],
    ['date-time', '2025-01-31T09:30', false],
    ['date-time', '2025-01-31T24:00:00Z', false],
    ['date-time', '2025-01-31', false],
  ] as const)('%s %s → %s', (format, value, expected) => {
    expect(matchesFormat(value, format)).toBe(expected)
  })
})

describe('datetime-local conversion (for the card)', () => {
  it('turns a local datetime-local value into an RFC 3339 date-time that passes the format', () => {
    const value = fromDateTimeLocal('2025-01-31T09:30')
    expect(value).toBe(new Date(2025, 0, 31, 9, 30).toISOString().replace('.000Z', 'Z'))
    expect(matchesFormat(value!, 'date-time')).toBe(true)
    expect(fromDateTimeLocal('')).toBeUndefined()
    expect(fromDateTimeLocal('31/01/2025 09:30')).toBeUndefined()
  })

  it('pre-fills a datetime-local input from a date-time default, and round-trips', () => {
    const local = toDateTimeLocal('2025-01-31T09:30:00Z')
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/)
    expect(fromDateTimeLocal(local!)).toBe('2025-01-31T09:30:00Z')
    expect(toDateTimeLocal('yesterday')).toBeUndefined()
  })
})
