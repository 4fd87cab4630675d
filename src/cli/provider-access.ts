import type { ProviderConfig } from '../shared/models/model-schema'
import { ProviderService } from '../main/core/models/provider-service'
import { openNodeProfile, type NodeProfile } from '../main/core/profile/open-node-profile'

export interface ProviderAccess {
  profile: NodeProfile
  providers: ProviderService
}

/** The profile at `home` and the same ProviderService the desktop app uses on it. */
export function openProviders(home: string): ProviderAccess {
  const profile = openNodeProfile(home)
  return { profile, providers: new ProviderService(profile.settings, profile.secrets) }
}

/**
 * The configured provider a command line names, by id in any case. An unknown id is an error listing the
 * configured ones, so the next attempt can be exact.
 */
export function findProvider(providers: ProviderService, query: string): ProviderConfig {
  const wanted = query.trim().toLowerCase()
  const configured = providers.list()
  const found = configured.find((provider) => provider.id === wanted)
  if (found) return found
  const known =
    configured.length > 0
      ? `configured ids: ${configured.map((provider) => provider.id).join(', ')}`
      : 'no providers are configured; add one with `mcp-desk providers add <preset>`'
  throw new Error(`no provider "${query}" (${known})`)
}
