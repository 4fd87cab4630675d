import { useRef, useState } from 'react'
import { rootsListing } from '../../../shared/roots/effective-roots'
import { useAppState } from '../app/store-context'
import { RootsEditor } from './roots-editor'

function folderCount(count: number): string {
  return count === 1 ? '1 folder' : `${count} folders`
}

/**
 * The folders one server may work in (answered to its roots/list), in its card: whether it follows the
 * default set or has its own list, the list itself, and the way back to the defaults.
 */
export function RootsServerSection({ serverId, serverName }: { serverId: string; serverName: string }) {
  const roots = useAppState((state) => state.settings?.roots)
  const followDefaultRoots = useAppState((state) => state.followDefaultRoots)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const summaryRef = useRef<HTMLElement>(null)
  if (!roots) return null
  const { folders, source } = rootsListing(roots, serverId)
  const followsDefault = source === 'default'

  const backToDefault = async () => {
    setBusy(true)
    setError(null)
    const answer = await followDefaultRoots(serverId)
    setBusy(false)
    if (answer.ok) summaryRef.current?.focus()
    else setError(answer.message)
  }

  return (
    <details className="disclosure roots-section" data-testid="server-roots">
      <summary ref={summaryRef} data-testid="server-roots-summary">
        Folders (roots): {folderCount(folders.length)}, {followsDefault ? 'the default set' : 'its own list'}
      </summary>
      <div className="disclosure-body">
        <p className="hint" data-testid="server-roots-source">
          {followsDefault
            ? `${serverName} follows the default folders (Settings → Folders). Adding or removing one here gives it its own list.`
            : `${serverName} has its own list of folders; changes to the default folders do not reach it.`}
        </p>
        {!followsDefault && (
          <div className="roots-default-action">
            <button
              type="button"
              className="button button--small"
              disabled={busy}
              onClick={() => void backToDefault()}
            >
              Use the default folders
            </button>
            {error && (
              <p className="field-error selectable" role="alert">
                {error}
              </p>
            )}
          </div>
        )}
        <RootsEditor
          target={serverId}
          listLabel={`Folders shared with ${serverName}`}
          emptyText={`No folders: ${serverName} is told it may use none.`}
        />
      </div>
    </details>
  )
}
