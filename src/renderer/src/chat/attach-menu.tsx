import { useId, useRef, useState, type KeyboardEvent } from 'react'
import { useAppState } from '../app/store-context'
import { ResourceBrowser } from '../resources/resource-browser'

/**
 * The composer's Attach button: a file or image from this computer (read by the window, sent with the
 * message), or a resource of a connected server (the same browser as on the server's card). Not modal:
 * Escape or the button closes it, and focus goes back to the button.
 */
export function AttachMenu({ disabled, onFiles }: { disabled: boolean; onFiles: (files: File[]) => void }) {
  const [open, setOpen] = useState(false)
  const servers = useAppState((state) => state.servers)
  const connected = servers.filter((server) => server.status === 'connected')
  const buttonRef = useRef<HTMLButtonElement>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const panelId = useId()

  const close = () => {
    setOpen(false)
    buttonRef.current?.focus()
  }
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape') return
    event.preventDefault()
    event.stopPropagation()
    close()
  }

  return (
    <div className="attach-menu">
      <button
        type="button"
        ref={buttonRef}
        className="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        disabled={disabled}
        onClick={() => setOpen(!open)}
      >
        Attach…
      </button>
      <input
        ref={inputRef}
        type="file"
        multiple
        hidden
        data-testid="attach-file-input"
        onChange={(event) => {
          const picked = [...(event.currentTarget.files ?? [])]
          // Cleared, so picking the same file again after removing its chip still reports a change.
          event.currentTarget.value = ''
          if (picked.length > 0) onFiles(picked)
          close()
        }}
      />
      {open && (
        <div
          id={panelId}
          className="attach-panel"
          role="dialog"
          aria-label="Attach to your message"
          data-testid="attach-panel"
          onKeyDown={onKeyDown}
        >
          <button type="button" className="button" onClick={() => inputRef.current?.click()}>
            File or image from this computer…
          </button>
          <p className="hint">
            Text files go in as text. An image reaches the model when it takes images; otherwise the model is
            told that one was attached.
          </p>
          <h3 className="attach-panel-title">Resources of your servers</h3>
          {connected.length === 0 ? (
            <p className="hint">No server is connected.</p>
          ) : (
            connected.map((server) => (
              <ResourceBrowser
                key={server.id}
                serverId={server.id}
                serverName={server.name}
                label={server.name}
              />
            ))
          )}
        </div>
      )}
    </div>
  )
}
