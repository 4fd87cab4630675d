import { useState } from 'react'
import type { Theme } from '../../../shared/settings/settings-schema'
import { useAppState } from '../app/store-context'

const options: Array<{ value: Theme; label: string }> = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
]

/**
 * Saved through settings:update. The clicked choice shows as checked while the save is in flight; afterwards
 * the radios follow what the host stored, so a failed save falls back to the stored theme.
 */
export function ThemeSettings() {
  const stored = useAppState((state) => state.settings?.appearance.theme)
  const setTheme = useAppState((state) => state.setTheme)
  const [saving, setSaving] = useState<Theme | null>(null)
  const theme = saving ?? stored

  const choose = async (next: Theme) => {
    setSaving(next)
    await setTheme(next)
    setSaving(null)
  }
  return (
    <section className="settings-group" aria-labelledby="appearance-heading">
      <h3 id="appearance-heading" className="settings-title">
        Appearance
      </h3>
      <fieldset className="plain-fieldset" disabled={stored === undefined}>
        <legend className="field-label">Theme</legend>
        <div className="radio-row">
          {options.map((option) => (
            <label key={option.value} className="radio">
              <input
                type="radio"
                name="theme"
                value={option.value}
                checked={theme === option.value}
                onChange={() => void choose(option.value)}
              />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>
    </section>
  )
}
