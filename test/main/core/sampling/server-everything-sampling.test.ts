import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { SettingsService } from '../../../../src/main/core/config/settings-service'
import { createServerManager } from '../../../../src/main/core/mcp/create-server-manager'
import { ProviderService } from '../../../../src/main/core/models/provider-service'
import { createSamplingEngine } from '../../../../src/main/core/sampling/create-sampling-engine'
import { startMockOpenAI } from '../../../fixtures/mock-openai'
import { MemoryJsonDocument } from '../../../doubles/memory-json-document'
import { MemorySecretStore } from '../../../doubles/memory-secret-store'
import { spawnCommandFor } from '../../../support/spawn-command'

describe('sampling for the real server-everything over stdio', () => {
  const cleanups: Array<() => Promise<void> | void> = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })

  it('answers its trigger-sampling-request tool with the configured model', async () => {
    const mock = await startMockOpenAI({ models: ['mock-large'] })
    cleanups.push(() => mock.close())
    const auditDir = mkdtempSync(join(tmpdir(), 'audit-'))
    cleanups.push(() => rmSync(auditDir, { recursive: true, force: true }))
    const settings = new SettingsService(new MemoryJsonDocument())
    const secrets = new MemorySecretStore()
    const providers = new ProviderService(settings, secrets)
    providers.add({ preset: 'custom', id: 'mock', baseUrl: mock.url })
    providers.saveModel('mock', { id: 'mock-large' })
    const engine = createSamplingEngine({ settings, providers, auditDir })
    const { configs, servers } = createServerManager({
      settings,
      secrets,
      log: () => undefined,
      sampling: engine.service,
    })
    cleanups.push(() => servers.shutdown())
    configs.add({
      name: 'everything',
      transport: 'stdio',
      sampling: 'allow',
      ...spawnCommandFor('server-everything'),
    })
    await servers.start()
    expect(servers.get('everything').tools.map((t) => t.name)).toContain('trigger-sampling-request')

    mock.enqueue({ kind: 'text', chunks: ['sampled ', 'by the host'] })
    const result = await servers.connection('everything').callTool('trigger-sampling-request', {
      prompt: 'What is MCP?',
      maxTokens: 40,
    })
    expect(JSON.stringify(result.content)).toContain('sampled by the host')
    expect(mock.requests[0]?.body).toMatchObject({ model: 'mock-large', max_tokens: 40 })
    expect(engine.audit.recent(1)[0]).toMatchObject({ serverId: 'everything', outcome: 'completed' })
  })
})
