import type { ElicitationContent, ElicitationField } from './elicitation-card'

/** The values a form starts with: each field's default, where the server gave one. */
export function defaultContent(fields: readonly ElicitationField[]): ElicitationContent {
  const content: ElicitationContent = {}
  for (const field of fields) {
    if (field.default !== undefined) content[field.name] = copyOf(field.default)
  }
  return content
}

/**
 * applyDefaults (spec 2025-11-25, SEP-1034): a field the answer leaves out gets its default, so the server
 * receives every value it declared a default for even when the user accepted without touching it. A value
 * the user gave, even an empty one, is kept.
 */
export function withDefaults(
  fields: readonly ElicitationField[],
  content: ElicitationContent,
): ElicitationContent {
  const merged: ElicitationContent = { ...content }
  for (const field of fields) {
    if (merged[field.name] === undefined && field.default !== undefined) {
      merged[field.name] = copyOf(field.default)
    }
  }
  return merged
}

function copyOf<T>(value: T): T {
  return (Array.isArray(value) ? [...(value as unknown[])] : value) as T
}
