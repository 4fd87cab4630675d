import type { Transport } from '@modelcontextprotocol/client'
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
  /**
   * A process that may take long to say anything (stdio: a first `npx -y` downloads the server). The
   * connection shows it as `starting` and waits up to the stdio start-up time for `spoke`, and only then
   * starts the handshake's own budget. Absent for remote servers, whose connect has one budget.
   */
  startup?: TransportStartup
}

export interface TransportStartup {
  /** Resolves when the server first writes to its stdout (never rejects; a process that dies never does). */
  spoke: Promise<void>
  /** Calls `listener` whenever the server writes to stderr (its progress while starting); returns an off. */
  onStderr(listener: () => void): () => void
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
