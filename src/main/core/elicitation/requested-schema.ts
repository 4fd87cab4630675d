import type {
  ElicitationField,
  ElicitationOption,
  StringFormat,
} from '../../../shared/elicitation/elicitation-card'
import { stringFormatSchema } from '../../../shared/elicitation/elicitation-card'
import { looksSecret } from './secret-names'

export type SchemaParse = { ok: true; fields: ElicitationField[] } | { ok: false; reason: string }

/** More fields than anyone can fill in; a server sending this many is not asking a person. */
export const MAX_FIELDS = 100
export const MAX_OPTIONS = 1000

/** Thrown inside the parser only, so each check reads as one line; becomes the `reason`. */
class Unsupported extends Error {}

/**
 * Turns a form's `requestedSchema` into the card's fields. Elicitation allows a flat object of primitive
 * properties: string (formats email, uri, date, date-time; length limits), number and integer (range),
 * boolean, single-select enums (plain `enum`, titled `oneOf`/`anyOf` of const + title, legacy
 * `enumNames`) and multi-select arrays of those. Anything else (nesting, other types, malformed keywords)
 * is unsupported: the reason says which field and why, and the request is declined with it.
 */
export function parseRequestedSchema(schema: unknown): SchemaParse {
  try {
    return { ok: true, fields: parseObject(schema) }
  } catch (error) {
    if (error instanceof Unsupported) return { ok: false, reason: error.message }
    throw error
  }
}

function parseObject(schema: unknown): ElicitationField[] {
  if (!isRecord(schema)) throw new Unsupported('the requested schema is not an object')
  if (schema.type !== 'object') {
    throw new Unsupported(`the requested schema has type ${shown(schema.type)}; it must be "object"`)
  }
  const properties = schema.properties ?? {}
  if (!isRecord(properties)) throw new Unsupported('the requested schema\'s "properties" is not an object')
  const names = Object.keys(properties)
  if (names.length > MAX_FIELDS) {
    throw new Unsupported(`the form has ${names.length} fields; at most ${MAX_FIELDS} are shown`)
  }
  const required = stringList(schema.required, 'the requested schema\'s "required"') ?? []
  for (const name of required) {
    if (!names.includes(name)) throw new Unsupported(`"required" names "${name}", which is not a field`)
  }
  return names.map((name) => {
    try {
      return parseField(name, properties[name], required.includes(name))
    } catch (error) {
      if (error instanceof Unsupported) throw new Unsupported(`field "${name}": ${error.message}`)
      throw error
    }
  })
}

function parseField(name: string, schema: unknown, required: boolean): ElicitationField {
  if (!isRecord(schema)) throw new Unsupported('its schema is not an object')
  const title = optionalString(schema.title, 'title') ?? name
  const description = optionalString(schema.description, 'description')
  const base = {
    name,
    title,
    ...(description !== undefined ? { description } : {}),
    required,
    looksSecret: looksSecret(name, title),
  }
  switch (schema.type) {
    case 'string':
      return hasChoices(schema) ? singleSelect(base, schema) : stringField(base, schema)
    case 'number':
    case 'integer':
      return numberField(base, schema, schema.type)
    case 'boolean': {
      const fallback = schema.default
      if (fallback !== undefined && typeof fallback !== 'boolean')
        throw new Unsupported('its default is not true or false')
      return { ...base, type: 'boolean', ...(fallback !== undefined ? { default: fallback } : {}) }
    }
    case 'array':
      return multiSelect(base, schema)
    default:
      throw new Unsupported(
        `type ${shown(schema.type)} is not supported (forms take string, number, integer, boolean and enum fields)`,
      )
  }
}

type FieldBase = Pick<ElicitationField, 'name' | 'title' | 'description' | 'required' | 'looksSecret'>

function stringField(base: FieldBase, schema: Record<string, unknown>): ElicitationField {
  let format: StringFormat | undefined
  if (schema.format !== undefined) {
    const parsed = stringFormatSchema.safeParse(schema.format)
    if (!parsed.success) {
      throw new Unsupported(
        `format ${shown(schema.format)} is not supported (email, uri, date, date-time are)`,
      )
    }
    format = parsed.data
  }
  const minLength = count(schema.minLength, 'minLength')
  const maxLength = count(schema.maxLength, 'maxLength')
  if (minLength !== undefined && maxLength !== undefined && minLength > maxLength) {
    throw new Unsupported(`minLength ${minLength} is more than maxLength ${maxLength}`)
  }
  const fallback = optionalString(schema.default, 'default')
  return {
    ...base,
    type: 'string',
    ...(format !== undefined ? { format } : {}),
    ...(minLength !== undefined ? { minLength } : {}),
    ...(maxLength !== undefined ? { maxLength } : {}),
    ...(fallback !== undefined ? { default: fallback } : {}),
  }
}

function numberField(
  base: FieldBase,
  schema: Record<string, unknown>,
  type: 'number' | 'integer',
): ElicitationField {
  if (schema.enum !== undefined) throw new Unsupported(`an enum of ${type}s is not supported`)
  const minimum = finite(schema.minimum, 'minimum')
  const maximum = finite(schema.maximum, 'maximum')
  if (minimum !== undefined && maximum !== undefined && minimum > maximum) {
    throw new Unsupported(`minimum ${minimum} is more than maximum ${maximum}`)
  }
  const fallback = finite(schema.default, 'default')
  if (type === 'integer' && fallback !== undefined && !Number.isInteger(fallback)) {
    throw new Unsupported(`its default ${fallback} is not a whole number`)
  }
  return {
    ...base,
    type,
    ...(minimum !== undefined ? { minimum } : {}),
    ...(maximum !== undefined ? { maximum } : {}),
    ...(fallback !== undefined ? { default: fallback } : {}),
  }
}

function singleSelect(base: FieldBase, schema: Record<string, unknown>): ElicitationField {
  const options = choicesOf(schema)
  const fallback = optionalString(schema.default, 'default')
  if (fallback !== undefined && !options.some((option) => option.value === fallback)) {
    throw new Unsupported(`its default "${fallback}" is not one of its options`)
  }
  return { ...base, type: 'single-select', options, ...(fallback !== undefined ? { default: fallback } : {}) }
}

function multiSelect(base: FieldBase, schema: Record<string, unknown>): ElicitationField {
  const items = schema.items
  if (!isRecord(items) || !hasChoices(items)) {
    throw new Unsupported('an array must have "items" with an enum or an anyOf of const and title')
  }
  if (items.type !== undefined && items.type !== 'string') {
    throw new Unsupported(`its items have type ${shown(items.type)}; only string options are supported`)
  }
  const options = choicesOf(items)
  const minItems = count(schema.minItems, 'minItems')
  const maxItems = count(schema.maxItems, 'maxItems')
  if (minItems !== undefined && maxItems !== undefined && minItems > maxItems) {
    throw new Unsupported(`minItems ${minItems} is more than maxItems ${maxItems}`)
  }
  const fallback = stringList(schema.default, 'its default')
  const stray = fallback?.find((value) => !options.some((option) => option.value === value))
  if (stray !== undefined)
    throw new Unsupported(`its default has "${stray}", which is not one of its options`)
  return {
    ...base,
    type: 'multi-select',
    options,
    ...(minItems !== undefined ? { minItems } : {}),
    ...(maxItems !== undefined ? { maxItems } : {}),
    ...(fallback !== undefined ? { default: fallback } : {}),
  }
}

function hasChoices(schema: Record<string, unknown>): boolean {
  return schema.enum !== undefined || schema.oneOf !== undefined || schema.anyOf !== undefined
}

/** The options of any enum shape, in the server's order, each value once. */
function choicesOf(schema: Record<string, unknown>): ElicitationOption[] {
  const shapes = ['enum', 'oneOf', 'anyOf'].filter((key) => schema[key] !== undefined)
  if (shapes.length > 1) throw new Unsupported(`it has both ${shapes.join(' and ')}; choose one`)
  const options = schema.enum !== undefined ? plainEnum(schema) : titledEnum(schema.oneOf ?? schema.anyOf)
  if (options.length === 0) throw new Unsupported('it offers no options')
  if (options.length > MAX_OPTIONS)
    throw new Unsupported(`it offers ${options.length} options; at most ${MAX_OPTIONS}`)
  const seen = new Set<string>()
  for (const option of options) {
    if (seen.has(option.value)) throw new Unsupported(`option "${option.value}" appears more than once`)
    seen.add(option.value)
  }
  return options
}

/** `enum`, with legacy `enumNames` as labels when present. */
function plainEnum(schema: Record<string, unknown>): ElicitationOption[] {
  const values = stringList(schema.enum, 'its enum') ?? []
  const names = stringList(schema.enumNames, 'its enumNames')
  if (names !== undefined && names.length !== values.length) {
    throw new Unsupported(`it has ${values.length} enum values but ${names.length} enumNames`)
  }
  return values.map((value, index) => ({ value, label: names?.[index] ?? value }))
}

/** `oneOf` / `anyOf` of `{ const, title }`. */
function titledEnum(list: unknown): ElicitationOption[] {
  if (!Array.isArray(list)) throw new Unsupported('its oneOf/anyOf is not a list')
  return list.map((entry, index) => {
    if (!isRecord(entry) || typeof entry.const !== 'string') {
      throw new Unsupported(`option ${index + 1} is not an object with a string "const"`)
    }
    const title = optionalString(entry.title, `option ${index + 1}'s title`)
    return { value: entry.const, label: title ?? entry.const }
  })
}

function optionalString(value: unknown, what: string): string | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'string') throw new Unsupported(`${what} is not text`)
  return value
}

function stringList(value: unknown, what: string): string[] | undefined {
  if (value === undefined) return undefined
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
    throw new Unsupported(`${what} is not a list of strings`)
  }
  return value as string[]
}

function count(value: unknown, what: string): number | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new Unsupported(`${what} is not a whole number of zero or more`)
  }
  return value
}

function finite(value: unknown, what: string): number | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Unsupported(`${what} is not a number`)
  return value
}

function shown(value: unknown): string {
  return value === undefined ? 'none' : JSON.stringify(value)
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
