import { useRef } from 'react'
import {
  isSecretRow,
  needsRetyping,
  newRow,
  type FieldErrors,
  type ValueListKey,
  type ValueRow,
} from './value-rows-model'
import { StoredValue } from './stored-value'

const texts: Record<ValueListKey, { legend: string; what: string; add: string; namePlaceholder: string }> = {
  env: { legend: 'Environment variables', what: 'variable', add: 'Add variable', namePlaceholder: 'NAME' },
  headers: { legend: 'Headers', what: 'header', add: 'Add header', namePlaceholder: 'Header-Name' },
}

function RowProblem({ id, text }: { id: string; text: string | undefined }) {
  if (!text) return null
  return (
    <p id={id} className="field-error value-row-problem" role="alert">
      {text}
    </p>
  )
}

/** The value field's placeholder: what leaving it empty does, or that a secret must be typed again. */
function valuePlaceholder(row: ValueRow, secret: boolean): string {
  if (!row.stored) return 'value'
  if (needsRetyping(row)) return 'type the value again'
  return secret && !('secret' in row.stored) ? 'keep value, as a secret' : 'keep stored value'
}

/**
 * Env variables or headers: name + value. A secret value is in a password field and a saved one shows
 * only that it is stored (leaving its field empty keeps it, typing replaces it); with `choosable`, each row
 * has a Secret box and a plain value is shown and edited in clear. Remove drops the key.
 */
export function ValueRowsField({
  list,
  ownedPrefix,
  rows,
  errors,
  onChange,
  choosable = false,
}: {
  list: ValueListKey
  /** What the host names the secrets it stores for this server or provider (`server.<id>.`). */
  ownedPrefix: string | undefined
  rows: ValueRow[]
  errors: FieldErrors
  onChange: (rows: ValueRow[]) => void
  /** Whether each value may be plain (a server's) rather than always secret (a provider's headers). */
  choosable?: boolean
}) {
  const text = texts[list]
  const addRef = useRef<HTMLButtonElement>(null)
  const update = (rowId: string, patch: Partial<ValueRow>) =>
    onChange(rows.map((row) => (row.rowId === rowId ? { ...row, ...patch } : row)))
  const remove = (rowId: string) => {
    onChange(rows.filter((row) => row.rowId !== rowId))
    // The row's own button disappears with it; the Add button is the next sensible place for focus.
    addRef.current?.focus()
  }

  return (
    <fieldset
      className={`plain-fieldset value-rows${choosable ? ' value-rows--choosable' : ''}`}
      data-testid={`${list}-rows`}
    >
      <legend className="field-label">{text.legend}</legend>
      {rows.length > 0 && (
        <ul className="value-row-list">
          {rows.map((row) => {
            const nameError = errors[`${list}.${row.rowId}.name`]
            const valueError = errors[`${list}.${row.rowId}.value`]
            const label = row.stored ? row.name : row.name.trim() || `new ${text.what}`
            const secret = !choosable || isSecretRow(row)
            const retypeId = `${row.rowId}-retype`
            const valueDescribedBy = [
              valueError ? `${row.rowId}-value-error` : null,
              choosable && needsRetyping(row) ? retypeId : null,
            ].filter((id) => id !== null)
            return (
              <li key={row.rowId} className="value-row">
                <div className="value-row-name">
                  {row.stored ? (
                    <>
                      <code className="selectable">{row.name}</code>
                      {/* A plain value is in the field beside the name, in clear; no need to repeat it. */}
                      {!('plain' in row.stored) && (
                        <StoredValue ownedPrefix={ownedPrefix} value={row.stored} />
                      )}
                    </>
                  ) : (
                    <input
                      className="text-input"
                      value={row.name}
                      placeholder={text.namePlaceholder}
                      spellCheck={false}
                      autoComplete="off"
                      aria-label={`${text.what} name`}
                      aria-invalid={nameError !== undefined}
                      aria-describedby={nameError ? `${row.rowId}-name-error` : undefined}
                      onChange={(event) => update(row.rowId, { name: event.target.value })}
                    />
                  )}
                </div>
                <input
                  className="text-input value-row-value"
                  type={secret ? 'password' : 'text'}
                  value={row.value}
                  placeholder={valuePlaceholder(row, secret)}
                  autoComplete={secret ? 'new-password' : 'off'}
                  spellCheck={false}
                  aria-label={`Value of ${label}`}
                  aria-invalid={valueError !== undefined}
                  aria-describedby={valueDescribedBy.length > 0 ? valueDescribedBy.join(' ') : undefined}
                  onChange={(event) => update(row.rowId, { value: event.target.value })}
                />
                {choosable && (
                  <label className="checkbox value-row-secret" title="Keep the value in the secret store">
                    <input
                      type="checkbox"
                      checked={secret}
                      aria-label={`Keep ${label} secret`}
                      onChange={(event) => update(row.rowId, { secret: event.target.checked })}
                    />
                    Secret
                  </label>
                )}
                <button
                  type="button"
                  className="icon-button value-row-remove"
                  aria-label={`Remove ${label}`}
                  title={`Remove ${label}`}
                  onClick={() => remove(row.rowId)}
                >
                  ×
                </button>
                {choosable && needsRetyping(row) && (
                  <p id={retypeId} className="field-hint value-row-problem">
                    Type the value again to keep it in plain text: a secret is never shown here.
                  </p>
                )}
                <RowProblem id={`${row.rowId}-name-error`} text={nameError} />
                <RowProblem id={`${row.rowId}-value-error`} text={valueError} />
              </li>
            )
          })}
        </ul>
      )}
      <button
        type="button"
        className="button value-rows-add"
        ref={addRef}
        onClick={() => onChange([...rows, newRow()])}
      >
        {text.add}
      </button>
    </fieldset>
  )
}
