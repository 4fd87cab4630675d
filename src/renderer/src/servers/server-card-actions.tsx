import { useState } from 'react'
import type { ServerState } from '../../../shared/mcp/server-state'
import { firstLine } from './server-labels'
import { useAppState } from '../app/store-context'
import { ConfirmGroup } from '../ui/confirm-group'
import { useInPlaceConfirm } from '../ui/use-in-place-confirm'

/**
 * Restart / Disable or Enable / Edit / Remove for one server. Restart and Enable answer only once the
 * server has connected or failed (up to the connect timeout), so no button waits for them: the status
 * pill shows progress, and a server that hangs while connecting can still be disabled at once.
 * Remove asks for confirmation in place, with Cancel focused first (as deleting a secret does).
 * Sign out (for a server holding an OAuth token) says inline why it failed, if it did.
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
  const signOut = useAppState((s) => s.signOut)
  const [signingOut, setSigningOut] = useState(false)
  const [signOutProblem, setSignOutProblem] = useState<string | null>(null)
  const { confirming, busy, triggerRef, cancelRef, ask, cancel, run } = useInPlaceConfirm()
  const enabled = state.status !== 'disabled'
  const signedIn = state.auth?.state === 'signed-in'

  const runSignOut = async () => {
    setSigningOut(true)
    setSignOutProblem(null)
    const answer = await signOut(state.id)
    setSigningOut(false)
    if (!answer.ok) setSignOutProblem(answer.message)
  }

  if (confirming) {
    return (
      <ConfirmGroup
        busy={busy}
        cancelRef={cancelRef}
        onCancel={cancel}
        className="server-actions"
        questionClassName="server-actions-question"
        groupLabel={`Confirm removing server ${state.name}`}
        question={`Remove “${state.name}” and its stored values?`}
        confirmText="Remove"
        confirmLabel={`Yes, remove server ${state.name}`}
        onConfirm={() => void run(() => removeServer(state.id))}
      />
    )
  }

  return (
    <>
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
        {signedIn && (
          <button
            type="button"
            className="button"
            disabled={signingOut}
            aria-label={`Sign out of ${state.name}`}
            title="Forget this server's tokens; it will need sign-in again"
            onClick={() => void runSignOut()}
          >
            Sign out
          </button>
        )}
        <button
          type="button"
          className="button button--quiet-danger"
          ref={triggerRef}
          aria-label={`Remove ${state.name}`}
          onClick={ask}
        >
          Remove
        </button>
      </div>
      {signedIn && signOutProblem && (
        <p className="field-error selectable" role="alert" data-testid="sign-out-problem">
          Could not sign out: {firstLine(signOutProblem)}
        </p>
      )}
    </>
  )
}
