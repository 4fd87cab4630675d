import { useCallback } from 'react'
import { useAppState } from '../app/store-context'
import { AppView } from './app-view'

/**
 * The view opened from the servers panel ("Open view"), full screen over the window: it belongs to no
 * conversation, so leaving full screen closes it.
 */
export function ViewTryOverlay() {
  const viewTry = useAppState((state) => state.viewTry)
  const closeViewTry = useAppState((state) => state.closeViewTry)
  const onDisplayMode = useCallback(
    (mode: 'inline' | 'fullscreen') => {
      if (mode === 'inline') closeViewTry()
    },
    [closeViewTry],
  )
  if (!viewTry) return null
  return (
    <AppView
      key={viewTry.seq}
      serverId={viewTry.serverId}
      toolName={viewTry.toolName}
      input={viewTry.input}
      displayMode="fullscreen"
      onDisplayMode={onDisplayMode}
      fullscreenOnly
    />
  )
}
