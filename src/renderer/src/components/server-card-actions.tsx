import { useEffect, useRef, useState } from 'react'
import type { ServerState } from '../../../shared/mcp/server-state'
import { useAppState } from '../state/store-context'

/**
 * Restart / Disable or Enable / Edit / Remove for one server. Restart and Enable answer only once the
 * server has connected or failed (up to the connect timeout), so no button waits for them: the status
 * pill shows progress, and a server that hangs while connecting can still be disabled at once.
 * Remove asks for confirmation in place, with Cancel focused first (as deleting a secret does).
 */
export function ServerCardActions({
  state,
  onEdit,
  canEdit,
}: {
  state: ServerState
  onEdit: () => void
  canEdit: boolean
}) {
  const restartServer = useAppState((s) => s.restartServer)
  const setServerEnabled = useAppState((s) => s.setServerEnabled)
  const removeServer = useAppState((s) => s.removeServer)
  const [busy, setBusy] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const cancelRef = useRef<HTMLButtonElement>(null)
  const removeRef = useRef<HTMLButtonElement>(null)
  const wasConfirming = useRef(false)
  const enabled = state.status !== 'disabled'

  useEffect(() => {
    if (confirming) cancelRef.current?.focus()
    else if (wasConfirming.current) removeRef.current?.focus()
    wasConfirming.current = confirming
  }, [confirming])

  const confirmRemove = async () => {
    setBusy(true)
    // On success the card disappears with the list; on failure the error is shown and the card stays.
    if (!(await removeServer(state.id))) {
      setBusy(false)
      setConfirming(false)
    }
  }

  if (confirming) {
    return (
      <div className="server-actions" role="group" aria-label={`Confirm removing server ${state.name}`}>
        <span className="server-actions-question">Remove “{state.name}” and its stored values?</span>
        <button
          type="button"
          className="button button--danger"
          disabled={busy}
          aria-label={`Yes, remove server ${state.name}`}
          onClick={() => void confirmRemove()}
        >
          Remove
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
      </div>
    )
  }

  return (
    <div className="server-actions" role="group" aria-label={`Actions for ${state.name}`}>
      {enabled && (
        <button
          type="button"
          className="button"
          aria-label={`Restart ${state.name}`}
          onClick={() => void restartServer(state.id)}
        >
          Restart
        </button>
      )}
      <button
        type="button"
        className="button"
        aria-label={`${enabled ? 'Disable' : 'Enable'} ${state.name}`}
        onClick={() => void setServerEnabled(state.id, !enabled)}
      >
        {enabled ? 'Disable' : 'Enable'}
      </button>
      <button
        type="button"
        className="button"
        data-action="edit"
        disabled={!canEdit}
        title={canEdit ? undefined : 'The configuration has not loaded'}
        aria-label={`Edit ${state.name}`}
        onClick={onEdit}
      >
        Edit
      </button>
      <button
        type="button"
        className="button button--quiet-danger"
        ref={removeRef}
        aria-label={`Remove ${state.name}`}
        onClick={() => setConfirming(true)}
      >
        Remove
      </button>
    </div>
  )
}
