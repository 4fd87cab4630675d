import {
  createSemanticStatusSlice,
  type SemanticStatusDeps,
  type SemanticStatusSlice,
} from './semantic-status-slice'
import {
  createToolSettingsActions,
  type ToolSettingsActionDeps,
  type ToolSettingsActions,
} from './tool-settings-actions'

/** The tools feature's part of the app store: its settings and the semantic layer's live status. */
export type ToolsSlice = ToolSettingsActions & SemanticStatusSlice

export function createToolsSlice(deps: ToolSettingsActionDeps & SemanticStatusDeps): ToolsSlice {
  return { ...createToolSettingsActions(deps), ...createSemanticStatusSlice(deps) }
}
