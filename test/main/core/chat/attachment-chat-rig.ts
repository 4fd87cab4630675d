// Real stdio servers (the catalog and fixture servers) behind the real connection manager, the real resource
// and prompt services, the chat engine's runner as the window drives it, and the mock OpenAI provider whose
// request bodies the tests check: what chat-attachments and chat-inserted-prompts tests run against.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect } from 'vitest'
import { ConversationService } from '../../../../src/main/core/chat/conversation-service'
import { createChatEngine, type ChatEngine } from '../../../../src/main/core/chat/create-chat-engine'
import { TranscriptStore } from '../../../../src/main/core/chat/transcript-store'
import { SettingsService } from '../../../../src/main/core/config/settings-service'
import type { ConnectionManager } from '../../../../src/main/core/mcp/connection-manager'
import { createServerManager } from '../../../../src/main/core/mcp/create-server-manager'
import { PromptService } from '../../../../src/main/core/mcp/prompts/prompt-service'
import { ResourceService } from '../../../../src/main/core/mcp/resources/resource-service'
import { ProviderService } from '../../../../src/main/core/models/provider-service'
import type { ChatTurnEvent } from '../../../../src/shared/chat/chat-view'
import { MemoryJsonDocument } from '../../../doubles/memory-json-document'
import { MemorySecretStore } from '../../../doubles/memory-secret-store'
import { startMockOpenAI, type MockOpenAI } from '../../../fixtures/mock-openai'
import { spawnCommandFor } from '../../../support/spawn-command'
import { catalogServer } from '../mcp/prompts/catalog-host'

/** The catalog server's catalog://pixel, a 2×1 PNG. */
export const TINY_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAAEElEQVR4nGP4z8DAwMDAAAAJ/gH/fDr9NwAAAABJRU5ErkJggg=='
const API_KEY = 'sk-attach-secret-4b1d'
const SERVER_SECRET = 'catalog-token-9c2e'

export interface Message {
  role: string
  content: unknown
}

export interface AttachmentChatRig {
  mock: MockOpenAI
  servers: ConnectionManager
  resources: ResourceService
  prompts: PromptService
  engine: ChatEngine
  ids: { catalog: string; fixture: string }
  models: { text: string; vision: string }
  turns: ChatTurnEvent[]
  /** Sends through the runner, as `chat:send` does, waits for the turn to complete; the provider's messages. */
  send(id: string, message: Parameters<ChatEngine['runner']['send']>[1], answer?: string): Promise<Message[]>
  /** The records as a fresh store reads them from disk, as after a restart. */
  reloaded(id: string): ReturnType<ConversationService['get']>
  transcriptFiles(): string
  /** Neither the provider key nor the server's env secret reached a provider request or a transcript. */
  expectNoSecrets(): void
  close(): Promise<void>
}

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setImmediate(resolve))
}

export async function startAttachmentChatRig(): Promise<AttachmentChatRig> {
  const mock = await startMockOpenAI()
  const dir = mkdtempSync(join(tmpdir(), 'chat-attachments-'))
  const settings = new SettingsService(new MemoryJsonDocument())
  const secrets = new MemorySecretStore()
  const managed = createServerManager({ settings, secrets, log: () => {} })
  const servers = managed.servers
  const ids = {
    catalog: managed.configs.add({
      name: 'catalog',
      transport: 'stdio',
      ...catalogServer(),
      env: { CATALOG_TOKEN: { value: SERVER_SECRET } },
    }).id,
    fixture: managed.configs.add({ name: 'fixture', transport: 'stdio', ...spawnCommandFor('fixture') }).id,
  }
  await servers.start()
  for (const state of servers.list()) expect(state.status).toBe('connected')
  const resources = new ResourceService({ servers })
  const prompts = new PromptService({ servers })
  const providers = new ProviderService(settings, secrets)
  const provider = providers.add({ preset: 'custom', baseUrl: mock.url, apiKey: { value: API_KEY } })
  providers.saveModel(provider.id, { id: 'mock-model' })
  providers.saveModel(provider.id, {
    id: 'mock-vision',
    capabilities: { inputModalities: ['text', 'image'] },
  })
  const turns: ChatTurnEvent[] = []
  const transcriptsDir = join(dir, 'transcripts')
  const engine = createChatEngine({
    settings,
    servers,
    configs: managed.configs,
    providers,
    transcriptsDir,
    events: {
      record: () => {},
      delta: () => {},
      turn: (event) => turns.push(event),
      conversations: () => {},
      toolCalls: () => {},
    },
    log: () => {},
    readResource: (serverId, uri) => resources.read(serverId, uri),
  })
  const transcriptFiles = () =>
    readdirSync(transcriptsDir)
      .map((name) => readFileSync(join(transcriptsDir, name), 'utf8'))
      .join('\n')

  return {
    mock,
    servers,
    resources,
    prompts,
    engine,
    ids,
    models: { text: `${provider.id}/mock-model`, vision: `${provider.id}/mock-vision` },
    turns,
    async send(id, message, answer = 'ok') {
      mock.enqueue({ kind: 'text', chunks: [answer] })
      const before = mock.requests.length
      const { turnId } = await engine.runner.send(id, message, false)
      const request = await mock.waitForRequest(before + 1)
      const ended = (event: ChatTurnEvent) => event.turnId === turnId && event.state !== 'running'
      await until(() => turns.some(ended))
      expect(turns.find(ended)?.state).toBe('completed')
      return (request.body as { messages: Message[] }).messages
    },
    reloaded: (id) => new ConversationService(new TranscriptStore(transcriptsDir)).get(id),
    transcriptFiles,
    expectNoSecrets() {
      for (const request of mock.requests) {
        expect(request.rawBody).not.toContain(API_KEY)
        expect(request.rawBody).not.toContain(SERVER_SECRET)
      }
      expect(transcriptFiles()).not.toContain(API_KEY)
      expect(transcriptFiles()).not.toContain(SERVER_SECRET)
    },
    async close() {
      await engine.runner.stopAll()
      engine.dispose()
      resources.dispose()
      prompts.dispose()
      await servers.shutdown()
      await mock.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
