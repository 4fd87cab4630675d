import { useAppState } from '../app/store-context'

/**
 * settings.json cannot be used right now (a hand edit that does not parse or validate). The host keeps the
 * file exactly as it is and refuses changes until it is fixed, then picks the fix up by itself.
 */
export function SettingsProblem() {
  const problem = useAppState((state) => state.settingsProblem)
  if (problem === null) return null
  return (
    <section
      className="banner banner--danger"
      role="alert"
      aria-label="settings.json cannot be used"
      data-testid="settings-problem"
    >
      <h2 className="banner-title">settings.json cannot be used</h2>
      <p className="selectable">{problem}</p>
      <p>
        MCP Desk leaves the file as it is and saves no changes until it is fixed; the fix is picked up as soon
        as the file is saved.
      </p>
    </section>
  )
}
