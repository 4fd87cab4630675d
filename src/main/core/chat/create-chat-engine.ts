import type { ServerUserWait } from '../tools/user-wait'
import type { ToolCallCard } from '../../../shared/chat/tool-call-card'
import type { TranscriptRecord } from '../../../shared/chat/transcript-schema'
import type { SettingsService } from '../config/settings-service'
import type { ConnectionManager } from '../mcp/connection-manager'
import type { ServerConfigService } from '../mcp/server-config-service'
import type { ProviderService } from '../models/provider-service'
import type { LocalChatTool } from '../tools/local-tool'
import { LiveToolIndex } from '../tools/loading/live-tool-index'
import { ToolSearchService } from '../tools/loading/tool-search-service'
import type { SemanticToolLayer } from '../tools/semantic/semantic-layer'
import type { ResourceReader } from './attached-resources'
import { ChatRunner, type ChatRunnerEvents } from './chat-runner'
import { ChatService, type ChatServiceDeps } from './chat-service'
import { ConversationService } from './conversation-service'
import { PendingToolCalls } from './pending-tool-calls'
import { TranscriptStore } from './transcript-store'
import { TurnLifecycleNotifier } from './turn-lifecycle'

export interface ChatEngineEvents extends ChatRunnerEvents {
  record: (conversationId: string, record: TranscriptRecord) => void
  toolCalls: (cards: ToolCallCard[]) => void
}

export interface ChatEngineOptions {
  settings: SettingsService
  servers: ConnectionManager
  configs: ServerConfigService
  providers: ProviderService
  transcriptsDir: string
  events: ChatEngineEvents
  log: (message: string, error?: unknown) => void
  /** Tests shorten the 30 s after which an unanswered tool call is `unknown`. */
  toolCallTimeoutMs?: number
  /** Servers waiting on the user: their tool calls' deadlines stand still meanwhile. */
  userWait?: ServerUserWait
  /**
   * Who answers tool-call cards. The window shows them in the pending list; the CLI asks on the terminal.
   * Defaults to the pending list.
   */
  askApproval?: (card: ToolCallCard, signal: AbortSignal) => Promise<unknown>
  /** Host tools offered before the MCP tools. */
  localTools?: readonly LocalChatTool[]
  /** Reads resources attached to a message (ResourceService.read); without it nothing can be attached. */
  readResource?: ResourceReader
  /** What views told the model (MCP Apps), taken by each conversation's next message. */
  viewContext?: ChatServiceDeps['viewContext']
  /** Tool search's semantic layer (issue 23); without it search ranks by words alone. */
  semanticSearch?: SemanticToolLayer
}

export interface ChatEngine {
  conversations: ConversationService
  toolSearch: ToolSearchService
  toolIndex: LiveToolIndex
  toolCalls: PendingToolCalls
  service: ChatService
  runner: ChatRunner
  store: TranscriptStore
  dispose(): void
}

/** The chat's services over one profile's transcripts, for the window (through the host) and the CLI. */
export function createChatEngine(options: ChatEngineOptions): ChatEngine {
  const store = new TranscriptStore(options.transcriptsDir, {
    onWarning: (line) => options.log(line),
  })
  const conversations = new ConversationService(store)
  const toolCalls = new PendingToolCalls()
  const toolIndex = new LiveToolIndex(options.servers, options.semanticSearch)
  const toolSearch = new ToolSearchService({ index: toolIndex, settings: options.settings })
  const unsubscribe = toolCalls.subscribe((cards) => options.events.toolCalls(cards))
  const service = new ChatService({
    conversations,
    // Every appended record is announced, so the window's transcript grows as the turn runs.
    transcripts: {
      append: (id, input) => {
        const record = store.append(id, input)
        options.events.record(id, record)
        return record
      },
    },
    servers: options.servers,
    providers: options.providers,
    configs: (serverId) => options.configs.get(serverId),
    askApproval: options.askApproval ?? ((card, signal) => toolCalls.ask(card, signal)),
    defaultModel: () => options.settings.get().models.defaultModel,
    notifier: new TurnLifecycleNotifier(),
    toolSearch,
    ...(options.localTools ? { localTools: options.localTools } : {}),
    ...(options.readResource ? { readResource: options.readResource } : {}),
    ...(options.viewContext ? { viewContext: options.viewContext } : {}),
    log: (line) => options.log(line),
    ...(options.toolCallTimeoutMs === undefined ? {} : { toolCallTimeoutMs: options.toolCallTimeoutMs }),
    ...(options.userWait ? { userWait: options.userWait } : {}),
  })
  const runner = new ChatRunner({
    chat: service,
    conversations,
    toolCalls,
    events: options.events,
    log: options.log,
  })
  return {
    conversations,
    toolSearch,
    toolIndex,
    toolCalls,
    service,
    runner,
    store,
    dispose: () => {
      unsubscribe()
      toolIndex.dispose()
    },
  }
}
