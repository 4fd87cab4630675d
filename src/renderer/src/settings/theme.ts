import type { Theme } from '../../../shared/settings/settings-schema'

/**
 * Puts the user's theme on an element as `data-theme`; the CSS lets `light`/`dark` override the system
 * setting and leaves `system` to `prefers-color-scheme`.
 */
export function themeApplier(root: HTMLElement): (theme: Theme) => void {
  return (theme) => {
    root.dataset.theme = theme
  }
}
