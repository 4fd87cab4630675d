// An MCP server in the test's own process, linked to the host by the SDK's in-memory transport: what a
// TransportOpener returns for it, so the real connection manager drives a server the test defines inline.
import { InMemoryTransport } from '@modelcontextprotocol/server'
import type { McpServer, Transport } from '@modelcontextprotocol/server'
import type { OpenedTransport } from '../../src/main/core/mcp/transport-opener'
import type { ServerConfig } from '../../src/shared/settings/settings-schema'

export function openInProcess(
  server: McpServer,
  options: {
    /** Wraps the host's side of the link (e.g. to make some sends hang). */
    wrapClientSide?: (transport: Transport) => Transport
    /** Sees the server's side before it connects (e.g. to stamp what the server sends). */
    onServerSide?: (transport: InMemoryTransport) => void
  } = {},
): OpenedTransport {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  options.onServerSide?.(serverSide)
  void server.connect(serverSide)
  return {
    transport: options.wrapClientSide ? options.wrapClientSide(clientSide) : clientSide,
    explainFailure: () => undefined,
    stderrTail: () => '',
    ended: () => server.close(),
  }
}

/** The settings entry for a server the test's opener links in process (its command is never run). */
export function inProcessServerConfig(
  id: string,
  sampling: ServerConfig['sampling'],
  extra: Partial<Extract<ServerConfig, { transport: 'stdio' }>> = {},
): ServerConfig {
  return {
    id,
    name: id,
    enabled: true,
    sampling,
    transport: 'stdio',
    command: 'in-process',
    args: [],
    env: {},
    ...extra,
  }
}
