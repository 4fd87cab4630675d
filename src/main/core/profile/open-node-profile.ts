import { ConfSettingsDocument } from '../config/conf-settings-document'
import { createLocalKeyCipher } from '../secrets/local-key-cipher'
import { openProfile, type Profile } from './open-profile'

export type NodeProfile = Profile

/**
 * A profile opened outside Electron (the CLI and web mode): settings through `conf` on the same
 * `<home>/settings.json` the desktop app uses, secrets in an AES-GCM file with a local key.
 */
export function openNodeProfile(home: string): NodeProfile {
  return openProfile(home, {
    openSettingsDocument: (dir) => new ConfSettingsDocument(dir),
    openCipher: (paths) => createLocalKeyCipher(paths.secretsKeyFile),
  })
}
