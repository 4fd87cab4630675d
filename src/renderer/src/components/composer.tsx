import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { useAppState } from '../state/store-context'

/** Why the composer cannot send right now, or how it sends; shown under the text box. */
function composerReason(state: {
  open: boolean
  hasProvider: boolean
  needsModel: boolean
  running: boolean
}): string {
  if (!state.hasProvider) return 'Chat needs a model provider, and none is configured: add one in Models.'
  if (!state.open) return 'Open a conversation, or start a new one, to send a message.'
  if (state.needsModel) return 'Choose a model for this conversation above: there is no default model.'
  if (state.running) return 'The model is answering; Stop ends the turn.'
  return 'Enter sends, Shift+Enter starts a new line. Every tool call waits for your approval.'
}

/**
 * Held when the previous turn left a tool call whose outcome is unknown: the message goes only once the
 * user accepts that the call may have run; "Keep unsent" leaves it in the box.
 */
function UnknownOutcomeBar({
  busy,
  onSend,
  onKeep,
}: {
  busy: boolean
  onSend: () => void
  onKeep: () => void
}) {
  const keepRef = useRef<HTMLButtonElement>(null)
  useEffect(() => keepRef.current?.focus(), [])
  return (
    <div
      className="unknown-outcome-bar"
      role="group"
      aria-labelledby="unknown-outcome-text"
      data-testid="unknown-outcome-bar"
    >
      <p id="unknown-outcome-text" className="unknown-outcome-text">
        <strong>The previous tool call may have run.</strong> Its outcome is unknown: the server may have
        acted on it. Send this message anyway? The model is told the outcome is unknown and nothing is
        retried.
      </p>
      <div className="unknown-outcome-actions">
        <button type="button" className="button button--primary" disabled={busy} onClick={onSend}>
          It may have run — send
        </button>
        <button type="button" className="button" ref={keepRef} disabled={busy} onClick={onKeep}>
          Keep unsent
        </button>
      </div>
    </div>
  )
}

/**
 * The message box of the open conversation. Enter sends, Shift+Enter adds a line; while a turn runs the
 * Send button is Stop. The text leaves the box only once the host accepted it, so a refused message is
 * never lost. Each conversation keeps its own draft.
 */
export function Composer() {
  const conversation = useAppState((state) => state.conversation)
  const hasProvider = useAppState((state) => (state.settings?.models.providers.length ?? 0) > 0)
  const defaultModel = useAppState((state) => state.settings?.models.defaultModel)
  const sendMessage = useAppState((state) => state.sendMessage)
  const stopTurn = useAppState((state) => state.stopTurn)
  const [drafts, setDrafts] = useState<Record<string, string>>({})
  const [confirmingFor, setConfirmingFor] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  // The turn a Stop was sent for: the button says "Stopping…" until that turn is over.
  const [stoppedTurn, setStoppedTurn] = useState<string | null>(null)
  const inputRef = useRef<HTMLTextAreaElement>(null)

  const id = conversation?.id
  const text = id ? (drafts[id] ?? '') : ''
  const running = conversation?.runningTurnId !== undefined
  const stopping = running && stoppedTurn === conversation?.runningTurnId
  const needsModel = conversation !== null && !conversation.meta.model && !defaultModel
  const usable = conversation !== null && hasProvider
  const canSend = usable && !needsModel && !running && !sending && text.trim().length > 0
  const confirming = id !== undefined && confirmingFor === id && conversation?.awaitingConfirmation === true

  const send = async (confirmUnknown: boolean) => {
    if (!id || !canSend) return
    setSending(true)
    const result = await sendMessage(text, { confirmUnknown })
    setSending(false)
    if (result === 'sent') {
      setDrafts((previous) => ({ ...previous, [id]: '' }))
      setConfirmingFor(null)
      inputRef.current?.focus()
    } else if (result === 'confirm') {
      setConfirmingFor(id)
    }
  }

  const keepUnsent = () => {
    setConfirmingFor(null)
    inputRef.current?.focus()
  }

  const stop = async () => {
    setStoppedTurn(conversation?.runningTurnId ?? null)
    if (!(await stopTurn())) setStoppedTurn(null)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return
    event.preventDefault()
    void send(false)
  }

  return (
    <form
      className="composer"
      data-testid="composer"
      aria-label="Compose a message"
      onSubmit={(event) => {
        event.preventDefault()
        void send(false)
      }}
    >
      {confirming && <UnknownOutcomeBar busy={sending} onSend={() => void send(true)} onKeep={keepUnsent} />}
      <label htmlFor="composer-input" className="visually-hidden">
        Message
      </label>
      <textarea
        id="composer-input"
        ref={inputRef}
        className="composer-input"
        rows={3}
        disabled={!usable}
        placeholder={conversation ? 'Write a message' : 'No conversation open'}
        aria-describedby="composer-reason"
        value={text}
        onChange={(event) => {
          if (id) setDrafts((previous) => ({ ...previous, [id]: event.target.value }))
        }}
        onKeyDown={onKeyDown}
      />
      <div className="composer-footer">
        <p id="composer-reason" className="composer-reason">
          {composerReason({ open: conversation !== null, hasProvider, needsModel, running })}
        </p>
        {running ? (
          <button
            type="button"
            className="button button--danger"
            disabled={stopping}
            onClick={() => void stop()}
          >
            {stopping ? 'Stopping…' : 'Stop'}
          </button>
        ) : (
          <button type="submit" className="button button--primary" disabled={!canSend}>
            Send
          </button>
        )}
      </div>
    </form>
  )
}
