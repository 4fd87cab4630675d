import { useAppState } from '../app/store-context'
import { ConfirmGroup } from '../ui/confirm-group'
import { useInPlaceConfirm } from '../ui/use-in-place-confirm'

/** One stored secret; deleting asks for confirmation in place (no blocking dialog), Cancel focused first. */
export function SecretRow({ name }: { name: string }) {
  const deleteSecret = useAppState((state) => state.deleteSecret)
  const { confirming, busy, triggerRef, cancelRef, ask, cancel, run } = useInPlaceConfirm()

  return (
    <li className="secret-row">
      <code className="secret-name selectable">{name}</code>
      {confirming ? (
        <ConfirmGroup
          busy={busy}
          cancelRef={cancelRef}
          onCancel={cancel}
          className="secret-confirm"
          groupLabel={`Confirm deleting secret ${name}`}
          question={`Delete “${name}”?`}
          confirmText="Delete"
          confirmLabel={`Yes, delete secret ${name}`}
          onConfirm={() => void run(() => deleteSecret(name))}
        />
      ) : (
        <button
          type="button"
          className="button"
          ref={triggerRef}
          aria-label={`Delete secret ${name}`}
          onClick={ask}
        >
          Delete
        </button>
      )}
    </li>
  )
}
