import { useEffect, useRef, useState, type FormEvent } from 'react'
import type { ImportDialog } from './import-actions'
import {
  actingRows,
  buildApplyRequest,
  initialChoices,
  neededPlaceholders,
  statusLabels,
  type ImportChoices,
} from './import-choices-model'
import { useAppState } from '../app/store-context'
import { ImportOrigin } from './import-origin'
import { ImportPlaceholders } from './import-placeholders'
import { ImportRow } from './import-row'

const noConfigs: Array<{ name: string }> = []

function countsText(rows: ReadonlyArray<{ status: keyof typeof statusLabels }>, where: string): string {
  const counts = new Map<string, number>()
  for (const row of rows) counts.set(row.status, (counts.get(row.status) ?? 0) + 1)
  const parts = (['new', 'changed', 'conflict', 'identical'] as const)
    .filter((status) => counts.has(status))
    .map((status) => `${counts.get(status)} ${statusLabels[status].toLowerCase()}`)
  return `${rows.length} server${rows.length === 1 ? '' : 's'} ${where}: ${parts.join(', ')}`
}

/**
 * What importing the file would do, per server, with the user's choice per row. Nothing has been written
 * yet; the Import button sends the choices and the host checks them all before writing any.
 */
export function ImportPreview({ dialog }: { dialog: Extract<ImportDialog, { step: 'config' }> }) {
  const { preview, busy, error, missingRuntimes = [] } = dialog
  // A registry entry or an install link adds servers; a file imports them.
  const installing = preview.origin !== undefined
  const verb = installing ? 'Add' : 'Import'
  const applyImport = useAppState((state) => state.applyImport)
  const closeImport = useAppState((state) => state.closeImport)
  const configs = useAppState((state) => state.settings?.servers ?? noConfigs)
  const [choices, setChoices] = useState<ImportChoices>(() => initialChoices(preview))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const formRef = useRef<HTMLFormElement>(null)
  const acting = actingRows(preview, choices)
  const placeholders = neededPlaceholders(preview, choices)

  // After a refused Import, the first field with a problem gets focus so the user lands where to fix it.
  useEffect(() => {
    if (Object.keys(errors).length === 0) return
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [errors])

  const update = (patch: Partial<ImportChoices>, staleKey?: string) => {
    setChoices((current) => ({ ...current, ...patch }))
    if (staleKey && errors[staleKey]) {
      setErrors(({ [staleKey]: _stale, ...rest }) => rest)
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const built = buildApplyRequest(
      preview,
      choices,
      configs.map((config) => config.name),
    )
    if ('errors' in built) {
      setErrors(built.errors)
      return
    }
    setErrors({})
    void applyImport(built.request)
  }

  return (
    <form className="import-preview" ref={formRef} onSubmit={submit} noValidate>
      <ImportOrigin preview={preview} missingRuntimes={missingRuntimes} />
      <p className="import-summary-line">
        {countsText(preview.rows, installing ? 'to add' : 'in this file')}
      </p>
      {preview.notes.length > 0 && (
        <ul className="callout callout--info import-file-notes" aria-label="About this file">
          {preview.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
      <div className="import-table-wrap">
        <table className="import-table" data-testid="import-table">
          <thead>
            <tr>
              <th scope="col">Server</th>
              <th scope="col">What happens</th>
              <th scope="col">Your choice</th>
              <th scope="col">What it gets, changes and notes</th>
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row) => (
              <ImportRow
                key={row.sourceName}
                row={row}
                action={choices.actions[row.sourceName] ?? row.defaultAction}
                newName={choices.newNames[row.sourceName] ?? ''}
                allowSampling={choices.allowSampling[row.sourceName] === true}
                {...(errors[`name:${row.sourceName}`] ? { nameError: errors[`name:${row.sourceName}`] } : {})}
                onAction={(action) =>
                  update(
                    { actions: { ...choices.actions, [row.sourceName]: action } },
                    `name:${row.sourceName}`,
                  )
                }
                onNewName={(name) =>
                  update(
                    { newNames: { ...choices.newNames, [row.sourceName]: name } },
                    `name:${row.sourceName}`,
                  )
                }
                onAllowSampling={(allow) =>
                  update({ allowSampling: { ...choices.allowSampling, [row.sourceName]: allow } })
                }
              />
            ))}
          </tbody>
        </table>
      </div>
      <ImportPlaceholders
        placeholders={placeholders}
        values={choices.values}
        useEnvironment={choices.useEnvironment}
        errors={errors}
        onValue={(token, value) =>
          update({ values: { ...choices.values, [token]: value } }, `value:${token}`)
        }
        onUseEnvironment={(useEnvironment) => {
          update({ useEnvironment })
          setErrors((current) =>
            Object.fromEntries(Object.entries(current).filter(([key]) => !key.startsWith('value:'))),
          )
        }}
      />
      <p className="hint">
        Adding a server lets MCP Desk run it. Tool calls still ask for your approval one by one.
      </p>
      {error && (
        <p className="callout callout--danger" role="alert" data-testid="import-apply-error">
          {error}
        </p>
      )}
      <div className="modal-actions">
        <button type="button" className="button" onClick={closeImport} disabled={busy}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={busy || acting.length === 0}>
          {busy
            ? `${installing ? 'Adding' : 'Importing'}…`
            : acting.length === 0
              ? `Nothing to ${verb.toLowerCase()}`
              : `${verb} ${acting.length} server${acting.length === 1 ? '' : 's'}`}
        </button>
      </div>
    </form>
  )
}
