import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import type { ConversationMeta } from '../../../shared/chat/transcript-schema'
import { useAppState } from '../app/store-context'
import { ConfirmGroup } from '../ui/confirm-group'
import { useInPlaceConfirm } from '../ui/use-in-place-confirm'

function PencilIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
      <path
        d="M4 20h4L19 9l-4-4L4 16v4Zm9-13 4 4"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
    </svg>
  )
}

function TrashIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
      <path
        d="M5 7h14M10 7V4h4v3m-7 0 1 13h8l1-13M10 11v6m4-6v6"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
    </svg>
  )
}

/** The title in a text box: Enter (or Save) renames, Escape (or Cancel) leaves it as it was. */
function RenameForm({ meta, onDone }: { meta: ConversationMeta; onDone: () => void }) {
  const renameConversation = useAppState((state) => state.renameConversation)
  const [title, setTitle] = useState(meta.title)
  const [busy, setBusy] = useState(false)
  const inputRef = useRef<HTMLInputElement>(null)

  useEffect(() => {
    inputRef.current?.focus()
    inputRef.current?.select()
  }, [])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const trimmed = title.trim()
    if (trimmed === '' || trimmed === meta.title) return onDone()
    setBusy(true)
    const renamed = await renameConversation(meta.id, trimmed)
    setBusy(false)
    if (renamed) onDone()
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return
    // The drawer also closes on Escape; here it only ends the rename.
    event.stopPropagation()
    onDone()
  }

  return (
    <form className="conversation-rename" onSubmit={(event) => void submit(event)} onKeyDown={onKeyDown}>
      <input
        ref={inputRef}
        className="text-input conversation-rename-input"
        aria-label={`New title for ${meta.title}`}
        value={title}
        maxLength={200}
        disabled={busy}
        onChange={(event) => setTitle(event.target.value)}
      />
      <button type="submit" className="button button--small" disabled={busy || title.trim() === ''}>
        Save
      </button>
      <button type="button" className="button button--small" disabled={busy} onClick={onDone}>
        Cancel
      </button>
    </form>
  )
}

/**
 * One conversation in the sidebar: a button that opens it (marked as the current one when open), with a
 * badge while a tool call waits in it, and Rename and Delete beside it. Delete is confirmed in place.
 */
export function ConversationRow({
  meta,
  selected,
  waiting,
}: {
  meta: ConversationMeta
  selected: boolean
  waiting: number
}) {
  const openConversation = useAppState((state) => state.openConversation)
  const deleteConversation = useAppState((state) => state.deleteConversation)
  const { confirming, busy, triggerRef, cancelRef, ask, cancel, run } = useInPlaceConfirm()
  const [renaming, setRenaming] = useState(false)
  const renameRef = useRef<HTMLButtonElement>(null)
  const wasRenaming = useRef(false)

  useEffect(() => {
    if (!renaming && wasRenaming.current) renameRef.current?.focus()
    wasRenaming.current = renaming
  }, [renaming])

  const waitingText = waiting === 1 ? '1 tool call waiting' : `${waiting} tool calls waiting`
  const className = selected ? 'conversation-row conversation-row--selected' : 'conversation-row'

  if (renaming) {
    return (
      <li className={className} data-testid="conversation-row">
        <RenameForm meta={meta} onDone={() => setRenaming(false)} />
      </li>
    )
  }
  if (confirming) {
    return (
      <li className={className} data-testid="conversation-row">
        <ConfirmGroup
          busy={busy}
          cancelRef={cancelRef}
          onCancel={cancel}
          className="conversation-confirm"
          questionClassName="conversation-confirm-question"
          groupLabel={`Confirm deleting conversation ${meta.title}`}
          question={`Delete “${meta.title}” and its transcript?`}
          confirmText="Delete"
          confirmLabel={`Yes, delete conversation ${meta.title}`}
          onConfirm={() => void run(() => deleteConversation(meta.id))}
        />
      </li>
    )
  }
  return (
    <li className={className} data-testid="conversation-row">
      <button
        type="button"
        className="conversation-open"
        aria-current={selected ? 'true' : undefined}
        title={meta.title}
        onClick={() => void openConversation(meta.id)}
      >
        <span className="conversation-name">{meta.title}</span>
        {waiting > 0 && (
          <span className="conversation-badge" title={waitingText} data-testid="conversation-badge">
            <span aria-hidden="true">{waiting}</span>
            <span className="visually-hidden">, {waitingText}</span>
          </span>
        )}
      </button>
      <button
        type="button"
        ref={renameRef}
        className="icon-button conversation-action"
        aria-label={`Rename ${meta.title}`}
        title="Rename"
        onClick={() => setRenaming(true)}
      >
        <PencilIcon />
      </button>
      <button
        type="button"
        ref={triggerRef}
        className="icon-button conversation-action"
        aria-label={`Delete ${meta.title}`}
        title="Delete"
        onClick={ask}
      >
        <TrashIcon />
      </button>
    </li>
  )
}
