import { useId, useState } from 'react'
import type { ToolSearchMode } from '../../../shared/settings/settings-schema'
import { useAppState } from '../app/store-context'
import { SemanticSearchSettings } from './semantic-search-settings'

const modes: Array<{ value: ToolSearchMode; label: string; explanation: string }> = [
  {
    value: 'auto',
    label: 'Auto',
    explanation:
      "On when the MCP tools' definitions would take more than 10% of the model's input window, or there are more than 40 tools.",
  },
  {
    value: 'always',
    label: 'Always',
    explanation:
      'The model gets one search tool and only the MCP tools it finds, plus those of servers marked "always offer".',
  },
  { value: 'off', label: 'Off', explanation: 'Every MCP tool is sent with every request.' },
]

/**
 * Whether chats hide the MCP tools behind `mcp_tool_search`, saved through tools:update-settings. Like the
 * theme, the clicked mode shows as checked while the save is in flight; afterwards the radios follow what
 * the host stored, so a failed save falls back to the stored mode (and the error list says why).
 */
export function ToolSearchSettings() {
  const stored = useAppState((state) => state.settings?.tools.search)
  const updateToolSettings = useAppState((state) => state.updateToolSettings)
  const [saving, setSaving] = useState<ToolSearchMode | null>(null)
  const mode = saving ?? stored
  const id = useId()

  const choose = async (next: ToolSearchMode) => {
    setSaving(next)
    await updateToolSettings({ search: next })
    setSaving(null)
  }
  return (
    <section className="settings-group" aria-labelledby={`${id}-heading`} data-testid="tool-search-settings">
      <h3 id={`${id}-heading`} className="settings-title">
        Tool search
      </h3>
      <p className="field-hint">
        With many MCP tools connected, the model is offered one search tool and sees only the tools it finds,
        which keeps requests small and its choices sharp.
      </p>
      <fieldset className="plain-fieldset" disabled={stored === undefined}>
        <legend className="field-label">When to use tool search</legend>
        <div className="radio-list">
          {modes.map((option) => (
            <div key={option.value} className="radio-option">
              <label className="radio">
                <input
                  type="radio"
                  name={`${id}-mode`}
                  value={option.value}
                  checked={mode === option.value}
                  aria-describedby={`${id}-${option.value}`}
                  onChange={() => void choose(option.value)}
                />
                {option.label}
              </label>
              <p id={`${id}-${option.value}`} className="field-hint radio-option-hint">
                {option.explanation}
              </p>
            </div>
          ))}
        </div>
      </fieldset>
      <SemanticSearchSettings />
    </section>
  )
}
