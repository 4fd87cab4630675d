// What a ServerConnection is given (kept apart from server-connection.ts, which stays under its size limit).
import type { Client, ClientOptions, Implementation } from '@modelcontextprotocol/client'
import type { ServerAuthState } from '../../../shared/mcp/server-state'
import type { McpLimits, ServerConfig } from '../../../shared/settings/settings-schema'
import type { ApprovedToolsStore } from './discovery/approved-tools-store'
import type { ProbeIntolerantServers } from './protocol-era'
import type { RequestScreen } from './request-screen'
import type { TransportOpener } from './transport-opener'

export interface ServerConnectionDeps {
  opener: TransportOpener
  resolveValues: (config: ServerConfig) => Record<string, string>
  limits: () => McpLimits
  clientInfo: Implementation
  /** Capabilities and handlers later features add to every client (sampling, roots, elicitation). */
  configureClient?: (client: Client, config: ServerConfig) => void
  /** Called once a client configured above is closed, however that happened (so its work is cancelled). */
  releaseClient?: (client: Client) => void
  /** The protocol version the server agreed to (the SDK keeps it to itself; the transport hears it). */
  onProtocolVersion?: (client: Client, version: string) => void
  clientCapabilities?: ClientOptions['capabilities']
  /** Answers some server requests before the SDK handles them (a flood the host refuses anyway). */
  screenRequest?: RequestScreen
  onChange: () => void
  log: (line: string) => void
  now?: () => Date
  /** OAuth state of a remote server (signed in, waiting for the browser…); absent when it never asked. */
  authState?: (serverId: string) => ServerAuthState | undefined
  /** The profile's approved tool definitions (the rug-pull guard); in memory when absent (tests). */
  approvedTools?: ApprovedToolsStore
  /** Servers that exit on the era probe (shared by all connections); this connection's own when absent. */
  probeIntolerant?: ProbeIntolerantServers
}
