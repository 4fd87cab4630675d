import type { ToolSettings } from '../../../shared/settings/settings-schema'
import type { SettingsView } from '../../../shared/settings/settings-view'
import type { Call } from '../ipc/client'

export interface ToolSettingsActions {
  /** Saves part of the tool settings; false (with a visible error) when the host refused it. */
  updateToolSettings: (patch: Partial<ToolSettings>) => Promise<boolean>
}

export interface ToolSettingsActionDeps {
  call: Call
  setSettings: (update: (settings: SettingsView) => SettingsView) => void
  report: (context: string, error: unknown) => { id: number; message: string }
}

/** The tool settings (tool search mode); the per-server "always loaded" flag is saved with its server. */
export function createToolSettingsActions({
  call,
  setSettings,
  report,
}: ToolSettingsActionDeps): ToolSettingsActions {
  return {
    async updateToolSettings(patch) {
      try {
        const tools = await call('tools:update-settings', patch)
        setSettings((settings) => ({ ...settings, tools }))
        return true
      } catch (error) {
        report('Could not save the tool search setting', error)
        return false
      }
    },
  }
}
