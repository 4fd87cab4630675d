import { mkdirSync } from 'node:fs'
import { ConfSettingsDocument } from '../config/conf-settings-document'
import { profilePaths, type ProfilePaths } from '../config/home-paths'
import { quarantineFile } from '../config/quarantine-file'
import { SettingsService } from '../config/settings-service'
import { EncryptedFileSecretStore } from '../secrets/encrypted-file-secret-store'
import { createLocalKeyCipher } from '../secrets/local-key-cipher'
import type { SecretStore } from '../secrets/secret-store'

export interface NodeProfile {
  paths: ProfilePaths
  settings: SettingsService
  secrets: SecretStore
}

/**
 * A profile opened outside Electron (the CLI and web mode): settings through `conf` on the same
 * `<home>/settings.json` the desktop app uses, secrets in an AES-GCM file with a local key.
 * `home` must be absolute (see resolveHome).
 */
export function openNodeProfile(home: string): NodeProfile {
  const paths = profilePaths(home)
  // Owner-only when we create it: the folder holds the secrets key. An existing folder is left as the user made it.
  mkdirSync(paths.home, { recursive: true, mode: 0o700 })
  const settings = new SettingsService(new ConfSettingsDocument(paths.home), {
    quarantine: () => quarantineFile(paths.settingsFile),
  })
  const secrets = new EncryptedFileSecretStore(paths.secretsFile, createLocalKeyCipher(paths.secretsKeyFile))
  return { paths, settings, secrets }
}
