import { createLocalKeyCipher } from '../secrets/local-key-cipher'
import { openProfile, type Profile } from './open-profile'

export type NodeProfile = Profile

/**
 * A profile opened outside Electron (the CLI and web mode): the same `<home>/settings.json` document the
 * desktop app uses, secrets in an AES-GCM file with a local key.
 */
export function openNodeProfile(home: string): NodeProfile {
  return openProfile(home, {
    openCipher: (paths) => createLocalKeyCipher(paths.secretsKeyFile),
  })
}
