import type { ReactNode, RefObject } from 'react'

/** The question that replaces a destructive button: what will happen, the action, and Cancel. */
export function ConfirmGroup({
  busy,
  cancelRef,
  onCancel,
  groupLabel,
  question,
  confirmText,
  confirmLabel,
  onConfirm,
  className,
  questionClassName,
}: {
  busy: boolean
  cancelRef: RefObject<HTMLButtonElement | null>
  onCancel: () => void
  /** Names the group for assistive tech, e.g. "Confirm removing server Notes". */
  groupLabel: string
  question: ReactNode
  confirmText: string
  /** The confirm button's accessible name, e.g. "Yes, remove server Notes". */
  confirmLabel: string
  onConfirm: () => void
  className: string
  questionClassName?: string
}) {
  return (
    <div className={className} role="group" aria-label={groupLabel}>
      <span className={questionClassName}>{question}</span>
      <button
        type="button"
        className="button button--danger"
        disabled={busy}
        aria-label={confirmLabel}
        onClick={onConfirm}
      >
        {confirmText}
      </button>
      <button type="button" className="button" ref={cancelRef} disabled={busy} onClick={onCancel}>
        Cancel
      </button>
    </div>
  )
}
