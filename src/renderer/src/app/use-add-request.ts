import { useLayoutEffect, useRef } from 'react'
import { useAppState } from './store-context'

/**
 * Opens a drawer panel on its add form when another part of the window asked for it (the first-run screen's
 * "Add a model provider", "Add a server"): `onAdd` runs once per request, as soon as the panel is `ready`.
 */
export function useAddRequest(panel: 'servers' | 'models', ready: boolean, onAdd: () => void): void {
  const request = useAppState((state) => state.addRequest)
  const handled = useRef(0)
  useLayoutEffect(() => {
    if (!ready || request?.panel !== panel || request.seq <= handled.current) return
    handled.current = request.seq
    onAdd()
  }, [request, ready, panel, onAdd])
}
