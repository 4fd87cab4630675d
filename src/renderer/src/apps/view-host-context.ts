import type { McpUiHostContext, McpUiStyleVariableKey } from '@modelcontextprotocol/ext-apps/app-bridge'
import type { ToolInfo } from '../../../shared/mcp/server-state'
import type { Theme } from '../../../shared/settings/settings-schema'

export type ViewDisplayMode = 'inline' | 'fullscreen'
export const VIEW_DISPLAY_MODES: ViewDisplayMode[] = ['inline', 'fullscreen']

/** The inline frame's height stays within these bounds whatever the view asks for. */
export const MIN_VIEW_HEIGHT = 80
export const MAX_VIEW_HEIGHT = 2000

export function clampViewHeight(height: number): number {
  if (!Number.isFinite(height)) return MIN_VIEW_HEIGHT
  return Math.min(MAX_VIEW_HEIGHT, Math.max(MIN_VIEW_HEIGHT, Math.round(height)))
}

/** The theme the window shows now: "system" follows the OS setting, as theme.css does. */
export function resolvedTheme(theme: Theme | undefined, win: Pick<Window, 'matchMedia'>): 'light' | 'dark' {
  if (theme === 'light' || theme === 'dark') return theme
  return typeof win.matchMedia === 'function' && win.matchMedia('(prefers-color-scheme: dark)').matches
    ? 'dark'
    : 'light'
}

/**
 * The app's theme tokens (ui/theme.css) a view may style itself with. A subset of the spec's names: the
 * colours a view needs to sit calmly beside the transcript, the fonts and the radius.
 */
const TOKEN_FOR: Partial<Record<McpUiStyleVariableKey, string>> = {
  '--color-background-primary': '--bg',
  '--color-background-secondary': '--bg-raised',
  '--color-background-tertiary': '--bg-hover',
  '--color-background-info': '--info-bg',
  '--color-background-danger': '--danger-bg',
  '--color-background-success': '--ok-bg',
  '--color-background-warning': '--warning-bg',
  '--color-background-disabled': '--disabled-bg',
  '--color-text-primary': '--fg',
  '--color-text-secondary': '--fg-muted',
  '--color-text-tertiary': '--fg-faint',
  '--color-text-info': '--info-fg',
  '--color-text-danger': '--danger-fg',
  '--color-text-success': '--ok',
  '--color-text-warning': '--warning-fg',
  '--color-text-disabled': '--disabled-fg',
  '--color-border-primary': '--border',
  '--color-border-secondary': '--border-strong',
  '--color-border-danger': '--danger-border',
  '--color-border-warning': '--warning-border',
  '--color-ring-primary': '--focus',
}
const COLOR_KEYS = Object.keys(TOKEN_FOR) as McpUiStyleVariableKey[]

/**
 * Resolves each colour token to a plain colour. The tokens are `light-dark()` pairs, which mean nothing in
 * the view's document (it has its own colour scheme), so a probe element reads what the window renders now.
 */
export function themeVariables(
  doc: Document,
  theme: 'light' | 'dark',
): Partial<Record<McpUiStyleVariableKey, string>> {
  const view = doc.defaultView
  const variables: Partial<Record<McpUiStyleVariableKey, string>> = {}
  if (!view) return variables
  const probe = doc.createElement('span')
  probe.style.display = 'none'
  // light-dark() follows the element's colour scheme: set it, so the answer does not wait for the root's.
  probe.style.colorScheme = theme
  doc.body.appendChild(probe)
  try {
    for (const key of COLOR_KEYS) {
      probe.style.color = `var(${TOKEN_FOR[key]})`
      const value = view.getComputedStyle(probe).color
      if (value) variables[key] = value
    }
    const root = view.getComputedStyle(doc.documentElement)
    const sans = root.getPropertyValue('--font-ui').trim()
    const mono = root.getPropertyValue('--font-mono').trim()
    const radius = root.getPropertyValue('--radius').trim()
    if (sans) variables['--font-sans'] = sans
    if (mono) variables['--font-mono'] = mono
    if (radius) variables['--border-radius-md'] = radius
  } finally {
    probe.remove()
  }
  return variables
}

export interface HostContextInput {
  theme: 'light' | 'dark'
  displayMode: ViewDisplayMode
  platform: 'desktop' | 'web'
  tool: ToolInfo | undefined
  toolName: string
  /** The window's size when the view fills it. */
  window: { width: number; height: number } | undefined
  variables: Partial<Record<McpUiStyleVariableKey, string>>
}

/** What the view is told about where it is shown (ui/initialize, then host-context-changed). */
export function hostContext(input: HostContextInput): McpUiHostContext {
  const format = Intl.DateTimeFormat().resolvedOptions()
  return {
    theme: input.theme,
    displayMode: input.displayMode,
    availableDisplayModes: [...VIEW_DISPLAY_MODES],
    locale: typeof navigator !== 'undefined' ? navigator.language : format.locale,
    timeZone: format.timeZone,
    platform: input.platform,
    userAgent: 'MCP Desk',
    containerDimensions: input.window ?? { maxHeight: MAX_VIEW_HEIGHT },
    toolInfo: {
      tool: {
        name: input.toolName,
        inputSchema: { type: 'object', ...(input.tool?.inputSchema ?? {}) },
        ...(input.tool?.title ? { title: input.tool.title } : {}),
        ...(input.tool?.description ? { description: input.tool.description } : {}),
      },
    },
    styles: { variables: input.variables as Record<McpUiStyleVariableKey, string | undefined> },
  }
}
