import type { Client } from '@modelcontextprotocol/client'
import type { ServerConfig } from '../../../../shared/settings/settings-schema'
import type { ClientFeature } from '../client-feature'
import { QuietPeriod } from '../prompts/quiet-period'

export type ResourceNotice =
  | { kind: 'list_changed'; serverId: string; client: Client }
  | { kind: 'updated'; serverId: string; client: Client; uri: string }

/**
 * Hears `notifications/resources/list_changed` and `notifications/resources/updated` on every client. A
 * client feature because handlers go on a client before it connects, before the resource service (built
 * on the connection manager) exists; the service subscribes here. Nothing needs declaring for resources.
 * list_changed is debounced per client (see QuietPeriod): one notice per quiet period. `updated` is passed
 * on as it comes; the service drops those for URIs nobody follows.
 */
export class ResourceWatch implements ClientFeature {
  readonly capabilities = {}
  readonly #listeners = new Set<(notice: ResourceNotice) => void>()
  readonly #quiet: QuietPeriod<Client>

  constructor(quietMs?: number) {
    this.#quiet = new QuietPeriod(quietMs)
  }

  attach(client: Client, config: ServerConfig): void {
    const serverId = config.id
    client.setNotificationHandler('notifications/resources/list_changed', () =>
      this.#quiet.poke(client, () => this.#emit({ kind: 'list_changed', serverId, client })),
    )
    client.setNotificationHandler('notifications/resources/updated', (notification) =>
      this.#emit({ kind: 'updated', serverId, client, uri: notification.params.uri }),
    )
  }

  subscribe(listener: (notice: ResourceNotice) => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  #emit(notice: ResourceNotice): void {
    for (const listener of this.#listeners) listener(notice)
  }
}
