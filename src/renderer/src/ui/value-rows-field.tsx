import { useRef } from 'react'
import { newRow, type FieldErrors, type ValueListKey, type ValueRow } from './value-rows-model'
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

/**
 * Env variables or headers: name + value, the value in a password field. A saved row shows only that a
 * value is stored; leaving its field empty keeps it, typing replaces it, Remove drops the key.
 */
export function ValueRowsField({
  list,
  ownedPrefix,
  rows,
  errors,
  onChange,
}: {
  list: ValueListKey
  /** What the host names the secrets it stores for this server or provider (`server.<id>.`). */
  ownedPrefix: string | undefined
  rows: ValueRow[]
  errors: FieldErrors
  onChange: (rows: ValueRow[]) => void
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
    <fieldset className="plain-fieldset value-rows" data-testid={`${list}-rows`}>
      <legend className="field-label">{text.legend}</legend>
      {rows.length > 0 && (
        <ul className="value-row-list">
          {rows.map((row) => {
            const nameError = errors[`${list}.${row.rowId}.name`]
            const valueError = errors[`${list}.${row.rowId}.value`]
            const label = row.stored ? row.name : row.name.trim() || `new ${text.what}`
            return (
              <li key={row.rowId} className="value-row">
                <div className="value-row-name">
                  {row.stored ? (
                    <>
                      <code className="selectable">{row.name}</code>
                      <StoredValue ownedPrefix={ownedPrefix} value={row.stored} />
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
                  type="password"
                  value={row.value}
                  placeholder={row.stored ? 'keep stored value' : 'value'}
                  autoComplete="new-password"
                  spellCheck={false}
                  aria-label={`Value of ${label}`}
                  aria-invalid={valueError !== undefined}
                  aria-describedby={valueError ? `${row.rowId}-value-error` : undefined}
                  onChange={(event) => update(row.rowId, { value: event.target.value })}
                />
                <button
                  type="button"
                  className="icon-button value-row-remove"
                  aria-label={`Remove ${label}`}
                  title={`Remove ${label}`}
                  onClick={() => remove(row.rowId)}
                >
                  ×
                </button>
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
