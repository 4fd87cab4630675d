import type { Client, ClientCapabilities } from '@modelcontextprotocol/client'
import type { ServerConfig } from '../../../shared/settings/settings-schema'
import type { RequestScreen } from './request-screen'
import type { ServerConnectionDeps } from './server-connection'

/**
 * Something the host offers every server it connects to (sampling, elicitation, roots): the capabilities it
 * declares at initialize and the handlers it puts on each client before connecting. Each feature keeps its
 * own per-client state and drops it in `detach`, which runs however the client closed.
 */
export interface ClientFeature {
  capabilities: ClientCapabilities
  attach(client: Client, config: ServerConfig): void
  detach?(client: Client): void
  /** The protocol version the server agreed to, for features whose answers depend on it. */
  onProtocolVersion?(client: Client, version: string): void
  /** Answers a request before the SDK parses it (see RequestScreen), or `undefined`. */
  screenRequest?: RequestScreen
}

type ClientHooks = Pick<
  ServerConnectionDeps,
  'clientCapabilities' | 'configureClient' | 'releaseClient' | 'onProtocolVersion' | 'screenRequest'
>

/** One declaration and one set of hooks for all features; capabilities are merged key by key. */
export function combineClientFeatures(
  base: ClientCapabilities,
  features: readonly ClientFeature[],
): ClientHooks {
  const capabilities: ClientCapabilities = { ...base }
  for (const feature of features) {
    for (const [key, value] of Object.entries(feature.capabilities)) {
      const existing = (capabilities as Record<string, unknown>)[key]
      ;(capabilities as Record<string, unknown>)[key] =
        isObject(existing) && isObject(value) ? { ...existing, ...value } : value
    }
  }
  return {
    clientCapabilities: capabilities,
    configureClient: (client, config) => {
      for (const feature of features) feature.attach(client, config)
    },
    releaseClient: (client) => {
      for (const feature of features) feature.detach?.(client)
    },
    onProtocolVersion: (client, version) => {
      for (const feature of features) feature.onProtocolVersion?.(client, version)
    },
    screenRequest: (client, request) => {
      for (const feature of features) {
        const answer = feature.screenRequest?.(client, request)
        if (answer !== undefined) return answer
      }
      return undefined
    },
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
