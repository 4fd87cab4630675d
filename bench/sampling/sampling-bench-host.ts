// The host side of the sampling benchmark: the real sampling engine, connection manager and provider
// service, one in-process MCP server that asks for sampling, and the mock OpenAI provider on loopback.
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
import type { TransportOpener } from '../../src/main/core/mcp/transport-opener'
import { ProviderService } from '../../src/main/core/models/provider-service'
import { createSamplingEngine } from '../../src/main/core/sampling/create-sampling-engine'
import { MemoryJsonDocument } from '../../test/doubles/memory-json-document'
import { MemorySecretStore } from '../../test/doubles/memory-secret-store'
import { startMockOpenAI, type MockOpenAI } from '../../test/fixtures/mock-openai'
import { timingFetch, type TimingProbe } from './timing-probe'
import { inProcessServerConfig, openInProcess } from '../../test/support/in-process-transport'

export const MODEL_REF = 'mock/mock-model'

export interface SamplingBenchHost {
  mock: MockOpenAI
  /** The in-process server; `.server.createMessage` asks the host. */
  server: McpServer
  /** The same ai-sdk model the host uses (same provider config and timing fetch), for the direct baseline. */
  directModel: LanguageModel
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
  })
  const engine = createSamplingEngine({
    settings,
    providers,
    auditDir,
    events: { stream: () => probe.mark('streamed') },
  })
  const server = new McpServer({ name: 'bench', version: '1.0.0' }, { capabilities: { tools: {} } })
  const opener: TransportOpener = () =>
    openInProcess(server, {
      onServerSide: (serverSide) => {
        const send = serverSide.send.bind(serverSide)
        serverSide.send = (message, options) => {
          if ('method' in message && message.method === 'sampling/createMessage') probe.mark('arrived')
          return send(message, options)
        }
      },
    })
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
  return {
    mock,
    server,
    directModel: providers.languageModel(MODEL_REF).model,
    close: async () => {
      engine.service.shutdown()
      await servers.shutdown()
      await mock.close()
      rmSync(auditDir, { recursive: true, force: true })
    },
  }
}
