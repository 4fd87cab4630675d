import { rootsListing } from '../../../src/shared/roots/effective-roots'
import type { RootsListing, RootsTarget } from '../../../src/shared/roots/roots-schema'
import type { IpcResult } from '../../../src/shared/ipc/ipc-error'
import type { RootsSettings } from '../../../src/shared/settings/settings-schema'

/**
 * The roots half of the fake host, with RootsService's rules: a server with its own list gets exactly it,
 * others the default set; granting on a server that follows the defaults starts its own list from them.
 * Folders are taken as given (the real host checks they exist).
 */
export class FakeRoots {
  readonly #get: () => RootsSettings
  readonly #set: (roots: RootsSettings) => void

  constructor(get: () => RootsSettings, set: (roots: RootsSettings) => void) {
    this.#get = get
    this.#set = set
  }

  list(target: RootsTarget): Promise<IpcResult<RootsListing>> {
    return ok(rootsListing(this.#get(), target))
  }

  grant(target: RootsTarget, folder: string): Promise<IpcResult<RootsListing>> {
    const current = rootsListing(this.#get(), target).folders
    return this.set(target, current.includes(folder) ? current : [...current, folder])
  }

  revoke(target: RootsTarget, folder: string): Promise<IpcResult<RootsListing>> {
    return this.set(
      target,
      rootsListing(this.#get(), target).folders.filter((existing) => existing !== folder),
    )
  }

  set(target: RootsTarget, folders: string[]): Promise<IpcResult<RootsListing>> {
    const roots = this.#get()
    this.#set(
      target === '*'
        ? { ...roots, default: folders }
        : { ...roots, servers: { ...roots.servers, [target]: folders } },
    )
    return this.list(target)
  }

  useDefault(serverId: string): Promise<IpcResult<RootsListing>> {
    const { [serverId]: _dropped, ...servers } = this.#get().servers
    this.#set({ ...this.#get(), servers })
    return this.list(serverId)
  }
}

function ok<T>(value: T): Promise<IpcResult<T>> {
  return Promise.resolve({ ok: true, value })
}
