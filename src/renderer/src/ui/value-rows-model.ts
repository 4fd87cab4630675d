import type { z } from 'zod'
import type { ConfigValueInput } from '../../../shared/mcp/server-input'
import type { ConfigValueView } from '../../../shared/settings/settings-view'

/**
 * Name/value rows (a server's env or headers, a provider's headers) as the forms edit them, and their
 * translation to the `{ value } | { keep: true }` inputs the host takes. Stored values never come back:
 * a saved row only knows that something is stored.
 */

/** One env variable or header. A row with `stored` came from the saved config. */
export interface ValueRow {
  /** Stable identity for React keys and error keys; never sent. */
  rowId: string
  name: string
  /** What is saved for this key, masked; null for a row the user added. Its name cannot be edited. */
  stored: ConfigValueView | null
  /** A newly typed value. Empty on a stored row means "keep what is saved". */
  value: string
}

/** Problems by field: a form's own field names, `<env|headers>.<rowId>.<name|value>`, or `form`. */
export type FieldErrors = Record<string, string>

export type ValueListKey = 'env' | 'headers'

let nextRowId = 1
export function newRow(stored: ConfigValueView | null = null, name = ''): ValueRow {
  return { rowId: `row-${nextRowId++}`, name, stored, value: '' }
}

/**
 * Whether a stored value is one MCP Desk created from a typed value (shown as "stored") rather than a
 * secret the user referenced by name (shown as `secret: <name>`). `ownedPrefix` is what the host names
 * the secrets of that server or provider, e.g. `server.notes.`.
 */
export function isOwnedSecret(ownedPrefix: string | undefined, value: ConfigValueView): boolean {
  return 'secret' in value && ownedPrefix !== undefined && value.secret.startsWith(ownedPrefix)
}

export function storedRows(record: Record<string, ConfigValueView>): ValueRow[] {
  return Object.entries(record).map(([name, view]) => newRow(view, name))
}

/** True when the host masked part of the URL, so it cannot be sent back as it is shown. */
export function urlHasHiddenParts(url: string): boolean {
  try {
    const parsed = new URL(url)
    if (parsed.username === '***' || parsed.password === '***') return true
    return [...parsed.searchParams.values()].includes('***')
  } catch {
    return false
  }
}

export function rowField(list: ValueListKey, row: ValueRow, part: 'name' | 'value'): string {
  return `${list}.${row.rowId}.${part}`
}

/** Rows to a record of value inputs; problems the schema cannot see (blank, duplicate) are found here. */
export function collectRows(
  list: ValueListKey,
  rows: ValueRow[],
  errors: FieldErrors,
): Record<string, ConfigValueInput> {
  const record: Record<string, ConfigValueInput> = {}
  const seen = new Set<string>()
  const what = list === 'env' ? 'variable' : 'header'
  for (const row of rows) {
    const name = row.stored ? row.name : row.name.trim()
    if (!row.stored && name === '' && row.value === '') continue
    if (name === '') {
      errors[rowField(list, row, 'name')] = `enter the ${what} name`
      continue
    }
    if (seen.has(name)) {
      errors[rowField(list, row, 'name')] = `${name} is already set above`
      continue
    }
    seen.add(name)
    if (row.stored) {
      record[name] = row.value === '' ? { keep: true } : { value: row.value }
    } else if (row.value === '') {
      errors[rowField(list, row, 'value')] = 'enter a value, or remove the row'
    } else {
      record[name] = { value: row.value }
    }
  }
  return record
}

/**
 * Where a schema problem inside `<list>.<key>…` belongs: beside the row's name (a bad key) or its value.
 * Undefined when the issue is not about one of these rows.
 */
export function rowIssueField(
  issue: z.core.$ZodIssue,
  list: ValueListKey,
  rows: ValueRow[],
): { field: string; message: string } | undefined {
  const [head, key, ...rest] = issue.path
  if (head !== list) return undefined
  const row = rows.find((candidate) => candidate.name.trim() === key)
  if (!row) return undefined
  if (issue.code === 'invalid_key') {
    return { field: rowField(list, row, 'name'), message: issue.issues[0]?.message ?? issue.message }
  }
  return { field: rowField(list, row, rest.length > 0 ? 'value' : 'name'), message: issue.message }
}

/** Drops the errors made stale by replacing `before` rows with `after`: those of the rows that changed. */
export function staleRowErrorKeys(list: ValueListKey, before: ValueRow[], after: ValueRow[]): string[] {
  const unchanged = new Set<ValueRow>(before)
  return after
    .filter((row) => !unchanged.has(row))
    .flatMap((row) => [rowField(list, row, 'name'), rowField(list, row, 'value')])
}
