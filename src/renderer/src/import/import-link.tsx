import { useId, useState } from 'react'
import type { ImportDialog } from './import-actions'
import { useAppState } from '../app/store-context'

/** The link schemes MCP Desk reads (`vscode-insiders:` included): what a paste outside any field may be. */
const INSTALL_LINK = /^(mcp-desk|vscode|vscode-insiders|cursor|cherrystudio):/i

/** A pasted text that is one install link and nothing else (a config that mentions one is not). */
export function looksLikeInstallLink(text: string): boolean {
  const trimmed = text.trim()
  return INSTALL_LINK.test(trimmed) && !/\s/.test(trimmed)
}

/**
 * An install link from a web page or a chat, pasted here. The host reads it and answers with the same
 * preview a file gets; nothing is added before the user confirms there, and what a link adds starts
 * turned off. A link the host refused comes back in the field with its reason, to be fixed in place.
 */
export function ImportLink({ dialog }: { dialog: Extract<ImportDialog, { step: 'link' }> }) {
  const previewLink = useAppState((state) => state.previewLink)
  const closeImport = useAppState((state) => state.closeImport)
  const [link, setLink] = useState(dialog.link ?? '')
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  return (
    <form
      className="import-link"
      data-testid="import-link"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (link.trim()) void previewLink(link.trim())
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-link`} className="field-label">
          Install link
        </label>
        <input
          id={`${id}-link`}
          className="text-input"
          type="text"
          autoComplete="off"
          spellCheck={false}
          value={link}
          placeholder="cursor://anysphere.cursor-deeplink/mcp/install?name=…"
          aria-invalid={dialog.error !== undefined}
          aria-describedby={dialog.error !== undefined ? `${errorId} ${hintId}` : hintId}
          onChange={(event) => setLink(event.target.value)}
        />
        {dialog.error !== undefined && (
          <p id={errorId} className="field-error selectable import-error-message" role="alert">
            {dialog.error}
          </p>
        )}
        <p id={hintId} className="field-hint">
          An mcp-desk://, VS Code (vscode:mcp/install?…), Cursor or Cherry Studio link. You see the server
          before anything is added, and it is added turned off until you turn it on.
        </p>
      </div>
      <div className="modal-actions">
        <button type="button" className="button" onClick={closeImport}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={!link.trim()}>
          Preview
        </button>
      </div>
    </form>
  )
}
