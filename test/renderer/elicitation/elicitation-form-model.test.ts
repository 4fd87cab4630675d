// @vitest-environment node
import { describe, expect, it } from 'vitest'
import {
  checkDraft,
  fieldLimits,
  initialDraft,
  issuesByField,
  splitUrl,
  toggleOption,
} from '../../../src/renderer/src/elicitation/elicitation-form-model'
import { everyFieldType, fieldFixture } from '../support/elicitation-fixtures'

describe('the elicitation form model', () => {
  it('starts each field at the server’s default, else empty', () => {
    const draft = initialDraft([
      ...everyFieldType(),
      fieldFixture({ name: 'at', type: 'string', format: 'date-time', default: '2025-01-31T09:30:00Z' }),
      fieldFixture({ name: 'flag', type: 'boolean', default: true }),
    ])
    expect(draft).toMatchObject({
      name: '',
      birthdate: '1990-05-17',
      firstLine: 'It was a dark and stormy night.',
      integer: '42',
      number: '3.14',
      check: undefined,
      hero: 'hero-1',
      friend: 'Monica',
      instruments: ['Guitar'],
      flag: true,
    })
    // A date-time default shows in the user's local time, to the minute.
    const local = new Date('2025-01-31T09:30:00Z')
    expect(draft.at).toBe(
      `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, '0')}-${String(local.getDate()).padStart(2, '0')}` +
        `T${String(local.getHours()).padStart(2, '0')}:${String(local.getMinutes()).padStart(2, '0')}`,
    )
  })

  it.each([
    { name: 'an empty text input sends nothing', field: { type: 'string' }, typed: '', content: {} },
    { name: 'text is sent as typed', field: { type: 'string' }, typed: ' a ', content: { f: ' a ' } },
    { name: 'a number', field: { type: 'number' }, typed: ' -1.5e2 ', content: { f: -150 } },
    { name: 'an integer', field: { type: 'integer' }, typed: '7', content: { f: 7 } },
    { name: 'an unticked optional checkbox', field: { type: 'boolean' }, typed: undefined, content: {} },
    {
      name: 'an unticked required checkbox sends false',
      field: { type: 'boolean', required: true },
      typed: undefined,
      content: { f: false },
    },
    {
      name: 'no choice',
      field: { type: 'single-select', options: [{ value: 'a', label: 'A' }] },
      typed: '',
      content: {},
    },
    {
      name: 'every default unticked sends no choices',
      field: { type: 'multi-select', options: [{ value: 'a', label: 'A' }], default: ['a'] },
      typed: [],
      content: { f: [] },
    },
    {
      name: 'no choices without a default sends nothing',
      field: { type: 'multi-select', options: [{ value: 'a', label: 'A' }] },
      typed: [],
      content: {},
    },
  ] as const)('$name', ({ field, typed, content }) => {
    const fields = [fieldFixture({ name: 'f', ...field })]
    expect(checkDraft(fields, { f: typed as never })).toEqual({ ok: true, content })
  })

  it('applies the defaults of emptied fields, as the host would', () => {
    const fields = [fieldFixture({ name: 'f', type: 'integer', default: 3 })]
    expect(checkDraft(fields, { f: '' })).toEqual({ ok: true, content: { f: 3 } })
  })

  it('turns a local date-time into UTC, and refuses one it cannot read', () => {
    const fields = [fieldFixture({ name: 'at', type: 'string', format: 'date-time' })]
    expect(checkDraft(fields, { at: '2025-01-31T09:30' })).toEqual({
      ok: true,
      content: { at: new Date('2025-01-31T09:30').toISOString().replace('.000Z', 'Z') },
    })
    expect(checkDraft(fields, { at: 'soon' })).toEqual({
      ok: false,
      issues: [{ field: 'at', message: '"at" must be a date and time' }],
    })
  })

  it('reports an unreadable number once, not again as the schema’s type error', () => {
    const fields = [fieldFixture({ name: 'n', type: 'number', required: true })]
    for (const typed of ['0x10', 'Infinity', '1,5', '1.2.3']) {
      expect(checkDraft(fields, { n: typed })).toEqual({
        ok: false,
        issues: [{ field: 'n', message: '"n" must be a number' }],
      })
    }
  })

  it('words problems for showing beside their field', () => {
    const fields = [
      fieldFixture({ name: 'email', title: 'Email', type: 'string', format: 'email', required: true }),
      fieldFixture({ name: 'n', type: 'integer', minimum: 2 }),
    ]
    const check = checkDraft(fields, { email: '', n: '1.5' })
    expect(check.ok).toBe(false)
    if (check.ok) return
    expect(issuesByField(fields, check.issues)).toEqual({ email: 'Required', n: 'Must be a whole number' })
  })

  it.each([
    { field: { type: 'string', minLength: 2, maxLength: 5 }, limits: '2 to 5 characters' },
    { field: { type: 'string', maxLength: 5 }, limits: 'at most 5 characters' },
    { field: { type: 'string', format: 'email' }, limits: undefined },
    { field: { type: 'integer', minimum: 1 }, limits: 'A whole number, at least 1' },
    { field: { type: 'number' }, limits: 'A number' },
    { field: { type: 'multi-select', options: [], minItems: 2, maxItems: 2 }, limits: 'Choose exactly 2' },
    { field: { type: 'boolean' }, limits: undefined },
  ] as const)('limits of $field.type: $limits', ({ field, limits }) => {
    expect(fieldLimits(fieldFixture({ name: 'f', ...field }))).toBe(limits)
  })

  it('toggles an option in the options’ own order', () => {
    const options = [{ value: 'a' }, { value: 'b' }, { value: 'c' }]
    expect(toggleOption(options, ['c'], 'a', true)).toEqual(['a', 'c'])
    expect(toggleOption(options, ['a', 'c'], 'a', false)).toEqual(['c'])
  })

  it('splits a URL around its host', () => {
    expect(splitUrl('https://login.example.com:8443/a?b=//x', 'login.example.com:8443')).toEqual({
      start: 'https://',
      host: 'login.example.com:8443',
      rest: '/a?b=//x',
    })
    expect(splitUrl('http://127.0.0.1/', '127.0.0.1')).toEqual({
      start: 'http://',
      host: '127.0.0.1',
      rest: '/',
    })
    expect(splitUrl('https://xn--80ak6aa92e.com/', 'xn--80ak6aa92e.com').host).toBe('xn--80ak6aa92e.com')
  })
})
