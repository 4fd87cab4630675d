import { useId, useRef, useState } from 'react'
import type { ImportDialog } from './import-actions'
import { useAppState } from '../app/store-context'
import { looksLikeInstallLink } from './import-link'

/**
 * The way in without drag-and-drop: pick a file, or paste a config's text. A file refused last time is
 * named here with the host's reason, so the user can pick another one without starting over.
 */
export function ImportSource({ dialog }: { dialog: Extract<ImportDialog, { step: 'source' }> }) {
  const importFile = useAppState((state) => state.importFile)
  const importText = useAppState((state) => state.importText)
  const previewLink = useAppState((state) => state.previewLink)
  const closeImport = useAppState((state) => state.closeImport)
  // A paste the host refused comes back with its error, to be fixed in place.
  const [text, setText] = useState(dialog.text ?? '')
  const fileRef = useRef<HTMLInputElement>(null)
  const id = useId()
  const pasteError = dialog.error !== undefined && dialog.text !== undefined ? dialog.error : undefined
  const hintId = `${id}-paste-hint`
  const errorId = `${id}-paste-error`

  return (
    <div className="import-source">
      {dialog.error && pasteError === undefined && (
        <div className="callout callout--danger" role="alert" data-testid="import-error">
          <p className="callout-title">
            {dialog.fileName ? `${dialog.fileName} was not imported` : 'The text was not imported'}
          </p>
          <p className="selectable import-error-message">{dialog.error}</p>
        </div>
      )}
      <p className="hint">
        Drop a file anywhere on the window, choose one, or paste its text. MCP Desk reads the configs of
        Claude Desktop, Claude Code, VS Code, Cursor, Windsurf, Cline, Zed, opencode, Gemini CLI, Goose and
        Codex, and .mcpb bundles. You see every server before anything is added.
      </p>
      <div>
        <button type="button" className="button" onClick={() => fileRef.current?.click()}>
          Choose a file…
        </button>
        <input
          ref={fileRef}
          type="file"
          className="visually-hidden"
          tabIndex={-1}
          aria-label="Config file or bundle"
          data-testid="import-file-input"
          onChange={(event) => {
            const file = event.target.files?.[0]
            event.target.value = ''
            if (file) void importFile(file)
          }}
        />
      </div>
      <form
        className="import-paste"
        onSubmit={(event) => {
          event.preventDefault()
          // An install link pasted here instead of a config goes where a link goes.
          if (looksLikeInstallLink(text)) void previewLink(text.trim())
          else if (text.trim()) void importText(text)
        }}
      >
        <label htmlFor={`${id}-paste`} className="field-label">
          Or paste the config
        </label>
        <textarea
          id={`${id}-paste`}
          className="text-input text-input--multiline import-paste-text"
          rows={8}
          spellCheck={false}
          value={text}
          placeholder={'{\n  "mcpServers": { … }\n}'}
          aria-invalid={pasteError !== undefined}
          aria-describedby={pasteError !== undefined ? `${errorId} ${hintId}` : undefined}
          onChange={(event) => setText(event.target.value)}
        />
        {pasteError !== undefined && (
          <>
            <p id={errorId} className="field-error selectable import-error-message" role="alert">
              {pasteError}
            </p>
            <p id={hintId} className="field-hint">
              Fix the text above and choose Preview again.
            </p>
          </>
        )}
        <div className="modal-actions">
          <button type="button" className="button" onClick={closeImport}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={!text.trim()}>
            Preview
          </button>
        </div>
      </form>
    </div>
  )
}
