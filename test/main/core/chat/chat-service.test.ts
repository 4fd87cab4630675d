// ChatService against the real mock OpenAI provider and the real stdio fixture server, through the real
// ConnectionManager, ProviderService and transcript store: approval, records, history replay, the unknown
// outcome hold and a conversation that outlives its server.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ChatService, UNKNOWN_OUTCOME_HOLD_MESSAGE } from '../../../../src/main/core/chat/chat-service'
import { ConversationService } from '../../../../src/main/core/chat/conversation-service'
import { TranscriptStore } from '../../../../src/main/core/chat/transcript-store'
import { SettingsService } from '../../../../src/main/core/config/settings-service'
import { ConnectionManager } from '../../../../src/main/core/mcp/connection-manager'
import { defaultTransportOpener } from '../../../../src/main/core/mcp/default-transport-opener'
import { ServerConfigService } from '../../../../src/main/core/mcp/server-config-service'
import { ProviderService } from '../../../../src/main/core/models/provider-service'
import type { LocalChatTool } from '../../../../src/main/core/tools/local-tool'
import type { ToolCallCard } from '../../../../src/shared/chat/tool-call-card'
import { IpcFailure } from '../../../../src/shared/ipc/ipc-error'
import { MemoryJsonDocument } from '../../../doubles/memory-json-document'
import { MemorySecretStore } from '../../../doubles/memory-secret-store'
import { startMockOpenAI, type MockOpenAI } from '../../../fixtures/mock-openai'
import { spawnCommandFor } from '../../../support/spawn-command'

let mock: MockOpenAI
let dir: string
let manager: ConnectionManager
let configs: ServerConfigService
let conversations: ConversationService
let cards: ToolCallCard[]
let serverId: string
let modelRef: string
let store: TranscriptStore
let providersService: ProviderService
let logLines: string[]

function service(
  decision: unknown = 'approve',
  toolCallTimeoutMs?: number,
  localTools: LocalChatTool[] = [],
): ChatService {
  return new ChatService({
    conversations,
    transcripts: store,
    servers: manager,
    providers: providersService,
    configs: (id) => configs.get(id),
    askApproval: (card) => {
      cards.push(card)
      return Promise.resolve(decision)
    },
    log: (line) => logLines.push(line),
    localTools,
    ...(toolCallTimeoutMs === undefined ? {} : { toolCallTimeoutMs }),
  })
}

beforeEach(async () => {
  mock = await startMockOpenAI()
  dir = mkdtempSync(join(tmpdir(), 'chat-service-'))
  const settings = new SettingsService(new MemoryJsonDocument())
  const secrets = new MemorySecretStore()
  configs = new ServerConfigService(settings, secrets)
  const { command, args } = spawnCommandFor('fixture')
  serverId = configs.add({ name: 'fixture', transport: 'stdio', command, args }).id
  manager = new ConnectionManager({
    settings,
    configs,
    opener: defaultTransportOpener,
    clientInfo: { name: 'chat-service-test', version: '0.0.0' },
    log: () => {},
  })
  await manager.start()
  expect(manager.get(serverId).status).toBe('connected')
  providersService = new ProviderService(settings, secrets)
  const provider = providersService.add({
    preset: 'custom',
    baseUrl: mock.url,
    apiKey: { value: 'test-key' },
  })
  providersService.saveModel(provider.id, { id: 'mock-model' })
  modelRef = `${provider.id}/mock-model`
  store = new TranscriptStore(join(dir, 'transcripts'))
  conversations = new ConversationService(store)
  cards = []
  logLines = []
})

afterEach(async () => {
  await manager.shutdown()
  await mock.close()
  rmSync(dir, { recursive: true, force: true })
})

function exposedName(toolName: string): string {
  const tool = manager.get(serverId).tools.find((t) => t.name === toolName)
  if (!tool) throw new Error(`fixture has no ${toolName}`)
  return tool.exposedName
}

async function messagesOf(requestIndex: number): Promise<Array<{ role: string; content?: unknown }>> {
  const request = await mock.waitForRequest(requestIndex)
  return (request.body as { messages: Array<{ role: string; content?: unknown }> }).messages
}

describe('ChatService', () => {
  it('runs an approved echo call, records the turn, and replays it as history on the next send', async () => {
    const chat = service('approve')
    const id = conversations.create({ model: modelRef }).id
    const echo = exposedName('echo')
    mock.enqueue(
      { kind: 'tool_calls', calls: [{ id: 'call_1', name: echo, arguments: '{"text":"hello"}' }] },
      { kind: 'text', chunks: ['The server said hello'] },
    )
    const first = await chat.send(id, 'Use the tools')
    expect(first).toMatchObject({ status: 'completed', toolCalls: 1, unknownOutcome: false })
    expect(cards).toHaveLength(1)
    expect(cards[0]).toMatchObject({ conversationId: id, serverId, toolName: 'echo', exposedName: echo })
    expect(chat.lastConversationFor(serverId)).toBe(id)

    const records = conversations.get(id).records
    // The second meta record is the title taken from the first message.
    expect(records.map((r) => r.type)).toEqual([
      'meta',
      'meta',
      'turn',
      'user',
      'tool_call',
      'tool_result',
      'assistant',
      'turn',
    ])
    expect(records.find((r) => r.type === 'tool_result')).toMatchObject({ state: 'completed', text: 'hello' })

    mock.enqueue({ kind: 'text', chunks: ['again'] })
    await chat.send(id, 'And now?')
    const replayed = await messagesOf(3)
    expect(replayed.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant', 'user'])
    expect(replayed[0]).toMatchObject({ content: 'Use the tools' })
    expect(replayed[2]).toMatchObject({ role: 'tool', tool_call_id: 'call_1', content: 'hello' })
    expect(replayed[3]).toMatchObject({ content: 'The server said hello' })
    expect(replayed[4]).toMatchObject({ content: 'And now?' })
  })

  it('a denied call sends nothing and does not route sampling to the conversation', async () => {
    const chat = service('deny')
    const id = conversations.create({ model: modelRef }).id
    mock.enqueue(
      { kind: 'tool_calls', calls: [{ id: 'call_1', name: exposedName('echo'), arguments: '{"text":"x"}' }] },
      { kind: 'text', chunks: ['ok'] },
    )
    await chat.send(id, 'try')
    expect(conversations.get(id).records.find((r) => r.type === 'tool_result')).toMatchObject({
      state: 'denied',
    })
    expect(chat.lastConversationFor(serverId)).toBeUndefined()
  })

  it('holds the next message after an unknown outcome until the user confirms', async () => {
    const chat = service('approve', 200)
    const id = conversations.create({ model: modelRef }).id
    mock.enqueue(
      { kind: 'tool_calls', calls: [{ id: 'call_s', name: exposedName('slow'), arguments: '{"ms":60000}' }] },
      { kind: 'text', chunks: ['it timed out'] },
    )
    const first = await chat.send(id, 'be slow')
    expect(first).toMatchObject({ status: 'completed', unknownOutcome: true })
    const before = conversations.get(id).records.length

    const refused = chat.send(id, 'next question')
    await expect(refused).rejects.toBeInstanceOf(IpcFailure)
    await expect(refused).rejects.toMatchObject({ code: 'conflict', message: UNKNOWN_OUTCOME_HOLD_MESSAGE })
    expect(conversations.get(id).records).toHaveLength(before)

    mock.enqueue({ kind: 'text', chunks: ['fine'] })
    await expect(chat.send(id, 'next question', { confirmUnknown: true })).resolves.toMatchObject({
      status: 'completed',
    })
    // The confirmed turn lifted the hold.
    mock.enqueue({ kind: 'text', chunks: ['still fine'] })
    await expect(chat.send(id, 'and another')).resolves.toMatchObject({ status: 'completed' })
  })

  it('a conversation whose server was removed still loads and sends, with its calls replayed as data', async () => {
    const chat = service('approve')
    const id = conversations.create({ model: modelRef }).id
    mock.enqueue(
      {
        kind: 'tool_calls',
        calls: [{ id: 'call_1', name: exposedName('echo'), arguments: '{"text":"hi"}' }],
      },
      { kind: 'text', chunks: ['done'] },
    )
    await chat.send(id, 'first')
    await manager.remove(serverId)
    expect(manager.list()).toEqual([])

    mock.enqueue({ kind: 'text', chunks: ['without tools'] })
    await expect(chat.send(id, 'second')).resolves.toMatchObject({ status: 'completed', toolCalls: 0 })
    const request = await mock.waitForRequest(3)
    const body = request.body as { tools?: unknown[]; messages: Array<{ role: string }> }
    expect(body.tools ?? []).toEqual([])
    expect(body.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant', 'user'])
    expect(cards).toHaveLength(1)
  })

  it('offers local tools first and runs them without a card, never as a server call', async () => {
    const runs: Array<Record<string, unknown>> = []
    const clock: LocalChatTool = {
      name: 'host_clock',
      description: 'The host time',
      inputSchema: { type: 'object', properties: { zone: { type: 'string' } } },
      run: (args) => {
        runs.push(args)
        return Promise.resolve({ state: 'completed', text: '10:00', attachments: [], metadata: {} })
      },
    }
    const chat = service('deny', undefined, [clock])
    const id = conversations.create({ model: modelRef }).id
    mock.enqueue(
      { kind: 'tool_calls', calls: [{ id: 'call_1', name: 'host_clock', arguments: '{"zone":"UTC"}' }] },
      { kind: 'text', chunks: ['It is ten'] },
    )
    expect(await chat.send(id, 'What time is it?')).toMatchObject({ status: 'completed', toolCalls: 1 })
    expect(runs).toEqual([{ zone: 'UTC' }])
    expect(cards).toEqual([])
    const offered = ((await mock.waitForRequest(1)).body as { tools: Array<{ function: { name: string } }> })
      .tools
    expect(offered[0]?.function.name).toBe('host_clock')
    expect(offered.length).toBeGreaterThan(1)
    const records = conversations.get(id).records
    expect(records.find((r) => r.type === 'tool_call')).toMatchObject({
      serverId: '@local',
      toolName: 'host_clock',
    })
    expect(records.find((r) => r.type === 'tool_result')).toMatchObject({ state: 'completed', text: '10:00' })
  })

  it("logs a local tool's name clash with a server tool once while it lasts, not on every turn", async () => {
    const shadow: LocalChatTool = {
      name: exposedName('echo'),
      description: 'A local tool with the name the server tool is exposed under',
      inputSchema: { type: 'object' },
      run: () => Promise.resolve({ state: 'completed', text: 'local', attachments: [], metadata: {} }),
    }
    const chat = service('deny', undefined, [shadow])
    const id = conversations.create({ model: modelRef }).id
    for (const text of ['one', 'two', 'three']) {
      mock.enqueue({ kind: 'text', chunks: [`reply ${text}`] })
      expect(await chat.send(id, text)).toMatchObject({ status: 'completed' })
    }
    const clashes = logLines.filter((line) => line.includes('clashes with'))
    expect(clashes).toEqual([
      `tool name "${exposedName('echo')}" of MCP server "${serverId}" tool "echo" clashes with a local tool; ` +
        'only a local tool is offered to the model',
    ])
  })
})
