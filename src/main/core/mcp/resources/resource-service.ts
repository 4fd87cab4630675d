import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/client'
import type { RequestOptions, Resource, ResourceTemplateType } from '@modelcontextprotocol/client'
import { IpcFailure } from '../../../../shared/ipc/ipc-error'
import type { Completion, PromptArgumentValues } from '../../../../shared/mcp/prompts'
import type {
  ResourceInfo,
  ResourceList,
  ResourceReadResult,
  ResourcesChangedEvent,
  ResourceTemplateFill,
  ResourceTemplateInfo,
  ResourceUpdatedEvent,
} from '../../../../shared/mcp/resources'
import { requestCompletion } from '../prompts/completion'
import {
  connectedServer,
  connectedServers,
  isCurrentClient,
  serverRequestFailure,
  type ConnectedServer,
  type ServerDirectory,
} from '../prompts/connected-server'
import { listAllPages } from '../prompts/list-pages'
import { ListCache, type Listed } from '../prompts/list-cache'
import { shorterTtl, ttlOf } from '../discovery/list-freshness'
import { failureOf } from '../prompts/prompt-service'
import { toResourceContents } from './resource-contents'
import { ResourceSubscriptions } from './resource-subscriptions'
import type { ResourceNotice, ResourceWatch } from './resource-watch'
import { expandTemplate, templateVariables } from './uri-templates'

export interface ResourceServiceDeps {
  servers: ServerDirectory
  /** Where list_changed and updated notifications arrive; without it (the CLI) nothing is followed. */
  watch?: ResourceWatch
  log?: (line: string) => void
  /** Each request's timeout; default 30 s. */
  requestTimeoutMs?: number
}

interface ServerCatalog {
  resources: Resource[]
  templates: ResourceTemplateType[]
}

const DEFAULT_TIMEOUT_MS = 30_000

/**
 * The resources of connected servers: listing resources and templates for the browser, reading one in
 * attachment form (under size limits), following changes to attached ones (resources/subscribe), and
 * suggesting template values. A server's lists are kept per connection while fresh (see ListCache): until
 * it announces a change, no longer than the TTL of the staler of the two.
 */
export class ResourceService {
  readonly #deps: ResourceServiceDeps
  readonly #cache = new ListCache<ServerCatalog>()
  readonly #updatedListeners = new Set<(event: ResourceUpdatedEvent) => void>()
  readonly #changedListeners = new Set<(event: ResourcesChangedEvent) => void>()
  readonly #subscriptions: ResourceSubscriptions
  readonly #unwatch: () => void

  constructor(deps: ResourceServiceDeps) {
    this.#deps = deps
    this.#subscriptions = new ResourceSubscriptions(
      deps.servers,
      () => this.#options(),
      (line) => deps.log?.(line),
    )
    this.#unwatch = deps.watch?.subscribe((notice) => this.#onNotice(notice)) ?? (() => {})
  }

  /** One server's resources and templates (its failure throws), or every connected server's. */
  async list(serverId?: string): Promise<ResourceList> {
    if (serverId !== undefined) {
      const server = connectedServer(this.#deps.servers, serverId)
      return { ...toInfos(server, await this.#catalogOf(server)), failures: [] }
    }
    const list: ResourceList = { resources: [], templates: [], failures: [] }
    const results = await Promise.all(
      connectedServers(this.#deps.servers).map(async (server) => {
        try {
          return toInfos(server, await this.#catalogOf(server))
        } catch (error) {
          return failureOf(server, error)
        }
      }),
    )
    for (const result of results) {
      if ('reason' in result) {
        list.failures.push(result)
      } else {
        list.resources.push(...result.resources)
        list.templates.push(...result.templates)
      }
    }
    return list
  }

  /** Reads a resource into attachment form; over the text or binary limit is an error naming both sizes. */
  async read(serverId: string, uri: string): Promise<ResourceReadResult> {
    const server = connectedServer(this.#deps.servers, serverId)
    requireResources(server)
    let result
    try {
      result = await server.client.readResource({ uri }, this.#options())
    } catch (error) {
      throw serverRequestFailure(server, `read ${uri}`, error)
    }
    return {
      serverId: server.id,
      serverName: server.name,
      uri,
      contents: toResourceContents(`resource ${uri} from server "${server.name}"`, result.contents),
    }
  }

  /** Reads the resource a template names once filled in with these values. */
  async readTemplate(serverId: string, fill: ResourceTemplateFill): Promise<ResourceReadResult> {
    return await this.read(serverId, expandTemplate(fill.uriTemplate, fill.variables))
  }

  /** Suggested values for one variable of a template; empty when the server offers no completions. */
  async completeTemplate(
    serverId: string,
    uriTemplate: string,
    variable: string,
    value: string,
    context?: PromptArgumentValues,
  ): Promise<Completion> {
    const server = connectedServer(this.#deps.servers, serverId)
    return await requestCompletion(
      server,
      { type: 'ref/resource', uri: uriTemplate },
      { name: variable, value },
      context,
      this.#options(),
    )
  }

  /** Follows a resource: its updates reach `onUpdated` listeners, also after the server reconnects. */
  subscribe(serverId: string, uri: string): Promise<void> {
    return this.#subscriptions.subscribe(serverId, uri)
  }

  unsubscribe(serverId: string, uri: string): Promise<void> {
    return this.#subscriptions.unsubscribe(serverId, uri)
  }

  followed(serverId: string): string[] {
    return this.#subscriptions.followed(serverId)
  }

  onUpdated(listener: (event: ResourceUpdatedEvent) => void): () => void {
    this.#updatedListeners.add(listener)
    return () => this.#updatedListeners.delete(listener)
  }

  /** A server's resource list changed; its new list is already being fetched. */
  onListChanged(listener: (event: ResourcesChangedEvent) => void): () => void {
    this.#changedListeners.add(listener)
    return () => this.#changedListeners.delete(listener)
  }

  dispose(): void {
    this.#unwatch()
    this.#subscriptions.dispose()
    this.#updatedListeners.clear()
    this.#changedListeners.clear()
  }

  #catalogOf(server: ConnectedServer): Promise<ServerCatalog> {
    const capability = server.capabilities.resources
    if (capability === undefined) return Promise.resolve({ resources: [], templates: [] })
    return this.#cache.get(server.client, capability.listChanged === true, () => this.#fetch(server))
  }

  async #fetch(server: ConnectedServer): Promise<Listed<ServerCatalog>> {
    const { client } = server
    let ttlMs: number | undefined
    // Our cache decided these lists are needed afresh; the SDK's own copies are refreshed, not served.
    const options = { ...this.#options(), cacheMode: 'refresh' as const }
    const [resources, templates] = await Promise.all([
      listAllPages(`server "${server.name}"'s resource list`, async (cursor) => {
        try {
          const page = await client.listResources(cursor === undefined ? undefined : { cursor }, options)
          ttlMs = shorterTtl(ttlMs, ttlOf(page))
          return { items: page.resources, nextCursor: page.nextCursor }
        } catch (error) {
          throw serverRequestFailure(server, 'list its resources', error)
        }
      }),
      listAllPages(`server "${server.name}"'s resource template list`, async (cursor) => {
        try {
          const page = await client.listResourceTemplates(
            cursor === undefined ? undefined : { cursor },
            options,
          )
          ttlMs = shorterTtl(ttlMs, ttlOf(page))
          return { items: page.resourceTemplates, nextCursor: page.nextCursor }
        } catch (error) {
          // Templates are optional: a server with plain resources may not implement the method at all.
          if (error instanceof ProtocolError && error.code === (ProtocolErrorCode.MethodNotFound as number))
            return { items: [] }
          throw serverRequestFailure(server, 'list its resource templates', error)
        }
      }),
    ])
    return { value: { resources, templates }, ttlMs }
  }

  #onNotice(notice: ResourceNotice): void {
    if (!isCurrentClient(this.#deps.servers, notice.serverId, notice.client)) return
    if (notice.kind === 'updated') {
      // Only what the user follows: a server may send updates for anything, as often as it likes.
      if (!this.#subscriptions.isFollowed(notice.serverId, notice.uri)) return
      const event = { serverId: notice.serverId, uri: notice.uri }
      for (const listener of this.#updatedListeners) listener(event)
      return
    }
    this.#cache.forget(notice.client)
    let server: ConnectedServer
    try {
      server = connectedServer(this.#deps.servers, notice.serverId)
    } catch {
      return
    }
    if (server.capabilities.resources?.listChanged === true) {
      this.#cache
        .fetch(server.client, true, () => this.#fetch(server))
        .catch((error: unknown) =>
          this.#deps.log?.(
            `MCP server ${server.name}: re-listing resources failed: ${error instanceof Error ? error.message : String(error)}`,
          ),
        )
    }
    for (const listener of this.#changedListeners) listener({ serverId: notice.serverId })
  }

  #options(): RequestOptions {
    return { timeout: this.#deps.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS }
  }
}

function requireResources(server: ConnectedServer): void {
  if (server.capabilities.resources === undefined) {
    throw new IpcFailure('unavailable', `server "${server.name}" offers no resources`)
  }
}

function toInfos(
  server: ConnectedServer,
  catalog: ServerCatalog,
): { resources: ResourceInfo[]; templates: ResourceTemplateInfo[] } {
  const subscribable = server.capabilities.resources?.subscribe === true
  const completions = server.capabilities.completions !== undefined
  const base = { serverId: server.id, serverName: server.name }
  return {
    resources: catalog.resources.map((resource) => ({
      ...base,
      uri: resource.uri,
      name: resource.name,
      ...optional('title', resource.title),
      ...optional('description', resource.description),
      ...optional('mimeType', resource.mimeType),
      ...(typeof resource.size === 'number' && resource.size >= 0 ? { size: resource.size } : {}),
      subscribable,
    })),
    templates: catalog.templates.map((template) => ({
      ...base,
      uriTemplate: template.uriTemplate,
      variables: templateVariables(template.uriTemplate),
      name: template.name,
      ...optional('title', template.title),
      ...optional('description', template.description),
      ...optional('mimeType', template.mimeType),
      completions,
    })),
  }
}

function optional<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, string>)
}
