import type {
  ImportAction,
  ImportApplyRequest,
  ImportPreview,
  ImportRow,
} from '../../../shared/import/import-preview'

/**
 * The user's choices in the preview: an action per row, a name for renamed rows, whether a row keeps its
 * file's "allow" sampling policy (off unless ticked), placeholder values.
 */
export interface ImportChoices {
  actions: Record<string, ImportAction>
  newNames: Record<string, string>
  allowSampling: Record<string, boolean>
  values: Record<string, string>
  useEnvironment: boolean
}

type PreviewPlaceholder = ImportPreview['placeholders'][number]

export const actionLabels: Record<ImportAction, string> = {
  add: 'Add',
  replace: 'Replace the existing one',
  rename: 'Add under another name',
  skip: 'Skip',
}

/** What the status column says; "same" reads faster than "identical" in a narrow column. */
export const statusLabels: Record<ImportRow['status'], string> = {
  new: 'New',
  identical: 'Same',
  changed: 'Changed',
  conflict: 'Name taken',
}

export function initialChoices(preview: ImportPreview): ImportChoices {
  return {
    actions: Object.fromEntries(preview.rows.map((row) => [row.sourceName, row.defaultAction])),
    newNames: Object.fromEntries(preview.rows.map((row) => [row.sourceName, `${row.name} (imported)`])),
    allowSampling: {},
    values: {},
    useEnvironment: false,
  }
}

/** Rows that will write something with the current choices. */
export function actingRows(preview: ImportPreview, choices: ImportChoices): ImportRow[] {
  return preview.rows.filter((row) => (choices.actions[row.sourceName] ?? row.defaultAction) !== 'skip')
}

/** Placeholders of the servers that will be written: a skipped server's values are not asked for. */
export function neededPlaceholders(preview: ImportPreview, choices: ImportChoices): PreviewPlaceholder[] {
  const acting = new Set(actingRows(preview, choices).map((row) => row.sourceName))
  return preview.placeholders.filter((placeholder) =>
    placeholder.locations.some((location) => {
      const source = preview.rows.find((row) => location.startsWith(`${row.sourceName}: `))
      return source !== undefined && acting.has(source.sourceName)
    }),
  )
}

/** `notes: env.API_KEY` → `env.API_KEY of notes`, for the field's hint. */
export function describeLocation(location: string): string {
  const at = location.indexOf(': ')
  return at === -1 ? location : `${location.slice(at + 2)} of ${location.slice(0, at)}`
}

/**
 * The apply request, or the problems to show first: a renamed row needs a free name, and each needed
 * placeholder a typed value unless the user let MCP Desk read it from an environment that has it.
 */
export function buildApplyRequest(
  preview: ImportPreview,
  choices: ImportChoices,
  takenNames: readonly string[],
): { request: Omit<ImportApplyRequest, 'previewId'> } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {}
  const taken = new Set(takenNames.map((name) => name.toLowerCase()))
  for (const row of preview.rows) {
    if (choices.actions[row.sourceName] === 'add') taken.add(row.name.toLowerCase())
  }
  for (const row of preview.rows) {
    if (choices.actions[row.sourceName] !== 'rename') continue
    const name = (choices.newNames[row.sourceName] ?? '').trim()
    if (!name) errors[`name:${row.sourceName}`] = 'Give the server a name'
    else if (taken.has(name.toLowerCase())) errors[`name:${row.sourceName}`] = `“${name}” is taken too`
    else taken.add(name.toLowerCase())
  }
  for (const placeholder of neededPlaceholders(preview, choices)) {
    if ((choices.values[placeholder.token] ?? '') !== '') continue
    if (placeholder.kind === 'env' && choices.useEnvironment) {
      if (placeholder.inEnvironment) continue
      errors[`value:${placeholder.token}`] = `${placeholder.name} is not set in the environment; type a value`
    } else {
      errors[`value:${placeholder.token}`] =
        placeholder.kind === 'env' ? 'Type a value, or allow reading it from the environment' : 'Type a value'
    }
  }
  if (Object.keys(errors).length > 0) return { errors }
  const values = Object.fromEntries(Object.entries(choices.values).filter(([, value]) => value !== ''))
  return {
    request: {
      decisions: preview.rows.map((row) => {
        const action = choices.actions[row.sourceName] ?? row.defaultAction
        const allow = row.fileAllowsSampling && choices.allowSampling[row.sourceName] === true
        return {
          sourceName: row.sourceName,
          action,
          ...(action === 'rename' ? { newName: (choices.newNames[row.sourceName] ?? '').trim() } : {}),
          ...(allow && action !== 'skip' ? { allowSampling: true } : {}),
        }
      }),
      placeholderValues: values,
      useEnvironment: choices.useEnvironment,
    },
  }
}
