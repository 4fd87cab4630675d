import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import type { PromptInfo } from '../../../shared/mcp/prompts'
import { insertedForSend } from '../prompts/prompt-picker-actions'
import { attachmentsForSend } from '../resources/resource-attachments-model'
import { useAppState } from '../app/store-context'
import { PromptArgumentsForm } from '../prompts/prompt-arguments-form'
import { PromptPicker } from '../prompts/prompt-picker'
import { PromptChip } from '../prompts/prompt-picker-chip'
import { PROMPT_LISTBOX_ID, usePromptPicker } from '../prompts/prompt-picker-control'
import { ResourceAttachmentChip } from '../resources/resource-attachment-chip'
import { AttachMenu } from './attach-menu'
import { pickedFileFacts } from './attached-files-model'
import { usePickedFiles } from './use-picked-files'

/** Why the composer cannot send right now, or how it sends; shown under the text box. */
function composerReason(state: {
  open: boolean
  hasProvider: boolean
  needsModel: boolean
  running: boolean
  picking: boolean
  hasText: boolean
  hasPrompt: boolean
  hasAttachments: boolean
}): string {
  if (!state.hasProvider) return 'Chat needs a model provider, and none is configured: add one in Models.'
  if (!state.open) return 'Open a conversation, or start a new one, to send a message.'
  if (state.needsModel) return 'Choose a model for this conversation above: there is no default model.'
  if (state.running) return 'The model is answering; Stop ends the turn.'
  if (state.picking) return 'Choose a prompt: ↑↓ and Enter, or Escape to go on typing.'
  if (state.hasPrompt && !state.hasText) {
    return "Enter sends the prompt's messages; text you add goes after them."
  }
  if (state.hasAttachments && !state.hasText) return 'Write a message to go with what you attached.'
  return 'Enter sends, Shift+Enter starts a new line, / inserts a server’s prompt. Every tool call waits for your approval.'
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
 * never lost. Each conversation keeps its own draft. `/` at the start opens the prompt picker; a chosen
 * prompt and attached resources wait as chips above the box and go with the next message.
 */
export function Composer() {
  const conversation = useAppState((state) => state.conversation)
  const hasProvider = useAppState((state) => (state.settings?.models.providers.length ?? 0) > 0)
  const defaultModel = useAppState((state) => state.settings?.models.defaultModel)
  const sendMessage = useAppState((state) => state.sendMessage)
  const stopTurn = useAppState((state) => state.stopTurn)
  const inserted = useAppState((state) => state.insertedPrompt)
  const attachments = useAppState((state) => state.attachments)
  const insertPrompt = useAppState((state) => state.insertPrompt)
  const removeInsertedPrompt = useAppState((state) => state.removeInsertedPrompt)
  const clearAttachments = useAppState((state) => state.clearAttachments)
  const [drafts, setDrafts] = useState<Record<string, string>>({})
  const [confirmingFor, setConfirmingFor] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  // The turn a Stop was sent for: the button says "Stopping…" until that turn is over.
  const [stoppedTurn, setStoppedTurn] = useState<string | null>(null)
  // The chosen prompt whose arguments are being asked for, and why the last insert failed.
  const [askingFor, setAskingFor] = useState<PromptInfo | null>(null)
  const [promptError, setPromptError] = useState<string | null>(null)
  const inputRef = useRef<HTMLTextAreaElement>(null)
  const files = usePickedFiles()

  const id = conversation?.id
  const text = id ? (drafts[id] ?? '') : ''
  const running = conversation?.runningTurnId !== undefined
  const stopping = running && stoppedTurn === conversation?.runningTurnId
  const needsModel = conversation !== null && !conversation.meta.model && !defaultModel
  const usable = conversation !== null && hasProvider
  const hasText = text.trim().length > 0
  const canSend = usable && !needsModel && !running && !sending && (hasText || inserted !== null)
  const confirming = id !== undefined && confirmingFor === id && conversation?.awaitingConfirmation === true

  const setText = (value: string) => {
    if (id) setDrafts((previous) => ({ ...previous, [id]: value }))
  }

  const choosePrompt = (prompt: PromptInfo) => {
    setText('')
    setPromptError(null)
    if (prompt.arguments.length > 0) {
      setAskingFor(prompt)
      return
    }
    void insertPrompt(prompt, {}).then((answer) => {
      if (!answer.ok) setPromptError(`Could not insert ${prompt.key}: ${answer.message}`)
    })
  }

  const picker = usePromptPicker(text, usable && askingFor === null, choosePrompt)

  const send = async (confirmUnknown: boolean) => {
    if (!id || !canSend) return
    setSending(true)
    const result = await sendMessage(text, {
      confirmUnknown,
      ...(inserted ? { inserted: insertedForSend(inserted) } : {}),
      ...(attachments.length > 0 ? { attachments: attachmentsForSend(attachments) } : {}),
      ...(files.picked.length > 0 ? { files: files.picked.map((picked) => picked.file) } : {}),
    })
    setSending(false)
    if (result === 'sent') {
      setDrafts((previous) => ({ ...previous, [id]: '' }))
      setConfirmingFor(null)
      removeInsertedPrompt()
      clearAttachments()
      files.clear()
      setPromptError(null)
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
    if (picker.onKeyDown(event)) return
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return
    event.preventDefault()
    void send(false)
  }

  const focusInput = () => inputRef.current?.focus()
  const hasChips = inserted !== null || attachments.length > 0 || files.picked.length > 0

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
      {hasChips && (
        <ul className="composer-chips" aria-label="Going with the next message">
          {inserted && <PromptChip chip={inserted} onRemoved={focusInput} />}
          {attachments.map((attached) => (
            <ResourceAttachmentChip
              key={`${attached.serverId} ${attached.uri}`}
              attached={attached}
              onRemoved={focusInput}
            />
          ))}
          {files.picked.map((picked) => (
            <li key={picked.key} className="composer-chip" data-testid="file-chip">
              <span className="composer-chip-summary">
                <span className="composer-chip-kind">File:</span>{' '}
                <span className="composer-chip-name selectable">{picked.file.name}</span>
                <span className="composer-chip-facts"> · {pickedFileFacts(picked)}</span>
              </span>
              <button
                type="button"
                className="composer-chip-remove"
                aria-label={`Remove file ${picked.file.name}`}
                title="Remove"
                onClick={() => {
                  files.remove(picked.key)
                  focusInput()
                }}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {files.error && (
        <p className="field-error selectable" role="alert" data-testid="file-error">
          {files.error}
        </p>
      )}
      {promptError && (
        <p className="field-error selectable" role="alert">
          {promptError}
        </p>
      )}
      {askingFor && (
        <PromptArgumentsForm
          key={askingFor.key}
          prompt={askingFor}
          onInserted={() => {
            setAskingFor(null)
            focusInput()
          }}
          onCancel={() => {
            setAskingFor(null)
            focusInput()
          }}
        />
      )}
      {picker.open && <PromptPicker picker={picker} onChoose={choosePrompt} />}
      <label htmlFor="composer-input" className="visually-hidden">
        Message
      </label>
      <textarea
        id="composer-input"
        ref={inputRef}
        className="composer-input"
        rows={3}
        disabled={!usable}
        placeholder={conversation ? 'Write a message, or / for a server’s prompt' : 'No conversation open'}
        aria-describedby="composer-reason"
        aria-autocomplete="list"
        aria-controls={picker.open ? PROMPT_LISTBOX_ID : undefined}
        aria-activedescendant={picker.activeOptionId}
        value={text}
        onChange={(event) => {
          setText(event.target.value)
          picker.onTextChange(event.target.value)
        }}
        onKeyDown={onKeyDown}
      />
      <div className="composer-footer">
        <p id="composer-reason" className="composer-reason">
          {composerReason({
            open: conversation !== null,
            hasProvider,
            needsModel,
            running,
            picking: picker.open,
            hasText,
            hasPrompt: inserted !== null,
            hasAttachments: attachments.length + files.picked.length > 0,
          })}
        </p>
        <AttachMenu disabled={!usable} onFiles={(picked) => void files.add(picked)} />
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
