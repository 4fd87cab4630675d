import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { isAppVisible, isModelVisible, type ToolUi } from '../../../shared/apps/view-schema'
import type { ToolInfo } from '../../../shared/mcp/server-state'
import { useAppState } from '../app/store-context'

/** "View only" (never offered to a model) or "Model only" (a view may not call it); nothing for both. */
export function ToolVisibilityBadge({ ui }: { ui: ToolUi | undefined }) {
  if (isModelVisible(ui) && isAppVisible(ui)) return null
  const label = isModelVisible(ui) ? 'Model only' : isAppVisible(ui) ? 'View only' : 'Nobody'
  const title = isModelVisible(ui)
    ? 'Views cannot call this tool; only the model can.'
    : 'Only this server’s views can call this tool; it is never offered to a model.'
  return (
    <span className="badge tool-visibility" data-testid="tool-visibility" title={title}>
      {label}
    </span>
  )
}

/** A JSON object, or why the text is not one. */
export function parseArguments(
  text: string,
): { ok: true; value: Record<string, unknown> } | { ok: false; error: string } {
  let value: unknown
  try {
    value = JSON.parse(text.trim() === '' ? '{}' : text)
  } catch (error) {
    return { ok: false, error: `Not valid JSON: ${error instanceof Error ? error.message : String(error)}` }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, error: 'The arguments must be a JSON object, like {"city": "Paris"}.' }
  }
  return { ok: true, value: value as Record<string, unknown> }
}

function OpenViewDialog({
  serverId,
  tool,
  onClose,
}: {
  serverId: string
  tool: ToolInfo
  onClose: () => void
}) {
  const tryView = useAppState((state) => state.tryView)
  const showViewTry = useAppState((state) => state.showViewTry)
  const [text, setText] = useState('{}')
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const titleId = useId()
  const fieldId = useId()
  const fieldRef = useRef<HTMLTextAreaElement>(null)
  useEffect(() => fieldRef.current?.focus(), [])

  const submit = async () => {
    const parsed = parseArguments(text)
    if (!parsed.ok) {
      setProblem(parsed.error)
      return
    }
    setBusy(true)
    setProblem(null)
    const answer = await tryView(serverId, tool.name, parsed.value)
    setBusy(false)
    if ('refusal' in answer) {
      setProblem(answer.refusal)
      return
    }
    // Closed first, so focus is back on "Open view" for the overlay to return it there on exit.
    onClose()
    showViewTry(serverId, tool.name, { arguments: parsed.value, result: answer.result })
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || busy) return
    event.stopPropagation()
    onClose()
  }
  return (
    <div className="modal-backdrop" data-testid="open-view-backdrop">
      <div
        className="modal open-view-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid="open-view-dialog"
        onKeyDown={onKeyDown}
      >
        <div className="modal-header">
          <h2 id={titleId} className="modal-title">
            Open the view of {tool.title ?? tool.name}
          </h2>
        </div>
        <form
          className="modal-body"
          onSubmit={(event) => {
            event.preventDefault()
            void submit()
          }}
        >
          <p className="hint">
            Calls {tool.name} with these arguments (the server receives them), then shows the result in its
            view.
          </p>
          <label htmlFor={fieldId} className="field-label">
            Arguments (JSON object)
          </label>
          <textarea
            id={fieldId}
            ref={fieldRef}
            value={text}
            spellCheck={false}
            aria-invalid={problem !== null}
            aria-describedby={problem ? `${fieldId}-problem` : undefined}
            onChange={(event) => setText(event.target.value)}
          />
          {problem && (
            <p id={`${fieldId}-problem`} className="field-error" role="alert">
              {problem}
            </p>
          )}
          <div className="approval-actions">
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? 'Calling…' : 'Call and open'}
            </button>
            <button type="button" className="button" onClick={onClose} disabled={busy}>
              Cancel
            </button>
          </div>
        </form>
      </div>
    </div>
  )
}

/** The servers panel's way to see a tool's view without a conversation: the user calls it, then sees it. */
export function OpenViewAction({ serverId, tool }: { serverId: string; tool: ToolInfo }) {
  const [open, setOpen] = useState(false)
  const buttonRef = useRef<HTMLButtonElement>(null)
  if (!tool.ui?.view || !tool.ui.resourceUri) return null
  const close = () => {
    setOpen(false)
    buttonRef.current?.focus()
  }
  return (
    <>
      <button
        type="button"
        ref={buttonRef}
        className="button button--small"
        aria-label={`Open the view of ${tool.name}`}
        onClick={() => setOpen(true)}
      >
        Open view
      </button>
      {open && <OpenViewDialog serverId={serverId} tool={tool} onClose={close} />}
    </>
  )
}
