import type { RootsSettings } from '../settings/settings-schema'
import type { RootsListing, RootsTarget } from './roots-schema'

/**
 * The folders a target gets and where they come from: a server with its own list gets exactly that list
 * (even an empty one), any other server the default set. Shared so the window shows what servers are told.
 */
export function rootsListing(roots: RootsSettings, target: RootsTarget): RootsListing {
  if (target === '*') return { target, folders: [...roots.default], source: '*' }
  const own = Object.hasOwn(roots.servers, target) ? roots.servers[target] : undefined
  return own
    ? { target, folders: [...own], source: 'server' }
    : { target, folders: [...roots.default], source: 'default' }
}
