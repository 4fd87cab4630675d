import type { z } from 'zod'
import { serverInputSchema, type ConfigValueInput, type ServerInput } from '../../../shared/mcp/server-input'
import type { SamplingPolicy } from '../../../shared/settings/settings-schema'
import type { ConfigValueView, ServerConfigView } from '../../../shared/settings/settings-view'

/**
 * The add/edit form's data and its translation to the `ServerInput` the host takes. Pure, so the rules
 * (keep / replace / drop a stored value, one argument per line, where each problem is shown) are tested
 * without rendering.
 */

/** One env variable (stdio) or header (http). A row with `stored` came from the saved config. */
export interface ValueRow {
  /** Stable identity for React keys and error keys; never sent. */
  rowId: string
  name: string
  /** What is saved for this key, masked; null for a row the user added. Its name cannot be edited. */
  stored: ConfigValueView | null
  /** A newly typed value. Empty on a stored row means "keep what is saved". */
  value: string
}

export interface ServerFormState {
  transport: 'stdio' | 'http'
  name: string
  command: string
  /** One argument per line, taken literally: no quoting or splitting on spaces, empty lines ignored. */
  args: string
  cwd: string
  env: ValueRow[]
  url: string
  /** The saved URL as the host shows it when its credentials or query values are hidden (`***`). */
  hiddenUrl: string | null
  headers: ValueRow[]
  sampling: SamplingPolicy
  enabled: boolean
}

/** Problems by field: `name`, `command`, `cwd`, `url`, `<env|headers>.<rowId>.<name|value>`, or `form`. */
export type FieldErrors = Record<string, string>

export type ValueListKey = 'env' | 'headers'

let nextRowId = 1
export function newRow(stored: ConfigValueView | null = null, name = ''): ValueRow {
  return { rowId: `row-${nextRowId++}`, name, stored, value: '' }
}

export function emptyServerForm(): ServerFormState {
  return {
    transport: 'stdio',
    name: '',
    command: '',
    args: '',
    cwd: '',
    env: [],
    url: '',
    hiddenUrl: null,
    headers: [],
    sampling: 'ask',
    enabled: true,
  }
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

function storedRows(record: Record<string, ConfigValueView>): ValueRow[] {
  return Object.entries(record).map(([name, view]) => newRow(view, name))
}

export function serverFormFromConfig(config: ServerConfigView): ServerFormState {
  const base = { ...emptyServerForm(), name: config.name, sampling: config.sampling, enabled: config.enabled }
  if (config.transport === 'stdio') {
    return {
      ...base,
      transport: 'stdio',
      command: config.command,
      args: config.args.join('\n'),
      cwd: config.cwd ?? '',
      env: storedRows(config.env),
    }
  }
  const hidden = urlHasHiddenParts(config.url)
  return {
    ...base,
    transport: 'http',
    url: hidden ? '' : config.url,
    hiddenUrl: hidden ? config.url : null,
    headers: storedRows(config.headers),
  }
}

export function parseArgs(text: string): string[] {
  return text.split(/\r?\n/).filter((line) => line.trim() !== '')
}

function rowField(list: ValueListKey, row: ValueRow, part: 'name' | 'value'): string {
  return `${list}.${row.rowId}.${part}`
}

/** Rows to a record of value inputs; problems the schema cannot see (blank, duplicate) are found here. */
function collectRows(
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

function issueField(issue: z.core.$ZodIssue, form: ServerFormState): { field: string; message: string } {
  const [head, key, ...rest] = issue.path
  if (head === 'env' || head === 'headers') {
    const row = form[head].find((candidate) => candidate.name.trim() === key)
    if (row) {
      if (issue.code === 'invalid_key') {
        return { field: rowField(head, row, 'name'), message: issue.issues[0]?.message ?? issue.message }
      }
      return { field: rowField(head, row, rest.length > 0 ? 'value' : 'name'), message: issue.message }
    }
  }
  if (head === 'name' || head === 'command' || head === 'cwd' || head === 'url' || head === 'args') {
    return { field: head, message: issue.message }
  }
  const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''
  return { field: 'form', message: `${where}${issue.message}` }
}

/**
 * The input to send, or the problems to show beside their fields. Checked with the same schema the host
 * uses, so what passes here is only refused by the host for reasons it alone can know.
 */
export function buildServerInput(
  form: ServerFormState,
): { ok: true; input: ServerInput } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {}
  const common = { name: form.name, enabled: form.enabled, sampling: form.sampling }
  const input: ServerInput =
    form.transport === 'stdio'
      ? {
          ...common,
          transport: 'stdio',
          command: form.command,
          args: parseArgs(form.args),
          env: collectRows('env', form.env, errors),
          ...(form.cwd.trim() !== '' ? { cwd: form.cwd.trim() } : {}),
        }
      : {
          ...common,
          transport: 'http',
          url: form.url.trim(),
          headers: collectRows('headers', form.headers, errors),
        }
  if (form.transport === 'http' && form.url.trim() === '' && form.hiddenUrl) {
    errors.url = 'enter the full URL again: its hidden parts cannot be kept'
  }
  const parsed = serverInputSchema.safeParse(input)
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const { field, message } = issueField(issue, form)
      errors[field] ??= message
    }
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, input }
}
