import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import type { ServerFailure } from '../../../shared/mcp/server-state'
import type { McpLimits, ServerConfig } from '../../../shared/settings/settings-schema'

/** A transport plus what it can tell afterwards about why it ended. */
export interface OpenedTransport {
  transport: Transport
  /**
   * Why the transport failed or ended, when it knows better than the protocol error: a stdio server's exit
   * code, signal and stderr, a message over the size limit, a refused URL. Undefined when it has nothing.
   */
  explainFailure(error: unknown): ServerFailure | undefined
  /** The server's recent stderr (stdio); empty for remote servers. */
  stderrTail(): string
  /** Resolves once the underlying connection has fully ended (process reaped, streams closed). */
  ended(): Promise<void>
}

/**
 * Turns a server's config and its resolved env/header values into a transport. Injected into the
 * connection manager so tests can count or fake transports, and so the choice of transport stays in one
 * place (see default-transport-opener.ts).
 */
export type TransportOpener = (
  config: ServerConfig,
  values: Record<string, string>,
  limits: McpLimits,
) => OpenedTransport
