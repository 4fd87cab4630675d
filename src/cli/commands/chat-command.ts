import { readAttachedResources } from '../../main/core/chat/attached-resources'
import { UNKNOWN_OUTCOME_HOLD_MESSAGE, type TurnResult } from '../../main/core/chat/chat-service'
import { titleFromMessage } from '../../main/core/chat/conversation-service'
import { createSemanticLayer } from '../../main/core/tools/semantic/create-semantic-layer'
import { createChatEngine, type ChatEngine } from '../../main/core/chat/create-chat-engine'
import { lastTurnHasUnknownOutcome } from '../../main/core/chat/transcript-history'
import { ResourceService } from '../../main/core/mcp/resources/resource-service'
import { ProviderService } from '../../main/core/models/provider-service'
import { MAX_MESSAGE_ATTACHMENTS } from '../../shared/chat/chat-view'
import type { ToolCallCard, ToolCallDecision } from '../../shared/chat/tool-call-card'
import { conversationIdSchema } from '../../shared/chat/transcript-schema'
import { IpcFailure } from '../../shared/ipc/ipc-error'
import { modelRef } from '../../shared/models/model-schema'
import { UsageError, waitForProcessSignal, type CliIo } from '../cli-io'
import { ChatTerminal } from '../format/chat-terminal'
import { TOOL_CALL_QUESTION, toolCallCardLines } from '../format/chat-tool-card'
import { firstLine, terminalText } from '../format/terminal-text'
import { findServer } from '../server-lookup'
import { withServerSession, type ServerSession } from '../server-session'
import { messageOf } from '../../shared/format/error-message'

export const CONFIRM_UNKNOWN_HINT =
  'a tool call of the last turn ended with an unknown outcome (the server may have acted); nothing was ' +
  'sent. Once you have checked what happened, pass --confirm-unknown to send this message'

export interface ChatOptions {
  message: string
  /** --conversation: continue this conversation instead of starting a new one. */
  conversation?: string | undefined
  /** --model: `provider/model`, set as the conversation's model before the turn. */
  model?: string | undefined
  /** --yes: every MCP tool call of the turn approved in advance (each one still shown). */
  approveAll: boolean
  /** --confirm-unknown: the user knows the previous turn's unknown call may have run. */
  confirmUnknown: boolean
  /** --attach SERVER:URI (repeatable): resources read and attached to the message. */
  attach?: readonly string[] | undefined
  /** Tests shorten the 30 s after which an unanswered tool call is `unknown`. */
  toolCallTimeoutMs?: number
}

/**
 * `mcp-desk chat`: one turn of a conversation in the terminal, written to the same transcripts the window
 * shows. The answer streams to stdout; every MCP tool call is shown on stderr and asked about at the
 * terminal (default deny: without a terminal and without --yes nothing is sent, and the model is told so).
 *
 * Ctrl+C aborts the turn (the provider request and any tool call in flight) and the session waits until
 * the transcript has recorded the cancellation before it stops the servers and exits 130.
 */
export async function chat(home: string, options: ChatOptions, io: CliIo): Promise<number> {
  if (options.message.trim() === '') {
    throw new UsageError('chat needs a message, e.g. mcp-desk chat "What changed in the docs?"')
  }
  if (options.conversation !== undefined && !conversationIdSchema.safeParse(options.conversation).success) {
    throw new UsageError(
      `invalid --conversation "${firstLine(options.conversation)}": expected the 26-character id ` +
        'a previous mcp-desk chat printed as "Conversation: <id>"',
    )
  }
  if ((options.attach ?? []).length > MAX_MESSAGE_ATTACHMENTS) {
    throw new UsageError(`a message takes at most ${MAX_MESSAGE_ATTACHMENTS} --attach resources`)
  }
  const attachments = (options.attach ?? []).map(parseAttach)
  const stop = new AbortController()
  let turnEnded: Promise<unknown> = Promise.resolve()
  const sessionIo: CliIo = {
    ...io,
    untilShutdown: async (done) => {
      const reason = await (io.untilShutdown ?? waitForProcessSignal)(done)
      stop.abort()
      // The turn records `cancelled` once the abort has reached it; only then may the servers go.
      await turnEnded.catch(() => undefined)
      return reason
    },
  }
  return withServerSession(home, sessionIo, async (session) => {
    const terminal = new ChatTerminal(io)
    const providers = new ProviderService(session.profile.settings, session.profile.secrets)
    const readLine = io.stdinIsTty === true ? io.readLine : undefined
    const resources = new ResourceService({ servers: session.servers })
    // Tool search by meaning, from the vectors the app (or an earlier command) cached, or computed now.
    const semanticSearch = createSemanticLayer({
      settings: session.profile.settings,
      providers,
      cacheDir: session.profile.paths.toolVectorsDir,
      log: () => {},
    })
    const engine = createChatEngine({
      semanticSearch,
      settings: session.profile.settings,
      servers: session.servers,
      configs: session.configs,
      providers,
      transcriptsDir: session.profile.paths.transcriptsDir,
      events: {
        record: (_conversationId, record) => terminal.record(record),
        toolCalls: () => {},
        delta: () => {},
        turn: () => {},
        conversations: () => {},
      },
      log: (message, error) =>
        terminal.say(
          `Warning: ${terminalText(error === undefined ? message : `${message}: ${messageOf(error)}`)}`,
        ),
      askApproval: (card, signal) =>
        askApproval(card, signal, { terminal, readLine, approveAll: options.approveAll }),
      ...(options.toolCallTimeoutMs === undefined ? {} : { toolCallTimeoutMs: options.toolCallTimeoutMs }),
    })
    try {
      const turn = { engine, session, providers, terminal, resources, attachments }
      const result = await runTurn(turn, options, stop.signal, (done) => {
        turnEnded = done
      })
      if (result === 'interrupted') return 130
      return exitCodeOf(result, terminal)
    } finally {
      engine.dispose()
      await semanticSearch.whenFlushed()
      resources.dispose()
    }
  })
}

interface TurnParts {
  engine: ChatEngine
  session: ServerSession
  providers: ProviderService
  terminal: ChatTerminal
  resources: ResourceService
  attachments: AttachArgument[]
}

async function runTurn(
  { engine, session, providers, terminal, resources, attachments }: TurnParts,
  options: ChatOptions,
  signal: AbortSignal,
  onStarted: (done: Promise<TurnResult>) => void,
): Promise<TurnResult | 'interrupted'> {
  // Everything that can refuse the message is checked before any server is started or anything written.
  const existing =
    options.conversation === undefined ? undefined : engine.conversations.get(options.conversation)
  if (existing && lastTurnHasUnknownOutcome(existing.records) && !options.confirmUnknown) {
    throw new Error(`${UNKNOWN_OUTCOME_HOLD_MESSAGE}: ${CONFIRM_UNKNOWN_HINT}`)
  }
  const model = resolveModel(providers, options.model, existing?.meta.model, () => {
    return session.profile.settings.get().models.defaultModel
  })
  const refs = attachments.map(({ server, uri }) => ({
    serverId: findServer(session.configs.list(), server).id,
    uri,
  }))

  await session.servers.start()
  for (const state of session.servers.list()) {
    if (state.status !== 'failed') continue
    const reason = state.failure?.reason ?? 'it failed to connect'
    terminal.say(
      `Server "${firstLine(state.name)}" (${state.id}) is not available: ${firstLine(reason)}; ` +
        'its tools are not offered in this turn',
    )
  }
  // Interrupted while the servers connected: nothing has been written yet, and nothing will be.
  if (signal.aborted) return 'interrupted'
  // Read before the conversation is created: a resource that cannot be read leaves nothing behind.
  const attached = await readAttachedResources((serverId, uri) => resources.read(serverId, uri), refs)
  if (signal.aborted) return 'interrupted'

  let id: string
  if (existing) {
    id = existing.meta.id
    if (options.model !== undefined && existing.meta.model !== model) engine.conversations.setModel(id, model)
  } else {
    id = engine.conversations.create({
      title: titleFromMessage(options.message),
      ...(options.model === undefined ? {} : { model }),
    }).id
    terminal.say(`Conversation: ${id}`)
  }

  let done: Promise<TurnResult>
  try {
    done = engine.service.begin(
      id,
      { text: options.message, attached },
      { signal, confirmUnknown: options.confirmUnknown, onText: (delta) => terminal.text(delta) },
    ).done
  } catch (error) {
    if (error instanceof IpcFailure && error.code === 'conflict') {
      throw new Error(`${UNKNOWN_OUTCOME_HOLD_MESSAGE}: ${CONFIRM_UNKNOWN_HINT}`, { cause: error })
    }
    throw error
  }
  onStarted(done)
  const result = await done
  terminal.endLine()
  return result
}

interface AttachArgument {
  server: string
  uri: string
}

/** `SERVER:URI`, split at the first colon: the server's id or name, then a URI (which has its own colon). */
function parseAttach(value: string): AttachArgument {
  const colon = value.indexOf(':')
  const server = colon > 0 ? value.slice(0, colon) : ''
  const uri = colon > 0 ? value.slice(colon + 1) : ''
  if (server.trim() === '' || !uri.includes(':')) {
    throw new UsageError(
      `invalid --attach "${firstLine(value)}": expected SERVER:URI, e.g. --attach docs:file:///notes.md`,
    )
  }
  return { server, uri }
}

/**
 * The model for the turn, checked against the configured ones: --model first, then the conversation's own,
 * then the settings' default. Stored as `provider/model` with the provider's and model's own spelling.
 */
function resolveModel(
  providers: ProviderService,
  requested: string | undefined,
  conversationModel: string | undefined,
  defaultModel: () => string | undefined,
): string {
  const fallback = conversationModel ?? defaultModel()
  const ref = requested ?? fallback
  if (ref === undefined) {
    throw new Error(
      'no model to chat with: pass --model <provider/model>, or set a default with ' +
        '`mcp-desk models default <provider/model>` (`mcp-desk models` lists the configured ones)',
    )
  }
  try {
    const { provider, config } = providers.languageModel(ref)
    return modelRef(provider.id, config.id)
  } catch (error) {
    if (!(error instanceof IpcFailure)) throw error
    const source =
      requested !== undefined
        ? '--model'
        : conversationModel !== undefined
          ? "the conversation's model"
          : 'the default model'
    const known = providers.candidates().map((candidate) => candidate.ref)
    const configured =
      known.length > 0
        ? `configured: ${known.join(', ')}`
        : 'no models are configured; add one with `mcp-desk providers add <preset> --model ID`'
    const hint = requested === undefined ? '; pass --model <provider/model> to choose another' : ''
    throw new Error(`cannot use ${source}: ${error.message} (${configured})${hint}`, { cause: error })
  }
}

interface ApprovalPrompt {
  terminal: ChatTerminal
  /** Present only when someone at a terminal can answer. */
  readLine: (() => Promise<string | null>) | undefined
  approveAll: boolean
}

/** The card on stderr, then the question; anything but y or c denies, as does end of input or Ctrl+C. */
async function askApproval(
  card: ToolCallCard,
  signal: AbortSignal,
  { terminal, readLine, approveAll }: ApprovalPrompt,
): Promise<ToolCallDecision> {
  for (const line of toolCallCardLines(card)) terminal.say(line)
  if (approveAll) {
    terminal.say('Approved by --yes.')
    return 'approve'
  }
  if (!readLine) {
    terminal.say('Denied: nobody can approve it (stdin is not a terminal; --yes approves tool calls).')
    return 'deny'
  }
  terminal.ask(TOOL_CALL_QUESTION)
  const answer = await untilAborted(readLine(), signal)
  const normalized = (answer ?? '').trim().toLowerCase()
  if (normalized === 'y' || normalized === 'yes') return 'approve'
  if (normalized === 'c' || normalized === 'conversation') {
    terminal.say(
      'Approved for this conversation: this tool is not asked about again while this command runs.',
    )
    return 'approve-for-conversation'
  }
  return 'deny'
}

/** null as soon as the signal aborts: a stopped turn does not wait for an answer nobody will type. */
function untilAborted(answer: Promise<string | null>, signal: AbortSignal): Promise<string | null> {
  if (signal.aborted) return Promise.resolve(null)
  return new Promise((resolve, reject) => {
    const onAbort = (): void => resolve(null)
    signal.addEventListener('abort', onAbort, { once: true })
    answer.then(
      (line) => {
        signal.removeEventListener('abort', onAbort)
        resolve(line)
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort)
        reject(error instanceof Error ? error : new Error(String(error)))
      },
    )
  })
}

function exitCodeOf(result: TurnResult, terminal: ChatTerminal): number {
  if (result.unknownOutcome) {
    terminal.say(
      'A tool call ended with an unknown outcome: the server may have acted; do not retry automatically. ' +
        'The next message in this conversation needs --confirm-unknown.',
    )
  }
  switch (result.status) {
    case 'completed':
      return 0
    case 'cancelled':
      terminal.say('Turn stopped; the transcript records it as cancelled.')
      return 130
    case 'error':
      throw new Error(result.error ?? 'the turn failed')
  }
}
