import { isElicitationWaiting } from '../../shared/elicitation/elicitation-card'
import type { AppInfo } from '../../shared/ipc/contract'
import type { SettingsService } from './config/settings-service'
import { createHost, type Host } from './host'
import type { ConnectionManager } from './mcp/connection-manager'
import type { ServerSignIn } from './mcp/oauth/server-sign-in'
import { createServerManager } from './mcp/create-server-manager'
import { FileApprovedToolsStore } from './mcp/discovery/approved-tools-file'
import type { ApprovedToolsStore } from './mcp/discovery/approved-tools-store'
import { ProviderService } from './models/provider-service'
import { profilePaths } from './config/home-paths'
import { createSamplingEngine, type SamplingEngine } from './sampling/create-sampling-engine'
import { HostEvents } from './ipc/host-events'
import type { TransportOpener } from './mcp/transport-opener'
import type { SecretStore } from './secrets/secret-store'
import { createChatEngine, type ChatEngine } from './chat/create-chat-engine'
import { createSemanticLayer, type SemanticSearchHostOptions } from './tools/semantic/create-semantic-layer'
import { ImportService } from './config/import/import-service'
import { BundleImportService } from './config/import/bundle-import-service'
import { parseMcpConfig } from './config/import/parse-mcp-config'
import { RootsService } from './roots/roots-service'
import { PromptListWatch } from './mcp/prompts/prompt-list-watch'
import { PromptService } from './mcp/prompts/prompt-service'
import { ResourceService } from './mcp/resources/resource-service'
import { ResourceWatch } from './mcp/resources/resource-watch'
import { ElicitationService } from './elicitation/elicitation-service'
import { ViewService } from './apps/view-service'
import { ViewContextStore } from './apps/view-context'
import type { ViewSandbox } from '../../shared/apps/view-schema'
import { createRegistryCatalog } from './registry/create-registry-catalog'
import { createRegistryInstaller } from './registry/install/registry-installer'
import type { InstallPreviewer, RegistryCatalog } from './registry/registry-ports'

export interface ComposeHostOptions {
  settings: SettingsService
  secrets: SecretStore
  info: Pick<AppInfo, 'name' | 'version' | 'mode' | 'platform' | 'home'>
  log: (message: string, error?: unknown) => void
  /** Tests inject a counting or failing opener; everyone else gets the real transports. */
  opener?: TransportOpener
  /** Tests shorten the 30 s after which an unanswered tool call is `unknown`. */
  toolCallTimeoutMs?: number
  /** Tests without a real home keep approvals in memory; everyone else gets `<home>/approved-tools.json`. */
  approvedTools?: ApprovedToolsStore
  /** Where the window sandboxes tool views (web mode and the desktop pass theirs); absent: no views. */
  viewSandbox?: ViewSandbox
  /**
   * Tool search by meaning (issue 23): the desktop app and web mode pass it; a host without it (test
   * doubles) ranks by words alone and starts no embedding worker.
   */
  semanticSearch?: SemanticSearchHostOptions
}

export interface ComposedHost {
  host: Host
  servers: ConnectionManager
  providers: ProviderService
  sampling: SamplingEngine
  chat: ChatEngine
  imports: ImportService
  bundles: BundleImportService
  roots: RootsService
  prompts: PromptService
  resources: ResourceService
  elicitation: ElicitationService
  views: ViewService
  registry: RegistryCatalog
  installs: InstallPreviewer
  signIn: ServerSignIn
  /** Closes every server connection and reaps every stdio process tree. */
  shutdown(): Promise<void>
}

/** The one place the host's services are wired together, for the desktop app, web mode and tests alike. */
export function composeHost(options: ComposeHostOptions): ComposedHost {
  const events = new HostEvents()
  const providers = new ProviderService(options.settings, options.secrets)
  const paths = profilePaths(options.info.home)
  const sampling = createSamplingEngine({
    settings: options.settings,
    providers,
    auditDir: paths.auditDir,
    events: { stream: (event) => events.emit('sampling:stream', event) },
    // Sampling cards go to the conversation that last called the asking server's tools. Chat is built after
    // the servers it calls, and sampling requests only arrive once servers connect, after composition.
    conversationFor: (serverId) => chatEngine.service.lastConversationFor(serverId),
    log: (line) => options.log(line),
  })
  const roots = new RootsService({ settings: options.settings, log: (line) => options.log(line) })
  const elicitation = new ElicitationService({
    // Like sampling cards, a server's questions belong to the conversation that last called its tools.
    conversationFor: (serverId) => chatEngine.service.lastConversationFor(serverId),
    log: (line) => options.log(line),
  })
  // The watches hear list_changed/updated on each client from its start; the services built on the
  // connection manager below subscribe to them.
  const promptWatch = new PromptListWatch()
  const resourceWatch = new ResourceWatch()
  const approvedTools =
    options.approvedTools ??
    new FileApprovedToolsStore(paths.approvedToolsFile, { log: (line) => options.log(line) })
  const { servers, configs, oauth, signIn } = createServerManager({
    settings: options.settings,
    secrets: options.secrets,
    log: (line) => options.log(line),
    sampling: sampling.service,
    features: [roots, elicitation, promptWatch, resourceWatch],
    approvedTools,
    ...(options.opener ? { opener: options.opener } : {}),
  })
  const prompts = new PromptService({ servers, watch: promptWatch, log: (line) => options.log(line) })
  const resources = new ResourceService({ servers, watch: resourceWatch, log: (line) => options.log(line) })
  // What views tell the model (ui/update-model-context), taken by each conversation's next message.
  const viewContext = new ViewContextStore()
  const semanticSearch =
    options.semanticSearch &&
    createSemanticLayer({
      ...options.semanticSearch,
      settings: options.settings,
      providers,
      cacheDir: paths.toolVectorsDir,
      log: (line) => options.log(line),
    })
  const chatEngine = createChatEngine({
    ...(semanticSearch ? { semanticSearch } : {}),
    settings: options.settings,
    servers,
    configs,
    providers,
    transcriptsDir: paths.transcriptsDir,
    events: {
      record: (conversationId, record) => events.emit('chat:record', { conversationId, record }),
      delta: (conversationId, turnId, text) => events.emit('chat:delta', { conversationId, turnId, text }),
      toolRound: (event) => events.emit('chat:tool-round', event),
      turn: (event) => events.emit('chat:turn', event),
      conversations: (conversations) => events.emit('chat:conversations', { conversations }),
      toolCalls: (cards) => events.emit('chat:tool-calls', { cards }),
    },
    log: options.log,
    ...(options.toolCallTimeoutMs === undefined ? {} : { toolCallTimeoutMs: options.toolCallTimeoutMs }),
    // A tool that asks the user something (a form, a sampling card, a sign-in for more access) is not timed
    // while the user answers.
    userWait: {
      isWaiting: (serverId) =>
        sampling.queue.list().some((card) => card.serverId === serverId) ||
        elicitation.list().some((card) => card.serverId === serverId && isElicitationWaiting(card)) ||
        oauth.isWaiting(serverId),
      subscribe: (listener) => {
        const stops = [
          sampling.queue.subscribe(listener),
          elicitation.subscribe(listener),
          oauth.subscribe(listener),
        ]
        return () => stops.forEach((stop) => stop())
      },
    },
    readResource: (serverId, uri) => resources.read(serverId, uri),
    viewContext,
  })
  const views = new ViewService({
    servers,
    configs: (serverId) => configs.get(serverId),
    // A view's calls wait in the chat's pending cards, so the window, the bell and the tray see them.
    askApproval: (card, signal) => chatEngine.toolCalls.ask(card, signal),
    readResource: (serverId, uri) => resources.read(serverId, uri),
    viewContext,
    log: (line) => options.log(line),
    ...(options.toolCallTimeoutMs === undefined ? {} : { callTimeoutMs: options.toolCallTimeoutMs }),
  })
  const imports = new ImportService({
    parse: parseMcpConfig,
    configs,
    replace: (id, input) => servers.update(id, input),
    environment: () => process.env,
  })
  const bundles = new BundleImportService({
    bundlesDir: paths.bundlesDir,
    configs,
    replace: (id, input) => servers.update(id, input),
  })
  const registry = createRegistryCatalog({
    settings: options.settings,
    cacheDir: paths.registryCacheDir,
    log: (line) => options.log(line),
  })
  const installs = createRegistryInstaller({ registry, imports, bundles })
  // The profile is shared with CLI commands, other windows and the user's editor: outside changes to
  // settings.json reach every listener (the connection manager connects, restarts or closes servers), and
  // outside changes to secrets restart the servers that use them.
  const stopWatchingSettings = options.settings.watch()
  const stopWatchingSecrets = options.secrets.watch?.((changed) => {
    events.emit('secrets:changed', { names: options.secrets.list() })
    servers.secretsChanged(changed)
  })
  // `mcp-desk servers accept` while the window is open: the accepted tools appear without a reconnect.
  const stopWatchingApprovals = approvedTools.watch?.(() => servers.reloadApprovals())
  const host = createHost({
    settings: options.settings,
    secrets: options.secrets,
    servers,
    signIn,
    providers,
    sampling,
    chat: chatEngine,
    imports,
    bundles,
    roots,
    prompts,
    resources,
    elicitation,
    views,
    registry,
    installs,
    ...(options.viewSandbox ? { viewSandbox: options.viewSandbox } : {}),
    events,
    info: options.info,
    log: options.log,
  })
  return {
    host,
    servers,
    signIn,
    providers,
    sampling,
    chat: chatEngine,
    imports,
    bundles,
    roots,
    prompts,
    resources,
    elicitation,
    views,
    registry,
    installs,
    shutdown: async () => {
      registry.dispose()
      stopWatchingSettings()
      stopWatchingSecrets?.()
      stopWatchingApprovals?.()
      host.dispose()
      await chatEngine.runner.stopAll()
      chatEngine.dispose()
      sampling.service.shutdown()
      elicitation.shutdown()
      oauth.close()
      prompts.dispose()
      resources.dispose()
      await servers.shutdown()
      roots.dispose()
    },
  }
}
