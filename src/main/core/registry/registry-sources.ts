import { IpcFailure } from '../../../shared/ipc/ipc-error'
import type { RegistrySource } from '../../../shared/settings/settings-schema'
import type { SettingsService } from '../config/settings-service'
import { isLoopbackHostname } from '../security/external-link-policy'

/**
 * A registry's URL as it is saved and compared: trimmed, without trailing slashes, query or fragment.
 * Refuses what is not https, except plain http to this computer (a local mirror, the test fixture).
 */
export function normalizeRegistryUrl(raw: string): string {
  let url: URL
  try {
    url = new URL(raw.trim())
  } catch {
    throw new IpcFailure('validation_failed', `"${raw.trim().slice(0, 200)}" is not a URL`)
  }
  if (url.username !== '' || url.password !== '') {
    throw new IpcFailure('validation_failed', 'a registry URL cannot carry a user name or password')
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHostname(url.hostname))) {
    throw new IpcFailure(
      'validation_failed',
      `a registry URL must use https (plain http only for this computer), not ${url.protocol}//${url.host}`,
    )
  }
  if (url.search !== '' || url.hash !== '') {
    throw new IpcFailure('validation_failed', 'a registry URL is its base address, without ? or #')
  }
  return `${url.protocol}//${url.host}${url.pathname}`.replace(/\/+$/, '')
}

/** Saves a registry (read fresh, under the settings lock); a URL saved already is refused. */
export function addRegistrySource(settings: SettingsService, raw: string, name?: string): RegistrySource {
  const url = normalizeRegistryUrl(raw)
  const source: RegistrySource = { url, name: name?.trim() || new URL(url).host }
  settings.update((draft) => {
    if (draft.registries.some((saved) => sameRegistry(saved.url, url))) {
      throw new IpcFailure('conflict', `${url} is saved already`)
    }
    draft.registries.push(source)
  })
  return source
}

/** Forgets a saved registry; one that is not saved is not_found. */
export function removeRegistrySource(settings: SettingsService, raw: string): RegistrySource {
  const url = raw.trim().replace(/\/+$/, '')
  let removed: RegistrySource | undefined
  settings.update((draft) => {
    const index = draft.registries.findIndex((saved) => sameRegistry(saved.url, url))
    if (index < 0) throw new IpcFailure('not_found', `no registry ${url} is saved`)
    removed = draft.registries.splice(index, 1)[0]
  })
  return removed!
}

export function sameRegistry(a: string, b: string): boolean {
  return a.trim().replace(/\/+$/, '') === b.trim().replace(/\/+$/, '')
}
