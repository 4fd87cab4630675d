import { toSettingsView } from '../../shared/settings/settings-view'
import { profilePaths } from '../../main/core/config/home-paths'
import { openNodeProfile } from '../../main/core/profile/open-node-profile'
import { outputOf, type CliIo } from '../cli-io'

export function printConfigPath(home: string, json: boolean, io: CliIo): number {
  const paths = profilePaths(home)
  outputOf(io).print(json ? JSON.stringify(paths, null, 2) : paths.settingsFile)
  return 0
}

/**
 * Settings with secret values masked (plain env and header values of servers shown, as in the window), and
 * secret names only: values never leave the store.
 */
export function showConfig(home: string, json: boolean, io: CliIo): number {
  const { print, warn } = outputOf(io)
  const profile = openNodeProfile(home)
  const warnings = [...profile.settings.startupWarnings]
  let secretNames: string[] = []
  try {
    secretNames = profile.secrets.list()
  } catch (error) {
    warnings.push((error as Error).message)
  }
  for (const warning of warnings) warn(`warning: ${warning}`)
  const settings = toSettingsView(profile.settings.get())
  if (json) {
    print(
      JSON.stringify(
        { home, settingsFile: profile.paths.settingsFile, settings, secretNames, warnings },
        null,
        2,
      ),
    )
  } else {
    print(`Settings file: ${profile.paths.settingsFile} (secret values are masked)`)
    print(JSON.stringify(settings, null, 2))
    print('')
    print(`Stored secrets (${profile.paths.secretsFile}), names only:`)
    print(secretNames.length > 0 ? secretNames.map((name) => `  ${name}`).join('\n') : '  (none)')
  }
  return warnings.length > 0 ? 1 : 0
}
