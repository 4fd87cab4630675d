import { describe, expect, it } from 'vitest'
import {
  MAX_FIELDS,
  parseRequestedSchema,
  type SchemaParse,
} from '../../../../src/main/core/elicitation/requested-schema'
import type { ElicitationField } from '../../../../src/shared/elicitation/elicitation-card'

function fieldsOf(result: SchemaParse): ElicitationField[] {
  if (!result.ok) throw new Error(`expected a supported schema, got: ${result.reason}`)
  return result.fields
}

function form(properties: Record<string, unknown>, required?: string[]): unknown {
  return { type: 'object', properties, ...(required ? { required } : {}) }
}

function reasonFor(schema: unknown): string {
  const result = parseRequestedSchema(schema)
  if (result.ok) throw new Error('expected the schema to be unsupported')
  return result.reason
}

describe('parseRequestedSchema', () => {
  it('reads string fields with their formats, lengths, default, title and required flag', () => {
    const fields = fieldsOf(
      parseRequestedSchema(
        form(
          {
            name: { type: 'string', title: 'Full name', description: 'As on your passport', minLength: 2 },
            email: { type: 'string', format: 'email' },
            homepage: { type: 'string', format: 'uri', maxLength: 200 },
            birthdate: { type: 'string', format: 'date' },
            meeting: { type: 'string', format: 'date-time', default: '2025-01-31T09:30:00Z' },
          },
          ['name'],
        ),
      ),
    )
    expect(fields).toEqual([
      {
        name: 'name',
        title: 'Full name',
        description: 'As on your passport',
        required: true,
        looksSecret: false,
        type: 'string',
        minLength: 2,
      },
      { name: 'email', title: 'email', required: false, looksSecret: false, type: 'string', format: 'email' },
      {
        name: 'homepage',
        title: 'homepage',
        required: false,
        looksSecret: false,
        type: 'string',
        format: 'uri',
        maxLength: 200,
      },
      {
        name: 'birthdate',
        title: 'birthdate',
        required: false,
        looksSecret: false,
        type: 'string',
        format: 'date',
      },
      {
        name: 'meeting',
        title: 'meeting',
        required: false,
        looksSecret: false,
        type: 'string',
        format: 'date-time',
        default: '2025-01-31T09:30:00Z',
      },
    ])
  })

  it('reads numbers, integers and booleans with their ranges and defaults', () => {
    const fields = fieldsOf(
      parseRequestedSchema(
        form({
          score: { type: 'number', minimum: 0, maximum: 1000, default: 3.14 },
          age: { type: 'integer', minimum: 1, default: 42 },
          agree: { type: 'boolean', default: false },
        }),
      ),
    )
    expect(fields).toMatchObject([
      { name: 'score', type: 'number', minimum: 0, maximum: 1000, default: 3.14 },
      { name: 'age', type: 'integer', minimum: 1, default: 42 },
      { name: 'agree', type: 'boolean', default: false },
    ])
  })

  it('turns every enum shape into options with labels', () => {
    const fields = fieldsOf(
      parseRequestedSchema(
        form({
          plain: { type: 'string', enum: ['Monica', 'Rachel'], default: 'Monica' },
          titled: {
            type: 'string',
            oneOf: [
              { const: 'hero-1', title: 'Superman' },
              { const: 'hero-2', title: 'Green Lantern' },
            ],
            default: 'hero-1',
          },
          titledAnyOf: { type: 'string', anyOf: [{ const: 'a', title: 'Alpha' }, { const: 'b' }] },
          legacy: { type: 'string', enum: ['pet-1', 'pet-2'], enumNames: ['Cats', 'Dogs'], default: 'pet-1' },
          multi: {
            type: 'array',
            minItems: 1,
            maxItems: 3,
            items: { type: 'string', enum: ['Guitar', 'Piano'] },
            default: ['Guitar'],
          },
          multiTitled: {
            type: 'array',
            items: {
              anyOf: [
                { const: 'fish-1', title: 'Tuna' },
                { const: 'fish-2', title: 'Salmon' },
              ],
            },
          },
        }),
      ),
    )
    expect(fields).toMatchObject([
      {
        name: 'plain',
        type: 'single-select',
        options: [
          { value: 'Monica', label: 'Monica' },
          { value: 'Rachel', label: 'Rachel' },
        ],
        default: 'Monica',
      },
      {
        name: 'titled',
        type: 'single-select',
        options: [
          { value: 'hero-1', label: 'Superman' },
          { value: 'hero-2', label: 'Green Lantern' },
        ],
        default: 'hero-1',
      },
      {
        name: 'titledAnyOf',
        type: 'single-select',
        options: [
          { value: 'a', label: 'Alpha' },
          { value: 'b', label: 'b' },
        ],
      },
      {
        name: 'legacy',
        type: 'single-select',
        options: [
          { value: 'pet-1', label: 'Cats' },
          { value: 'pet-2', label: 'Dogs' },
        ],
        default: 'pet-1',
      },
      {
        name: 'multi',
        type: 'multi-select',
        minItems: 1,
        maxItems: 3,
        options: [
          { value: 'Guitar', label: 'Guitar' },
          { value: 'Piano', label: 'Piano' },
        ],
        default: ['Guitar'],
      },
      {
        name: 'multiTitled',
        type: 'multi-select',
        options: [
          { value: 'fish-1', label: 'Tuna' },
          { value: 'fish-2', label: 'Salmon' },
        ],
      },
    ])
  })

  it('flags fields whose name or title reads like a secret', () => {
    const fields = fieldsOf(
      parseRequestedSchema(
        form({
          password: { type: 'string' },
          apiKey: { type: 'string' },
          field3: { type: 'string', title: 'Access token' },
          client_secret: { type: 'string' },
          keyboard: { type: 'string' },
          monkey: { type: 'string' },
          firstLine: { type: 'string', title: 'Favorite first line' },
        }),
      ),
    )
    expect(Object.fromEntries(fields.map((field) => [field.name, field.looksSecret]))).toEqual({
      password: true,
      apiKey: true,
      field3: true,
      client_secret: true,
      keyboard: false,
      monkey: false,
      firstLine: false,
    })
  })

  it('accepts a form without properties (a plain confirmation)', () => {
    expect(fieldsOf(parseRequestedSchema({ type: 'object', properties: {} }))).toEqual([])
  })

  it.each([
    [{ type: 'array' }, 'the requested schema has type "array"; it must be "object"'],
    ['nope', 'the requested schema is not an object'],
    [
      form({ address: { type: 'object', properties: {} } }),
      'field "address": type "object" is not supported',
    ],
    [form({ a: { enum: ['x'] } }), 'field "a": type none is not supported'],
    [form({ phone: { type: 'string', format: 'phone' } }), 'field "phone": format "phone" is not supported'],
    [form({ a: { type: 'string', minLength: 5, maxLength: 3 } }), 'minLength 5 is more than maxLength 3'],
    [form({ a: { type: 'string', minLength: -1 } }), 'minLength is not a whole number of zero or more'],
    [form({ a: { type: 'number', minimum: 10, maximum: 1 } }), 'minimum 10 is more than maximum 1'],
    [form({ a: { type: 'integer', default: 1.5 } }), 'its default 1.5 is not a whole number'],
    [form({ a: { type: 'number', default: '3' } }), 'field "a": default is not a number'],
    [form({ a: { type: 'number', enum: [1, 2] } }), 'an enum of numbers is not supported'],
    [form({ a: { type: 'boolean', default: 'yes' } }), 'its default is not true or false'],
    [
      form({ a: { type: 'string', enum: ['x', 'y'], default: 'z' } }),
      'its default "z" is not one of its options',
    ],
    [form({ a: { type: 'string', enum: ['x', 'x'] } }), 'option "x" appears more than once'],
    [form({ a: { type: 'string', enum: [] } }), 'it offers no options'],
    [
      form({ a: { type: 'string', enum: ['x'], enumNames: ['X', 'Y'] } }),
      'it has 1 enum values but 2 enumNames',
    ],
    [form({ a: { type: 'string', enum: ['x'], oneOf: [{ const: 'x' }] } }), 'it has both enum and oneOf'],
    [
      form({ a: { type: 'string', oneOf: [{ title: 'no const' }] } }),
      'option 1 is not an object with a string "const"',
    ],
    [form({ a: { type: 'array', items: { type: 'string' } } }), 'an array must have "items" with an enum'],
    [
      form({ a: { type: 'array', items: { type: 'number', enum: [1] } } }),
      'only string options are supported',
    ],
    [
      form({ a: { type: 'array', items: { enum: ['x'] }, default: ['y'] } }),
      'its default has "y", which is not one of its options',
    ],
    [form({ a: { type: 'string' } }, ['b']), '"required" names "b", which is not a field'],
    [{ type: 'object', properties: [] }, '"properties" is not an object'],
  ])('refuses an unsupported schema with a reason (%#)', (schema, reason) => {
    expect(reasonFor(schema)).toContain(reason)
  })

  it(`refuses more than ${MAX_FIELDS} fields`, () => {
    const properties = Object.fromEntries(
      Array.from({ length: MAX_FIELDS + 1 }, (_, index) => [`f${index}`, { type: 'string' }]),
    )
    expect(reasonFor(form(properties))).toBe(
      `the form has ${MAX_FIELDS + 1} fields; at most ${MAX_FIELDS} are shown`,
    )
  })
})
