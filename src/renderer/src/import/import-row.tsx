import type { ImportAction, ImportRow as Row } from '../../../shared/import/import-preview'
import { actionLabels, statusLabels } from './import-choices-model'
import { ImportRowGrants } from './import-row-grants'

/** Said before the destination: a URL alone reads as Streamable HTTP, so the legacy SSE transport is named. */
const transportPrefix: Record<Row['transport'], string> = {
  stdio: 'stdio: ',
  http: '',
  sse: 'SSE: ',
}

/**
 * One server of the file: what it is, what importing it would do, the user's choice, what it would be
 * given (sampling, env or header names), and what differs from the server of the same name (values of env
 * and headers are never shown, only that they changed).
 */

export function ImportRow({
  row,
  action,
  newName,
  nameError,
  allowSampling,
  onAction,
  onNewName,
  onAllowSampling,
}: {
  row: Row
  action: ImportAction
  newName: string
  nameError?: string
  allowSampling: boolean
  onAction: (action: ImportAction) => void
  onNewName: (name: string) => void
  onAllowSampling: (allow: boolean) => void
}) {
  const key = row.sourceName.replace(/[^A-Za-z0-9_-]/g, '_')
  const selectId = `import-action-${key}`
  const nameId = `import-name-${key}`
  const statusNote =
    row.status === 'conflict'
      ? `“${row.existing?.name}” already exists and runs something else`
      : row.status === 'changed'
        ? `differs from “${row.existing?.name}”`
        : row.status === 'identical'
          ? `already configured as “${row.existing?.name}”`
          : undefined
  return (
    <tr
      className={`import-row import-row--${row.status}${action === 'skip' ? ' import-row--skipped' : ''}`}
      data-testid={`import-row-${row.sourceName}`}
    >
      <th scope="row" className="import-row-server">
        <div className="import-cell-stack">
          <span className="import-row-name">{row.name}</span>
          <span className="import-row-destination selectable" title={row.destination}>
            {transportPrefix[row.transport]}
            {row.destination}
          </span>
        </div>
      </th>
      <td>
        <span className={`pill import-status import-status--${row.status}`}>{statusLabels[row.status]}</span>
        {statusNote && <span className="import-row-status-note hint">{statusNote}</span>}
      </td>
      <td className="import-row-choice">
        <div className="import-cell-stack">
          <label className="visually-hidden" htmlFor={selectId}>
            What to do with {row.name}
          </label>
          <select
            id={selectId}
            className="text-input import-row-select"
            value={action}
            onChange={(event) => onAction(event.target.value as ImportAction)}
          >
            {row.actions.map((choice) => (
              <option key={choice} value={choice}>
                {actionLabels[choice]}
              </option>
            ))}
          </select>
          {action === 'rename' && (
            <>
              <label className="visually-hidden" htmlFor={nameId}>
                New name for {row.name}
              </label>
              <input
                id={nameId}
                className="text-input import-row-rename"
                value={newName}
                spellCheck={false}
                aria-invalid={nameError !== undefined}
                aria-describedby={nameError ? `${nameId}-error` : undefined}
                onChange={(event) => onNewName(event.target.value)}
              />
              {nameError && (
                <span id={`${nameId}-error`} className="field-problem">
                  {nameError}
                </span>
              )}
            </>
          )}
        </div>
      </td>
      <td className="import-row-details">
        <ImportRowGrants row={row} allowSampling={allowSampling} onAllowSampling={onAllowSampling} />
        {row.changes.length > 0 && (
          <ul className="import-changes" aria-label={`Changes to ${row.existing?.name ?? row.name}`}>
            {row.changes.map((change) => (
              <li key={change.field}>
                <code>{change.field}</code>{' '}
                <span className="import-before">{change.before || '(empty)'}</span>
                {' → '}
                <span className="import-after">{change.after || '(empty)'}</span>
              </li>
            ))}
          </ul>
        )}
        {row.notes.length > 0 && (
          <ul className="import-notes" aria-label={`Notes on ${row.name}`}>
            {row.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        )}
      </td>
    </tr>
  )
}
