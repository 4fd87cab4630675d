import { ProfileSettings } from './profile-settings'
import { RootsSettings } from '../roots/roots-settings'
import { SamplingSettings } from '../sampling/sampling-settings'
import { SecretBackendSettings } from './secret-backend-settings'
import { SecretsSettings } from './secrets-settings'
import { StartupWarnings } from '../app/startup-warnings'
import { ThemeSettings } from './theme-settings'
import { ToolSearchSettings } from '../tools/tool-search-settings'

export function SettingsPanel() {
  return (
    <section className="panel settings-panel" data-testid="settings-panel" aria-label="Settings">
      <StartupWarnings testId="settings-startup-warnings" />
      <ThemeSettings />
      <ToolSearchSettings />
      <SamplingSettings />
      <RootsSettings />
      <ProfileSettings />
      <SecretBackendSettings />
      <SecretsSettings />
    </section>
  )
}
