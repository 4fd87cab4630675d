// A real composed host (dispatcher, events, chat engine, sampling, connection manager) over a temp home,
// with MCP servers running in-process behind InMemoryTransport and the real mock OpenAI provider. Tests
// drive it through the IPC contract, as the window does.
import { McpServer } from '@modelcontextprotocol/server'
import type { Transport } from '@modelcontextprotocol/server'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { composeHost, type ComposedHost } from '../../../../src/main/core/compose-host'
import { SettingsService } from '../../../../src/main/core/config/settings-service'
import { defaultTransportOpener } from '../../../../src/main/core/mcp/default-transport-opener'
import type { TransportOpener } from '../../../../src/main/core/mcp/transport-opener'
import type {
  EventChannel,
  EventOf,
  RequestChannel,
  RequestOf,
  ResponseOf,
} from '../../../../src/shared/ipc/contract'
import type { ModelInput } from '../../../../src/shared/models/provider-input'
import type { ServerState } from '../../../../src/shared/mcp/server-state'
import type { ServerConfig } from '../../../../src/shared/settings/settings-schema'
import { MemoryJsonDocument } from '../../../doubles/memory-json-document'
import { MemorySecretStore } from '../../../doubles/memory-secret-store'
import { startMockOpenAI, type MockOpenAI } from '../../../fixtures/mock-openai'
import { callHost, recordHostEvents } from '../../../support/host-event-log'
import { inProcessServerConfig, openInProcess } from '../../../support/in-process-transport'

export interface InProcessServer {
  id: string
  /** Declares tools etc. on the server; the capabilities passed to its constructor. */
  setup: (server: McpServer) => void
  capabilities?: ConstructorParameters<typeof McpServer>[1]
  /** The server's sampling policy; deny by default. */
  sampling?: ServerConfig['sampling']
  /** Wraps the client side of the link, e.g. to make some sends hang. */
  wrapTransport?: (transport: Transport) => Transport
  /** A real server process instead (e.g. a 2026-era fixture over stdio); `setup` is then unused. */
  stdio?: Partial<Extract<ServerConfig, { transport: 'stdio' }>>
}

export interface ChatHostHarness {
  composed: ComposedHost
  mock: MockOpenAI
  home: string
  logs: string[]
  call<C extends RequestChannel>(channel: C, request: RequestOf<C>): Promise<ResponseOf<C>>
  /** Every event of this kind so far, in order. */
  events<E extends EventChannel>(event: E): Array<EventOf<E>>
  /** Resolves with the first event (already seen or future) that matches. */
  waitFor<E extends EventChannel>(event: E, match: (payload: EventOf<E>) => boolean): Promise<EventOf<E>>
  close(): Promise<void>
}

export async function startChatHost(options: {
  servers: InProcessServer[]
  toolCallTimeoutMs?: number
  /** The mock model's capabilities (text only by default). */
  modelCapabilities?: NonNullable<ModelInput['capabilities']>
}): Promise<ChatHostHarness> {
  const mock = await startMockOpenAI()
  const home = mkdtempSync(join(tmpdir(), 'mcp-desk-chat-host-'))
  const settings = new SettingsService(new MemoryJsonDocument())
  settings.update((draft) => {
    for (const s of options.servers) {
      draft.servers.push(inProcessServerConfig(s.id, s.sampling ?? 'deny', s.stdio))
    }
  })
  const opener: TransportOpener = (config, values, limits) => {
    if (config.transport === 'stdio' && config.command !== 'in-process') {
      return defaultTransportOpener(config, values, limits)
    }
    const spec = options.servers.find((s) => s.id === config.id)
    if (!spec) throw new Error(`no in-process server ${config.id}`)
    const server = new McpServer({ name: config.id, version: '1.0.0' }, spec.capabilities ?? {})
    spec.setup(server)
    return openInProcess(server, spec.wrapTransport ? { wrapClientSide: spec.wrapTransport } : {})
  }
  const logs: string[] = []
  const composed = composeHost({
    settings,
    secrets: new MemorySecretStore(),
    info: { name: 'MCP Desk', version: '0.0.0-test', mode: 'web', platform: 'linux', home },
    log: (message, error) =>
      logs.push(
        error === undefined
          ? message
          : `${message}: ${error instanceof Error ? error.message : JSON.stringify(error)}`,
      ),
    opener,
    ...(options.toolCallTimeoutMs === undefined ? {} : { toolCallTimeoutMs: options.toolCallTimeoutMs }),
  })
  const provider = composed.providers.add({
    preset: 'custom',
    baseUrl: mock.url,
    apiKey: { value: 'test-key' },
  })
  composed.providers.saveModel(provider.id, {
    id: 'mock-model',
    ...(options.modelCapabilities ? { capabilities: options.modelCapabilities } : {}),
  })
  composed.providers.setDefault(`${provider.id}/mock-model`)
  await composed.servers.start()

  const log = recordHostEvents(composed.host)

  return {
    composed,
    mock,
    home,
    logs,
    call: (channel, request) => callHost(composed.host, channel, request),
    events: log.events,
    waitFor: (event, match) => log.waitFor(event, match),
    async close() {
      await composed.shutdown()
      await mock.close()
      rmSync(home, { recursive: true, force: true })
    },
  }
}

/**
 * The server's state once `holds` is true of it. Connecting may finish before the harness records events,
 * so the list answers then; otherwise the next matching `servers:changed` does.
 */
export async function serverWhen(
  h: ChatHostHarness,
  id: string,
  holds: (server: ServerState) => boolean,
): Promise<ServerState> {
  const find = (servers: readonly ServerState[]) => servers.find((s) => s.id === id && holds(s))
  const changed = h.waitFor('servers:changed', (event) => find(event.servers) !== undefined)
  return find((await h.call('servers:list', {})).servers) ?? find((await changed).servers)!
}
