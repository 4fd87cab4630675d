import type { z } from 'zod'
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/client'

/**
 * The small helpers every part of `sampling/createMessage` validation shares (validate-request.ts for the
 * request and its content, validate-tools.ts for tools, toolChoice and the tool_use/tool_result pairing):
 * one error shape, InvalidParams whose message starts with the path of the bad field.
 */

export type Json = Record<string, unknown>

/** -32602 naming the field; `data.field` carries the same path for programs. */
export function fail(field: string, problem: string): never {
  throw new ProtocolError(ProtocolErrorCode.InvalidParams, `${field}: ${problem}`, { field })
}

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A short, safe rendering of a bad value for an error message (never the whole of a huge string). */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing'
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  switch (typeof value) {
    case 'object':
      return 'an object'
    case 'string':
      return value.length > 40 ? `${JSON.stringify(value.slice(0, 40))}…` : JSON.stringify(value)
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(value)
    default:
      return `a ${typeof value}`
  }
}

export function requireObject(value: unknown, field: string): Json {
  if (!isObject(value)) fail(field, `must be an object (got ${describeValue(value)})`)
  return value
}

/** Parses with one of the SDK's schemas, turning its first issue into our field-named InvalidParams. */
export function parseWithSdk<T>(
  schema: { safeParse(value: unknown): z.ZodSafeParseResult<T> },
  value: unknown,
  field: string,
): T {
  const parsed = schema.safeParse(value)
  if (parsed.success) return parsed.data
  const [issue] = parsed.error.issues
  const path = (issue?.path ?? [])
    .map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`))
    .join('')
  return fail(`${field}${path}`, issue?.message ?? 'invalid')
}
