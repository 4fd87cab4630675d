import { isDeepStrictEqual } from 'node:util'
import type { Client, ListRootsResult } from '@modelcontextprotocol/client'
import { IpcFailure } from '../../../shared/ipc/ipc-error'
import { rootsListing } from '../../../shared/roots/effective-roots'
import type { RootsListing, RootsTarget } from '../../../shared/roots/roots-schema'
import type { ServerConfig, Settings } from '../../../shared/settings/settings-schema'
import type { SettingsService } from '../config/settings-service'
import type { ClientFeature } from '../mcp/client-feature'
import { existingFolder, normaliseFolder, toRoot } from './root-folder'

export interface RootsServiceDeps {
  settings: SettingsService
  log?: (line: string) => void
}

interface ClientScope {
  serverId: string
  client: Client
  /** The folders this server last received or was told about; only a difference is announced. */
  known: string[]
  /** `notifications/roots/list_changed` may only follow initialization; before it the server asks anyway. */
  initialized: boolean
}

/**
 * MCP roots: the folders the user granted, per server or by default, answered to `roots/list` as file://
 * URIs. Every change goes through settings, and every settings change (from here, the window or anything
 * else that updates settings in this process) is compared per connected server: only a server whose own
 * folders changed is sent `notifications/roots/list_changed` (a 2025 server; see #announce).
 */
export class RootsService implements ClientFeature {
  readonly capabilities = { roots: { listChanged: true } }
  readonly #deps: RootsServiceDeps
  readonly #scopes = new Map<Client, ClientScope>()
  readonly #unsubscribe: () => void

  constructor(deps: RootsServiceDeps) {
    this.#deps = deps
    this.#unsubscribe = deps.settings.subscribe((settings) => this.#announce(settings))
  }

  attach(client: Client, config: ServerConfig): void {
    const scope: ClientScope = {
      serverId: config.id,
      client,
      known: this.#foldersFor(this.#deps.settings.get(), config.id),
      initialized: false,
    }
    this.#scopes.set(client, scope)
    client.setRequestHandler('roots/list', () => this.#answer(scope))
  }

  /** Called once the server accepted initialize, just before `notifications/initialized` goes out. */
  onProtocolVersion(client: Client): void {
    const scope = this.#scopes.get(client)
    if (scope) scope.initialized = true
  }

  detach(client: Client): void {
    this.#scopes.delete(client)
  }

  list(target: RootsTarget): RootsListing {
    this.#requireTarget(target)
    return rootsListing(this.#deps.settings.get().roots, target)
  }

  /**
   * Adds a folder (absolute, existing, a directory). A server still following the default set gets its own
   * list: the defaults plus this folder, so granting one folder never takes the others away from it.
   */
  grant(target: RootsTarget, input: string): RootsListing {
    this.#requireTarget(target)
    const folder = existingFolder(input)
    return this.#write(target, (current) => (current.includes(folder) ? undefined : [...current, folder]))
  }

  /** Takes a folder away; for a server following the default set, only from that server. */
  revoke(target: RootsTarget, input: string): RootsListing {
    this.#requireTarget(target)
    const folder = normaliseFolder(input)
    return this.#write(target, (current) => {
      if (!current.includes(folder)) {
        throw new IpcFailure('not_found', `"${folder}" is not granted to ${describeTarget(target)}`)
      }
      return current.filter((granted) => granted !== folder)
    })
  }

  /**
   * Replaces the target's whole list. A folder new to the list must exist; one already granted is kept
   * even if it is gone from disk now, so re-saving a list does not fail over a folder the user removed.
   */
  set(target: RootsTarget, inputs: readonly string[]): RootsListing {
    this.#requireTarget(target)
    return this.#write(target, (current) => {
      const folders: string[] = []
      for (const input of inputs) {
        const normalised = normaliseFolder(input)
        const folder = current.includes(normalised) ? normalised : existingFolder(input)
        if (!folders.includes(folder)) folders.push(folder)
      }
      return folders
    })
  }

  /** The server drops its own list and follows the default set again. */
  useDefault(serverId: string): RootsListing {
    this.#requireTarget(serverId)
    if (Object.hasOwn(this.#deps.settings.get().roots.servers, serverId)) {
      this.#deps.settings.update((draft) => {
        delete draft.roots.servers[serverId]
      })
    }
    return this.list(serverId)
  }

  dispose(): void {
    this.#unsubscribe()
    this.#scopes.clear()
  }

  #answer(scope: ClientScope): ListRootsResult {
    const folders = this.#foldersFor(this.#deps.settings.get(), scope.serverId)
    scope.known = folders
    this.#deps.log?.(`${scope.serverId}: listed its roots (${folders.length})`)
    return { roots: folders.map(toRoot) }
  }

  #announce(settings: Settings): void {
    for (const scope of this.#scopes.values()) {
      const folders = this.#foldersFor(settings, scope.serverId)
      if (isDeepStrictEqual(folders, scope.known)) continue
      scope.known = folders
      if (!scope.initialized) continue
      // 2026-07-28 has no roots/list_changed: a server asks for roots inside each call that needs them
      // (an `input_required` round), so it always gets the folders as they are then.
      if (scope.client.getProtocolEra() === 'modern') continue
      this.#deps.log?.(`${scope.serverId}: roots changed, sending roots/list_changed`)
      scope.client.sendRootsListChanged().catch((error: unknown) => {
        // The connection may be closing; the server asks again when it reconnects.
        this.#deps.log?.(`${scope.serverId}: roots/list_changed not sent: ${(error as Error).message}`)
      })
    }
  }

  #foldersFor(settings: Settings, serverId: string): string[] {
    return rootsListing(settings.roots, serverId).folders
  }

  /**
   * `compute` gets the target's folders as settings.json holds them now (another process may have granted
   * one since this one read them) and returns the new list, or undefined to leave it as it is.
   */
  #write(target: RootsTarget, compute: (current: string[]) => string[] | undefined): RootsListing {
    const next = this.#deps.settings.update((draft) => {
      if (target !== '*' && !draft.servers.some((server) => server.id === target)) {
        throw new IpcFailure('not_found', `no server with id "${target}"`)
      }
      const folders = compute(rootsListing(draft.roots, target).folders)
      if (folders === undefined) return
      if (target === '*') draft.roots.default = folders
      else draft.roots.servers[target] = folders
    })
    return rootsListing(next.roots, target)
  }

  #requireTarget(target: RootsTarget): void {
    if (target === '*') return
    if (!this.#deps.settings.get().servers.some((server) => server.id === target)) {
      throw new IpcFailure('not_found', `no server with id "${target}"`)
    }
  }
}

function describeTarget(target: RootsTarget): string {
  return target === '*' ? 'the default set' : `server "${target}"`
}
