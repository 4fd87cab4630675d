import { mkdirSync } from 'node:fs'
import { profilePaths, type ProfilePaths } from '../config/home-paths'
import { SettingsFileDocument } from '../config/settings-file-document'
import { SettingsService } from '../config/settings-service'
import { EncryptedFileSecretStore } from '../secrets/encrypted-file-secret-store'
import type { SecretCipher, SecretStore } from '../secrets/secret-store'

export interface Profile {
  paths: ProfilePaths
  settings: SettingsService
  secrets: SecretStore
}

export interface ProfileAdapters {
  /** How secrets are sealed: the OS keychain in the desktop app, a local key file elsewhere. */
  openCipher: (paths: ProfilePaths) => SecretCipher
}

/**
 * Opens the profile at `home` (absolute, see resolveHome) for the desktop app, web mode or the CLI: the same
 * files everywhere (settings.json through the same shared-file document), with the environment's own
 * way of sealing secrets.
 */
export function openProfile(home: string, adapters: ProfileAdapters): Profile {
  const paths = profilePaths(home)
  // Owner-only when we create it: the folder holds the secrets key. An existing folder is left as the user made it.
  mkdirSync(paths.home, { recursive: true, mode: 0o700 })
  // No quarantine: a settings.json that does not parse may be a user's edit in progress while the app runs;
  // it stays where it is, the problem is reported, and changes wait until it is fixed (SettingsService).
  const settings = new SettingsService(new SettingsFileDocument(paths.home))
  const secrets = new EncryptedFileSecretStore(paths.secretsFile, adapters.openCipher(paths))
  return { paths, settings, secrets }
}
