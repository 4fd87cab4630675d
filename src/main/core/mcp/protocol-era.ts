// Which protocol era each server is spoken to in (issue 20). A 2026-07-28 server is stateless: the client
// asks `server/discover` and sends protocol version, client info and capabilities with every request; a 2025
// server gets the `initialize` handshake. The SDK negotiates (`versionNegotiation: auto`): on its own stdio
// transport it probes on a throwaway second copy of the server, but ours is a custom transport, so the
// probe runs on the one process (a test counts spawns). The only server that costs a second spawn is one
// that exits on the unknown `server/discover` (some 2025 SDKs do): it is started again with the handshake,
// and remembered, so later connects go straight to it.
import {
  SdkError,
  SdkErrorCode,
  type ConnectOptions,
  type VersionNegotiationOptions,
} from '@modelcontextprotocol/client'
import type { McpLimits, ServerConfig, ServerProtocol } from '../../../shared/settings/settings-schema'

export const MODERN_PROTOCOL_VERSION = '2026-07-28'

export function protocolOf(config: ServerConfig): ServerProtocol {
  // The legacy HTTP+SSE transport (2024-11-05) predates both eras' negotiation.
  if (config.transport === 'sse') return '2025-11-25'
  return config.protocol ?? 'auto'
}

/**
 * The negotiation a server's client uses: its setting. `server/discover` may go unanswered for the
 * handshake's budget (`connectTimeoutMs`). On a local pipe silence means a 2025 server that ignores unknown
 * requests, and the handshake follows; a stdio server still starting (a first `npx -y` download) may also
 * be taken for one, which costs nothing: every server that speaks 2026 today speaks 2025 too, and the next
 * connect asks again. A remote server's silence is an outage (the SDK fails the connect).
 */
export function negotiationFor(config: ServerConfig, limits: McpLimits): VersionNegotiationOptions {
  return versionNegotiationFor(protocolOf(config), limits.connectTimeoutMs)
}

/** The client's negotiation for a protocol setting. */
function versionNegotiationFor(protocol: ServerProtocol, probeTimeout: number): VersionNegotiationOptions {
  switch (protocol) {
    case 'auto':
      return { mode: 'auto', probe: { timeoutMs: probeTimeout } }
    case '2026-07-28':
      return { mode: { pin: MODERN_PROTOCOL_VERSION } }
    case '2025-11-25':
      return { mode: 'legacy' }
  }
}

/** The probe ended with the server's process: a 2025 server that exits on requests before `initialize`. */
export function closedDuringProbe(error: unknown): boolean {
  return (
    error instanceof SdkError &&
    error.code === SdkErrorCode.EraNegotiationFailed &&
    /closed during the server\/discover probe/.test(error.message)
  )
}

/**
 * Servers known to exit on the probe, for the life of the host, keyed by what would start them (a changed
 * command is probed again): they are connected with the handshake at once.
 */
export class ProbeIntolerantServers {
  readonly #known = new Set<string>()

  has(config: ServerConfig): boolean {
    return this.#known.has(keyOf(config))
  }

  add(config: ServerConfig): void {
    this.#known.add(keyOf(config))
  }
}

function keyOf(config: ServerConfig): string {
  const start = config.transport === 'stdio' ? [config.command, ...config.args] : [config.url]
  return JSON.stringify([config.id, ...start])
}

/** `connect` options for a server: the handshake at once (`prior: legacy`) when it cannot be probed. */
export function connectOptionsFor(legacyAtOnce: boolean, options: ConnectOptions): ConnectOptions {
  return legacyAtOnce ? { ...options, prior: { kind: 'legacy' } } : options
}
