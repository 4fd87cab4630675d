import { ElicitationService } from '../../main/core/elicitation/elicitation-service'
import type { ServerState, ToolInfo } from '../../shared/mcp/server-state'
import { outputOf, UsageError, type CliIo } from '../cli-io'
import { TerminalElicitationPrompter } from '../elicitation-prompt'
import { formatToolResult } from '../format/tool-result'
import { acceptCommand } from '../format/tool-changes'
import { toolNotApprovedMessage } from '../../main/core/mcp/discovery/tool-review'
import { firstLine, revealedFirstLine, revealedTerminalText } from '../format/terminal-text'
import { findServer } from '../server-lookup'
import { connectOne, withServerSession, type ServerSession } from '../server-session'
import { reportFailure } from './servers-tools-command'

export const ARGUMENTS_WARNING =
  'Arguments are sent to this MCP server; MCP Desk cannot control what the server does with them.'

/**
 * How long a call may run when someone at the terminal may be asked things meanwhile (sampling approval, an
 * elicitation form): a person needs longer than the SDK's 60 s default. Ctrl+C still stops it at any time.
 */
export const ATTENDED_CALL_TIMEOUT_MS = 10 * 60_000

export interface CallOptions {
  server: string
  tool: string
  /** The --args text: a JSON object. */
  args: string | undefined
  /** --yes: approved in advance, no prompt. */
  approved: boolean
}

/**
 * `mcp-desk call`: one tool call, only with the user's approval. The summary (server, destination, tool,
 * arguments) and the prompt go to stderr, so stdout carries the result alone and can be piped.
 *
 * A server that asks the user something while the tool runs (elicitation) is answered at the same terminal;
 * without one nobody can answer, so the request is declined and the reason printed.
 */
export async function callTool(home: string, options: CallOptions, io: CliIo): Promise<number> {
  const args = parseToolArguments(options.args)
  const readLine = io.stdinIsTty === true ? io.readLine : undefined
  const elicitation = new ElicitationService({
    canAsk: () => readLine !== undefined,
    log: outputOf(io).warn,
  })
  const prompter = readLine
    ? new TerminalElicitationPrompter(elicitation, { stderr: io.stderr, readLine })
    : undefined
  prompter?.start()
  try {
    return await withServerSession(
      home,
      io,
      (session) => callWithSession(session, { options, args, readLine }, io),
      { features: [elicitation] },
    )
  } finally {
    prompter?.stop()
    elicitation.shutdown()
  }
}

async function callWithSession(
  { configs, servers }: ServerSession,
  call: { options: CallOptions; args: Record<string, unknown>; readLine: CliIo['readLine'] },
  io: CliIo,
): Promise<number> {
  const { options, args, readLine } = call
  const { print, warn } = outputOf(io)
  const config = findServer(configs.list(), options.server)
  if (!options.approved && !readLine) {
    throw new Error(
      `not calling ${options.tool} on "${config.name}": nobody can approve it (stdin is not a terminal); ` +
        'pass --yes to approve the call',
    )
  }
  const state = await connectOne(servers, config)
  if (state.status !== 'connected') {
    reportFailure(state, { print, warn })
    return 1
  }
  const tool = findTool(state, options.tool)

  warn(`Server: ${revealedFirstLine(state.name)} (${state.id})`)
  warn(`Destination: ${revealedFirstLine(state.destination)}`)
  warn(`Tool: ${revealedFirstLine(tool.name)} (${tool.exposedName})`)
  warn('Arguments:')
  warn(revealedTerminalText(JSON.stringify(args, null, 2)))
  warn(ARGUMENTS_WARNING)
  if (!options.approved && readLine) {
    io.stderr('Approve? [y/N] ')
    const answer = ((await readLine()) ?? '').trim().toLowerCase()
    if (answer !== 'y' && answer !== 'yes') {
      warn('Not approved: nothing was sent to the server.')
      return 1
    }
  }

  const result = await servers
    .connection(config.id)
    .callTool(tool.name, args, readLine ? { timeout: ATTENDED_CALL_TIMEOUT_MS } : {})
  for (const line of formatToolResult(result)) print(line)
  const viewUri = tool.ui?.resourceUri
  if (viewUri !== undefined) {
    warn(
      `This tool has a view (${revealedFirstLine(viewUri)}) that a terminal cannot render; ` +
        'open the tool in the MCP Desk window to see it.',
    )
  }
  if (result.isError) {
    warn(`The tool reported an error (isError).`)
    return 1
  }
  return 0
}

function parseToolArguments(raw: string | undefined): Record<string, unknown> {
  if (raw === undefined) return {}
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch (error) {
    throw new UsageError(
      `--args is not valid JSON (${(error as Error).message}); expected an object like '{"text":"hi"}'`,
    )
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    const kind = parsed === null ? 'null' : Array.isArray(parsed) ? 'an array' : `a ${typeof parsed}`
    throw new UsageError(`--args must be a JSON object like '{"text":"hi"}', not ${kind}`)
  }
  return parsed as Record<string, unknown>
}

/** By the server's own name or by the exposed mcp_… name models see. */
function findTool(state: ServerState, query: string): ToolInfo {
  const tool =
    state.tools.find((candidate) => candidate.name === query) ??
    state.tools.find((candidate) => candidate.exposedName === query)
  if (tool) return tool
  const change = state.pendingChanges.find(
    (candidate) =>
      candidate.kind !== 'removed' && (candidate.name === query || candidate.exposedName === query),
  )
  if (change) {
    throw new Error(
      `${toolNotApprovedMessage(firstLine(state.name), change)} Review it with: ${acceptCommand(state.id)}`,
    )
  }
  const names = state.tools.map((candidate) => firstLine(candidate.name))
  throw new Error(
    `server "${firstLine(state.name)}" has no tool "${query}"` +
      (names.length > 0 ? `; its tools: ${names.join(', ')}` : '; it lists no tools'),
  )
}
