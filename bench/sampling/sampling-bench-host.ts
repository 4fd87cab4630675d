// The host side of the sampling benchmark: the real sampling engine, connection manager and provider
// service, two in-process MCP servers that ask for sampling (a 2025 one that sends createMessage, and a
// 2026-07-28 one whose tool answers `input_required`, mrtr-bench-server.ts), and the mock OpenAI provider
// on loopback.
// The server is linked to the host's client by the SDK's in-memory transport, whose send hands the message
// to the other side synchronously: stamping the server's send of a createMessage stamps its arrival at the
// host, so the pipe between them costs nothing and what is measured is the host.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { McpServer } from '@modelcontextprotocol/server'
import type { LanguageModel } from 'ai'
import { SettingsService } from '../../src/main/core/config/settings-service'
import { createServerManager } from '../../src/main/core/mcp/create-server-manager'
import { MODERN_PROTOCOL_VERSION } from '../../src/main/core/mcp/protocol-era'
import type { ServerConnection } from '../../src/main/core/mcp/server-connection'
import type { TransportOpener } from '../../src/main/core/mcp/transport-opener'
import { ProviderService } from '../../src/main/core/models/provider-service'
import { createSamplingEngine } from '../../src/main/core/sampling/create-sampling-engine'
import { MemoryJsonDocument } from '../../test/doubles/memory-json-document'
import { MemorySecretStore } from '../../test/doubles/memory-secret-store'
import { startMockOpenAI, type MockOpenAI } from '../../test/fixtures/mock-openai'
import { timingFetch, type TimingProbe } from './timing-probe'
import { inProcessServerConfig, openInProcess } from '../../test/support/in-process-transport'
import { linkMrtrBenchServer } from './mrtr-bench-server'

export const MODEL_REF = 'mock/mock-model'
const MRTR_SERVER_ID = 'bench-mrtr'

export interface SamplingBenchHost {
  mock: MockOpenAI
  /** The in-process server; `.server.createMessage` asks the host. */
  server: McpServer
  /** The same ai-sdk model the host uses (same provider config and timing fetch), for the direct baseline. */
  directModel: LanguageModel
  /** The host's connection to the 2026-07-28 server (protocol `auto`, negotiated 2026-07-28). */
  mrtr: ServerConnection
  close(): Promise<void>
}

export async function startSamplingBenchHost(probe: TimingProbe, marker: string): Promise<SamplingBenchHost> {
  const mock = await startMockOpenAI({ models: ['mock-model'] })
  const auditDir = mkdtempSync(join(tmpdir(), 'bench-sampling-audit-'))
  const settings = new SettingsService(new MemoryJsonDocument())
  const secrets = new MemorySecretStore()
  const providers = new ProviderService(settings, secrets, { fetch: timingFetch(probe, marker) })
  providers.add({
    preset: 'custom',
    id: 'mock',
    name: 'Mock',
    baseUrl: mock.url,
    apiKey: { value: 'sk-bench' },
  })
  providers.saveModel('mock', { id: 'mock-model' })
  providers.setDefault(MODEL_REF)
  settings.update((draft) => {
    // The default 30 a minute would refuse a benchmark; 10 000 is the most settings allow.
    draft.sampling.maxPerMinutePerServer = 10_000
    draft.servers.push(inProcessServerConfig('bench', 'allow'))
    // No `protocol`: the default `auto` negotiation users get, which must settle on 2026-07-28.
    draft.servers.push(inProcessServerConfig(MRTR_SERVER_ID, 'allow'))
  })
  const engine = createSamplingEngine({
    settings,
    providers,
    auditDir,
    events: { stream: () => probe.mark('streamed') },
  })
  const server = new McpServer({ name: 'bench', version: '1.0.0' }, { capabilities: { tools: {} } })
  const opener: TransportOpener = (config) => {
    if (config.id === MRTR_SERVER_ID) {
      const linked = linkMrtrBenchServer(probe)
      return {
        transport: linked.clientSide,
        explainFailure: () => undefined,
        stderrTail: () => '',
        ended: () => linked.close(),
      }
    }
    return openInProcess(server, {
      onServerSide: (serverSide) => {
        const send = serverSide.send.bind(serverSide)
        serverSide.send = (message, options) => {
          if ('method' in message && message.method === 'sampling/createMessage') probe.mark('arrived')
          return send(message, options)
        }
      },
    })
  }
  const { servers } = createServerManager({
    settings,
    secrets,
    log: () => undefined,
    opener,
    sampling: engine.service,
  })
  await servers.start()
  const state = servers.get('bench')
  if (state.status !== 'connected') throw new Error(`the bench server did not connect: ${state.status}`)
  const mrtrState = servers.get(MRTR_SERVER_ID)
  if (mrtrState.status !== 'connected' || mrtrState.protocolVersion !== MODERN_PROTOCOL_VERSION) {
    throw new Error(
      `the MRTR server is ${mrtrState.status}, protocol ${mrtrState.protocolVersion ?? 'none'}, ` +
        `not connected on ${MODERN_PROTOCOL_VERSION}`,
    )
  }
  return {
    mock,
    server,
    directModel: providers.languageModel(MODEL_REF).model,
    mrtr: servers.connection(MRTR_SERVER_ID),
    close: async () => {
      engine.service.shutdown()
      await servers.shutdown()
      await mock.close()
      rmSync(auditDir, { recursive: true, force: true })
    },
  }
}
