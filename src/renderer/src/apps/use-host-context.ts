import { useEffect, useMemo, useState } from 'react'
import type { McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge'
import { useAppState } from '../app/store-context'
import { hostContext, resolvedTheme, themeVariables, type ViewDisplayMode } from './view-host-context'

/** The system's light/dark setting, followed live (the app's "system" theme follows it too). */
function useSystemDark(): boolean {
  const query = useMemo(
    () =>
      typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : null,
    [],
  )
  const [dark, setDark] = useState(query?.matches ?? false)
  useEffect(() => {
    if (!query) return
    const changed = () => setDark(query.matches)
    query.addEventListener('change', changed)
    return () => query.removeEventListener('change', changed)
  }, [query])
  return dark
}

/** The host context a view gets, rebuilt (and so sent as host-context-changed) when theme or mode change. */
export function useHostContext({
  serverId,
  toolName,
  displayMode,
}: {
  serverId: string
  toolName: string
  displayMode: ViewDisplayMode
}): McpUiHostContext {
  const chosen = useAppState((state) => state.settings?.appearance.theme)
  const mode = useAppState((state) => state.info?.mode) ?? 'desktop'
  const tool = useAppState((state) =>
    state.servers.find((server) => server.id === serverId)?.tools.find((entry) => entry.name === toolName),
  )
  const systemDark = useSystemDark()
  const theme = resolvedTheme(chosen, { matchMedia: () => ({ matches: systemDark }) as MediaQueryList })
  return useMemo(
    () =>
      hostContext({
        theme,
        displayMode,
        platform: mode,
        tool,
        toolName,
        // Full screen, the view has the window; inline, the transcript's width and at most MAX_VIEW_HEIGHT.
        window:
          displayMode === 'fullscreen' ? { width: window.innerWidth, height: window.innerHeight } : undefined,
        variables: themeVariables(document, theme),
      }),
    [theme, displayMode, mode, tool, toolName],
  )
}
