import type { z } from 'zod'
import type { ConfigValueInput } from '../../../shared/mcp/server-input'
import { looksSecretName } from '../../../shared/settings/secret-names'
import type { ConfigValueView } from '../../../shared/settings/settings-view'

/**
 * Name/value rows (a server's env or headers, a provider's headers) as the forms edit them, and their
 * translation to the inputs the host takes. Secret values never come back: a saved secret row only knows
 * that something is stored. A server's plain values come back in clear and are edited as text.
 */

/** One env variable or header. A row with `stored` came from the saved config. */
export interface ValueRow {
  /** Stable identity for React keys and error keys; never sent. */
  rowId: string
  name: string
  /**
   * What is saved for this key: a secret (its name, never its value), a plain value in clear, or a mask (a
   * literal under a secret-looking name). Null for a row the user added. Its name cannot be edited.
   */
  stored: ConfigValueView | null
  /**
   * A newly typed value. Empty on a stored secret means "keep what is saved"; a stored plain value starts
   * here as it is saved, since the user sees and edits it in clear.
   */
  value: string
  /** Whether the value is (to be) kept in the secret store; null: as the name suggests (`isSecretRow`). */
  secret: boolean | null
}

/** Problems by field: a form's own field names, `<env|headers>.<rowId>.<name|value>`, or `form`. */
export type FieldErrors = Record<string, string>

export type ValueListKey = 'env' | 'headers'

let nextRowId = 1
export function newRow(stored: ConfigValueView | null = null, name = ''): ValueRow {
  return {
    rowId: `row-${nextRowId++}`,
    name,
    stored,
    value: stored && 'plain' in stored ? stored.plain : '',
    // A saved value is what it was saved as; a new one follows its name until the user says otherwise.
    secret: stored ? 'secret' in stored : null,
  }
}

/** Whether the row's value goes to the secret store: as the user chose, else as its name suggests. */
export function isSecretRow(row: ValueRow): boolean {
  return row.secret ?? looksSecretName(row.name.trim())
}

/** A saved secret made plain: its value must be typed again, because the window never receives it. */
export function needsRetyping(row: ValueRow): boolean {
  return row.stored !== null && 'secret' in row.stored && !isSecretRow(row)
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

/**
 * Rows to a record of value inputs; problems the schema cannot see (blank, duplicate) are found here.
 * `choosable`: each row is plain or secret (a server's env and headers); otherwise every value is secret
 * (a provider's headers).
 */
export function collectRows(
  list: ValueListKey,
  rows: ValueRow[],
  errors: FieldErrors,
  choosable = false,
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
    if (choosable) {
      const input = choosableInput(row)
      if ('error' in input) errors[rowField(list, row, 'value')] = input.error
      else record[name] = input
    } else if (row.stored) {
      record[name] = row.value === '' ? { keep: true } : { value: row.value }
    } else if (row.value === '') {
      errors[rowField(list, row, 'value')] = 'enter a value, or remove the row'
    } else {
      record[name] = { value: row.value }
    }
  }
  return record
}

/** One row of a form where values may be plain: what to send, or why it cannot be sent yet. */
function choosableInput(row: ValueRow): ConfigValueInput | { error: string } {
  const stored = row.stored
  const savedPlain = stored && 'plain' in stored ? stored.plain : undefined
  if (isSecretRow(row)) {
    if (!stored && row.value === '') return { error: 'enter a value, or remove the row' }
    if (!stored || (row.value !== '' && row.value !== savedPlain)) return { value: row.value }
    // Kept: a saved plain value moves into the secret store on the host, without being sent again.
    return 'secret' in stored ? { keep: true } : { keep: true, as: 'secret' }
  }
  // A plain value shown in clear is sent as it now reads (empty is a value too: `FLAG=`).
  if (savedPlain !== undefined) return { plain: row.value }
  if (row.value !== '') return { plain: row.value }
  if (!stored) return { error: 'enter a value, or remove the row' }
  if ('secret' in stored) {
    return { error: 'type the value again to keep it in plain text: a secret is never shown here' }
  }
  return { keep: true }
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
