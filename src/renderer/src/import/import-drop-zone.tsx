import { useEffect, useState } from 'react'
import { useAppState } from '../app/store-context'
import { looksLikeInstallLink } from './import-link'

/** Files (not text or links) are being dragged: only those can be imported. */
function carriesFiles(event: DragEvent): boolean {
  return event.dataTransfer?.types.includes('Files') ?? false
}

/** Focus is in a field that takes pasted text itself: a paste there is not an import. */
function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  return target.isContentEditable || target.closest('input, textarea, select, [contenteditable]') !== null
}

/**
 * Text pasted outside any field is imported only when it reads like an MCP config: a stray paste of
 * something else should do nothing rather than open an error.
 */
export function looksLikeMcpConfig(text: string): boolean {
  return /mcpServers|mcp_servers|context_servers|"servers"\s*:|"mcp"\s*:|^\s*extensions\s*:/m.test(text)
}

/**
 * The window takes a dropped or pasted file, or an install link, anywhere: while files are dragged over it, it dims and says
 * what a drop does. Dropping anything else is refused by the browser default being prevented (Electron
 * would otherwise navigate the window to the file).
 */
export function ImportDropZone() {
  const importFile = useAppState((state) => state.importFile)
  const importText = useAppState((state) => state.importText)
  const previewLink = useAppState((state) => state.previewLink)
  const followInstallLinks = useAppState((state) => state.followInstallLinks)
  const [dragging, setDragging] = useState(false)

  useEffect(() => {
    // dragenter/dragleave fire for every child crossed; a counter tells leaving the window from moving in it.
    let depth = 0
    const enter = (event: DragEvent) => {
      if (!carriesFiles(event)) return
      event.preventDefault()
      depth += 1
      setDragging(true)
    }
    const over = (event: DragEvent) => {
      if (!carriesFiles(event)) return
      event.preventDefault()
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy'
    }
    const leave = (event: DragEvent) => {
      if (!carriesFiles(event)) return
      depth = Math.max(0, depth - 1)
      if (depth === 0) setDragging(false)
    }
    const drop = (event: DragEvent) => {
      if (!carriesFiles(event)) return
      event.preventDefault()
      depth = 0
      setDragging(false)
      const file = event.dataTransfer?.files[0]
      if (file) void importFile(file)
    }
    const paste = (event: ClipboardEvent) => {
      if (isEditable(event.target)) return
      const file = event.clipboardData?.files[0]
      if (file) {
        event.preventDefault()
        void importFile(file)
        return
      }
      const text = event.clipboardData?.getData('text/plain') ?? ''
      // An install link opens its preview, like a link the desktop app is opened with.
      if (looksLikeInstallLink(text)) {
        event.preventDefault()
        void previewLink(text.trim())
        return
      }
      if (looksLikeMcpConfig(text)) {
        event.preventDefault()
        void importText(text)
      }
    }
    window.addEventListener('dragenter', enter)
    window.addEventListener('dragover', over)
    window.addEventListener('dragleave', leave)
    window.addEventListener('drop', drop)
    window.addEventListener('paste', paste)
    return () => {
      window.removeEventListener('dragenter', enter)
      window.removeEventListener('dragover', over)
      window.removeEventListener('dragleave', leave)
      window.removeEventListener('drop', drop)
      window.removeEventListener('paste', paste)
    }
  }, [importFile, importText, previewLink])

  // A link the desktop app was opened with (a second launch, the OS) arrives here like a pasted one.
  useEffect(() => followInstallLinks(), [followInstallLinks])

  if (!dragging) return null
  return (
    <div className="drop-overlay" data-testid="drop-overlay" role="status">
      <div className="drop-overlay-message">
        <p className="drop-overlay-title">Drop an MCP config to import</p>
        <p className="drop-overlay-hint">
          Claude Desktop, Claude Code, VS Code, Cursor, Windsurf, Cline, Zed, opencode, Gemini CLI, Goose or
          Codex — or an .mcpb bundle. Nothing is added before you confirm.
        </p>
      </div>
    </div>
  )
}
