import type { ConfigValue } from '../../../shared/settings/secret-ref'
import type { Settings } from '../../../shared/settings/settings-schema'
import type { SettingsService } from '../config/settings-service'
import type { SecretStore } from './secret-store'

/**
 * Secrets and the settings entries that refer to them, decided against settings.json as it is on disk at
 * that moment: another process may have added an entry referring to a secret since this one last looked.
 */

function configValuesOfSettings(
  settings: Settings,
): Array<{ owner: string; value: ConfigValue | undefined }> {
  const values: Array<{ owner: string; value: ConfigValue | undefined }> = []
  for (const server of settings.servers) {
    const owner = `the server "${server.name}"`
    const own =
      server.transport === 'stdio'
        ? Object.values(server.env)
        : [...Object.values(server.headers), server.oauth?.clientSecret]
    for (const value of own) values.push({ owner, value })
  }
  for (const provider of settings.models.providers) {
    const owner = `the provider "${provider.name}"`
    for (const value of [provider.apiKey, ...Object.values(provider.headers)]) values.push({ owner, value })
  }
  return values
}

/** Every secret name some settings entry refers to. */
export function secretsReferencedBy(settings: Settings): Set<string> {
  const names = new Set<string>()
  for (const { value } of configValuesOfSettings(settings)) {
    if (value !== undefined && typeof value !== 'string') names.add(value.secret)
  }
  return names
}

/** Who refers to a secret (a server's env/header, a provider's key/header), for a refusal to delete it. */
export function secretUser(settings: Settings, name: string): string | undefined {
  return configValuesOfSettings(settings).find(
    ({ value }) => value !== undefined && typeof value !== 'string' && value.secret === name,
  )?.owner
}

export interface SecretsUpdate {
  /** Secrets under this prefix (`server.<id>.`) that the written settings no longer refer to are deleted. */
  releasePrefix?: string
}

/**
 * A settings update whose change stores secrets (a new key, env value or header), through the store it is
 * handed. It runs under the settings lock, so no other process can add or remove a reference meanwhile.
 * After the write, and still under the lock, every secret it stored and every secret under `releasePrefix`
 * that no entry refers to is deleted; if the update fails, what it stored is deleted again unless something
 * refers to it. So an orphaned secret is never left behind, and a referenced one is never deleted.
 */
export function updateWithSecrets(
  settings: SettingsService,
  secrets: SecretStore,
  change: (draft: Settings, secrets: SecretStore) => Settings | void,
  options: SecretsUpdate = {},
): Settings {
  const stored = new Set<string>()
  const tracking: SecretStore = {
    get backend() {
      return secrets.backend
    },
    list: () => secrets.list(),
    get: (name) => secrets.get(name),
    set: (name, value) => {
      stored.add(name)
      secrets.set(name, value)
    },
    delete: (name) => secrets.delete(name),
  }
  const release = (current: Settings, candidates: Iterable<string>): void => {
    const referenced = secretsReferencedBy(current)
    for (const name of new Set(candidates)) if (!referenced.has(name)) secrets.delete(name)
  }
  try {
    return settings.update(
      (draft) => change(draft, tracking),
      (written) => {
        const prefix = options.releasePrefix
        const owned = prefix === undefined ? [] : secrets.list().filter((name) => name.startsWith(prefix))
        release(written, [...stored, ...owned])
      },
    )
  } catch (error) {
    if (stored.size > 0) {
      try {
        settings.whileLocked((current) => release(current, stored))
      } catch {
        // Settings cannot be read (a broken hand edit): nothing can be proved unreferenced, so all is kept.
      }
    }
    throw error
  }
}
