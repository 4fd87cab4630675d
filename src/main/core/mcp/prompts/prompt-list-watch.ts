import type { Client } from '@modelcontextprotocol/client'
import type { ServerConfig } from '../../../../shared/settings/settings-schema'
import type { ClientFeature } from '../client-feature'
import { QuietPeriod } from './quiet-period'

export type PromptListChangedListener = (serverId: string, client: Client) => void

/**
 * Hears `notifications/prompts/list_changed` on every client. It is a client feature because handlers go on
 * a client before it connects, which is before the prompt service (built on the connection manager) exists;
 * the service subscribes here. Prompts need nothing declared: listing them is the server's capability.
 * Notifications are debounced per client as the SDK debounces tools (see QuietPeriod): listeners hear one
 * change per quiet period, however many notifications a server sends.
 */
export class PromptListWatch implements ClientFeature {
  readonly capabilities = {}
  readonly #listeners = new Set<PromptListChangedListener>()
  readonly #quiet: QuietPeriod<Client>

  constructor(quietMs?: number) {
    this.#quiet = new QuietPeriod(quietMs)
  }

  attach(client: Client, config: ServerConfig): void {
    const serverId = config.id
    client.setNotificationHandler('notifications/prompts/list_changed', () =>
      this.#quiet.poke(client, () => {
        for (const listener of this.#listeners) listener(serverId, client)
      }),
    )
  }

  subscribe(listener: PromptListChangedListener): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }
}
