import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { McpServer } from '@modelcontextprotocol/server'
import { SettingsService } from '../../../../src/main/core/config/settings-service'
import type { ConnectionManager } from '../../../../src/main/core/mcp/connection-manager'
import { createServerManager } from '../../../../src/main/core/mcp/create-server-manager'
import type { TransportOpener } from '../../../../src/main/core/mcp/transport-opener'
import { defaultTransportOpener } from '../../../../src/main/core/mcp/default-transport-opener'
import { ProviderService } from '../../../../src/main/core/models/provider-service'
import {
  createSamplingEngine,
  type SamplingEngine,
} from '../../../../src/main/core/sampling/create-sampling-engine'
import type { SamplingPolicy } from '../../../../src/shared/settings/settings-schema'
import { startMockOpenAI, type MockOpenAI } from '../../../fixtures/mock-openai'
import { MemoryJsonDocument } from '../../../doubles/memory-json-document'
import { MemorySecretStore } from '../../../doubles/memory-secret-store'
import { inProcessServerConfig, openInProcess } from '../../../support/in-process-transport'

export interface SamplingHarness {
  mock: MockOpenAI
  settings: SettingsService
  providers: ProviderService
  engine: SamplingEngine
  servers: ConnectionManager
  /** The in-process MCP server for id; it asks the host for sampling through `.server.createMessage`. */
  server(id: string): McpServer
  streamed: Array<{ id: string; delta: string; chunks: number; chars: number }>
  close(): Promise<void>
}

export interface HarnessOptions {
  servers: Array<{
    id: string
    policy: SamplingPolicy
    samplingModels?: string[]
    setup?: (server: McpServer) => void
    /** A real server process instead of an in-process one (e.g. a 2026-era fixture over stdio). */
    stdio?: { command: string; args: string[] }
    /** A real remote server instead (e.g. the stateless 2026-era fixture over Streamable HTTP). */
    http?: { url: string; protocol?: '2026-07-28' }
  }>
  chunkTimeoutMs?: number
  ruleset?: Record<string, 'allow' | 'ask' | 'deny'>
}

/**
 * The real sampling engine, connection manager and provider service, with in-process MCP servers (linked
 * in-memory transports, so tests can send sampling requests from the server side) and the mock provider.
 */
export async function startSamplingHarness(options: HarnessOptions): Promise<SamplingHarness> {
  const mock = await startMockOpenAI({ models: ['mock-large', 'mock-mini'] })
  const auditDir = mkdtempSync(join(tmpdir(), 'sampling-audit-'))
  const settings = new SettingsService(new MemoryJsonDocument())
  const secrets = new MemorySecretStore()
  const providers = new ProviderService(settings, secrets)
  providers.add({
    preset: 'custom',
    id: 'mock',
    name: 'Mock',
    baseUrl: mock.url,
    apiKey: { value: 'sk-harness-key' },
  })
  if (options.chunkTimeoutMs !== undefined) {
    providers.update('mock', {
      preset: 'custom',
      apiKey: { keep: true },
      chunkTimeoutMs: options.chunkTimeoutMs,
    })
  }
  providers.saveModel('mock', {
    id: 'mock-large',
    capabilities: { scores: { cost: 0.9, speed: 0.2, intelligence: 0.9 } },
  })
  providers.saveModel('mock', {
    id: 'mock-mini',
    capabilities: { scores: { cost: 0.1, speed: 0.9, intelligence: 0.3 } },
  })
  providers.setDefault('mock/mock-large')
  settings.update((draft) => {
    draft.permissions.mcp_sampling = options.ruleset ?? {}
    for (const s of options.servers) {
      const models = s.samplingModels ? { samplingModels: s.samplingModels } : {}
      draft.servers.push(
        s.http
          ? {
              id: s.id,
              name: s.id,
              enabled: true,
              sampling: s.policy,
              transport: 'http',
              headers: {},
              ...models,
              ...s.http,
            }
          : inProcessServerConfig(s.id, s.policy, { ...models, ...s.stdio }),
      )
    }
  })

  const streamed: SamplingHarness['streamed'] = []
  const engine = createSamplingEngine({
    settings,
    providers,
    auditDir,
    events: { stream: (event) => streamed.push(event) },
  })
  const mcpServers = new Map<string, McpServer>()
  const opener: TransportOpener = (config, values, limits) => {
    if (config.transport !== 'stdio' || config.command !== 'in-process') {
      return defaultTransportOpener(config, values, limits)
    }
    const server = new McpServer({ name: config.id, version: '1.0.0' }, { capabilities: { tools: {} } })
    options.servers.find((s) => s.id === config.id)?.setup?.(server)
    mcpServers.set(config.id, server)
    return openInProcess(server)
  }
  const { servers } = createServerManager({
    settings,
    secrets,
    log: () => undefined,
    opener,
    sampling: engine.service,
  })
  await servers.start()
  return {
    mock,
    settings,
    providers,
    engine,
    servers,
    streamed,
    server: (id) => {
      const found = mcpServers.get(id)
      if (!found) throw new Error(`no in-process server ${id}`)
      return found
    },
    close: async () => {
      engine.service.shutdown()
      await servers.shutdown()
      await mock.close()
      rmSync(auditDir, { recursive: true, force: true })
    },
  }
}

/** Resolves with the next card that reaches the phase (event-driven, through the queue's listeners). */
export function nextCard(engine: SamplingEngine, phase: 'approval' | 'review' = 'approval') {
  return new Promise<ReturnType<SamplingEngine['queue']['list']>[number]>((resolve) => {
    const check = () => {
      const card = engine.queue.list().find((c) => c.phase === phase)
      if (!card) return
      unsubscribe()
      resolve(card)
    }
    const unsubscribe = engine.queue.subscribe(check)
    check()
  })
}

export const userText = (text: string) => ({
  role: 'user' as const,
  content: { type: 'text' as const, text },
})
