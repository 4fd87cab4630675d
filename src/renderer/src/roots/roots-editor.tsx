import { useRef, useState } from 'react'
import { rootsListing } from '../../../shared/roots/effective-roots'
import { isAbsoluteFolderPath } from '../../../shared/roots/root-path'
import type { RootsTarget } from '../../../shared/roots/roots-schema'
import { useAppState } from '../app/store-context'

function fieldIdOf(target: RootsTarget): string {
  return target === '*' ? 'roots-default-folder' : `roots-${target}-folder`
}

/**
 * One list of granted folders (a server's, or the default set): each with Remove, and a field to add one.
 * There is no folder picker (the web window cannot offer one), so the path is typed; its shape is checked
 * here and the host checks that the folder exists, its answer shown under the field.
 */
export function RootsEditor({
  target,
  listLabel,
  emptyText,
}: {
  target: RootsTarget
  /** Names the list for assistive technology, e.g. "Folders shared with Notes". */
  listLabel: string
  emptyText: string
}) {
  const roots = useAppState((state) => state.settings?.roots)
  const grantRoot = useAppState((state) => state.grantRoot)
  const revokeRoot = useAppState((state) => state.revokeRoot)
  const [folder, setFolder] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const inputRef = useRef<HTMLInputElement>(null)
  if (!roots) return null
  const { folders } = rootsListing(roots, target)
  const fieldId = fieldIdOf(target)
  const errorId = `${fieldId}-error`

  const add = async () => {
    const path = folder.trim()
    if (path === '') return setError('Type the folder’s absolute path.')
    if (!isAbsoluteFolderPath(path)) {
      return setError('Use an absolute path, such as /home/ada/projects or C:\\projects.')
    }
    setBusy(true)
    setError(null)
    const answer = await grantRoot(target, path)
    setBusy(false)
    if (answer.ok) setFolder('')
    else setError(answer.message)
    inputRef.current?.focus()
  }

  const remove = async (path: string) => {
    setBusy(true)
    setError(null)
    const answer = await revokeRoot(target, path)
    setBusy(false)
    if (!answer.ok) setError(answer.message)
    // The row and its button are gone; the field is the stable place to land.
    inputRef.current?.focus()
  }

  return (
    <div className="roots-editor" data-testid={`roots-editor-${target === '*' ? 'default' : target}`}>
      {folders.length === 0 ? (
        <p className="empty-note">{emptyText}</p>
      ) : (
        <ul className="roots-list" aria-label={listLabel}>
          {folders.map((path) => (
            <li key={path} className="roots-row">
              <code className="roots-path path selectable">{path}</code>
              <button
                type="button"
                className="button button--small"
                aria-label={`Remove ${path}`}
                disabled={busy}
                onClick={() => void remove(path)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="roots-add"
        aria-label={`Add a folder to ${listLabel}`}
        onSubmit={(event) => {
          event.preventDefault()
          void add()
        }}
      >
        <label htmlFor={fieldId} className="field-label">
          Add folder (absolute path)
        </label>
        <div className="roots-add-row">
          <input
            id={fieldId}
            ref={inputRef}
            className="text-input"
            value={folder}
            placeholder="/home/you/projects"
            spellCheck={false}
            autoComplete="off"
            aria-invalid={error !== null}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              setFolder(event.target.value)
              setError(null)
            }}
          />
          <button type="submit" className="button" disabled={busy}>
            Add
          </button>
        </div>
        {error && (
          <p id={errorId} className="field-error selectable" role="alert">
            {error}
          </p>
        )}
      </form>
    </div>
  )
}
