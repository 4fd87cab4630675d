import { useEffect, useRef, useState } from 'react'
import { useAppState } from '../state/store-context'

/** One stored secret; deleting asks for confirmation in place (no blocking dialog), Cancel focused first. */
export function SecretRow({ name }: { name: string }) {
  const deleteSecret = useAppState((state) => state.deleteSecret)
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const cancelRef = useRef<HTMLButtonElement>(null)
  const deleteRef = useRef<HTMLButtonElement>(null)
  const wasConfirming = useRef(false)

  useEffect(() => {
    if (confirming) cancelRef.current?.focus()
    else if (wasConfirming.current) deleteRef.current?.focus()
    wasConfirming.current = confirming
  }, [confirming])

  const confirm = async () => {
    setBusy(true)
    const deleted = await deleteSecret(name)
    // On success the row disappears with the list; on failure the error is shown and the row stays.
    if (!deleted) {
      setBusy(false)
      setConfirming(false)
    }
  }

  return (
    <li className="secret-row">
      <code className="secret-name selectable">{name}</code>
      {confirming ? (
        <span className="secret-confirm" role="group" aria-label={`Confirm deleting secret ${name}`}>
          <span>Delete “{name}”?</span>
          <button
            type="button"
            className="button button--danger"
            disabled={busy}
            aria-label={`Yes, delete secret ${name}`}
            onClick={() => void confirm()}
          >
            Delete
          </button>
          <button
            type="button"
            className="button"
            ref={cancelRef}
            disabled={busy}
            onClick={() => setConfirming(false)}
          >
            Cancel
          </button>
        </span>
      ) : (
        <button
          type="button"
          className="button"
          ref={deleteRef}
          aria-label={`Delete secret ${name}`}
          onClick={() => setConfirming(true)}
        >
          Delete
        </button>
      )}
    </li>
  )
}
