import type { RootsListing, RootsTarget } from '../../../shared/roots/roots-schema'
import type { RootsSettings } from '../../../shared/settings/settings-schema'
import type { SettingsView } from '../../../shared/settings/settings-view'
import type { Call } from '../ipc/client'
import { askHost, type HostAnswer } from '../app/host-answer'

export interface RootsActions {
  /** Shares a folder (an absolute path the host checks exists) with a server, or adds it to the default set. */
  grantRoot: (target: RootsTarget, folder: string) => Promise<HostAnswer<RootsListing>>
  revokeRoot: (target: RootsTarget, folder: string) => Promise<HostAnswer<RootsListing>>
  /** The server drops its own list and follows the default set again. */
  followDefaultRoots: (serverId: string) => Promise<HostAnswer<RootsListing>>
}

export interface RootsActionDeps {
  call: Call
  /** Applies a host answer that carries part of the settings (the full view follows with settings:changed). */
  setSettings: (update: (settings: SettingsView) => SettingsView) => void
}

/** `settings.roots` as the host's answer says it now is, so the list is right even before settings:changed. */
export function applyRootsListing(roots: RootsSettings, listing: RootsListing): RootsSettings {
  if (listing.source === '*') return { ...roots, default: [...listing.folders] }
  if (listing.source === 'server') {
    return { ...roots, servers: { ...roots.servers, [listing.target]: [...listing.folders] } }
  }
  const { [listing.target]: _followsDefault, ...servers } = roots.servers
  return { ...roots, servers }
}

/**
 * The folders servers may work in (MCP roots). Each answer is shown where it was asked (a path that does
 * not exist, a server that is gone), next to the field, so errors here never go to the window's error list.
 */
export function createRootsActions({ call, setSettings }: RootsActionDeps): RootsActions {
  const applied = async (request: () => Promise<RootsListing>): Promise<HostAnswer<RootsListing>> => {
    const answer = await askHost(request)
    if (answer.ok) {
      setSettings((settings) => ({ ...settings, roots: applyRootsListing(settings.roots, answer.value) }))
    }
    return answer
  }

  return {
    grantRoot: (target, folder) => applied(() => call('roots:grant', { target, folder })),
    revokeRoot: (target, folder) => applied(() => call('roots:revoke', { target, folder })),
    followDefaultRoots: (serverId) => applied(() => call('roots:use-default', { serverId })),
  }
}
