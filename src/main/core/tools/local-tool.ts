import type { LocalToolDefinition } from './tool-set'
import type { ToolCallOutcome } from './tool-call-outcome'
import { messageOf } from '../../../shared/format/error-message'

/**
 * The owner recorded for a local tool's calls in place of a server id. Server ids are lowercase letters,
 * digits and "-", so this can never name a server.
 */
export const LOCAL_TOOL_OWNER = '@local'

/**
 * A tool the host itself runs (tool search is one). It runs in-process and sends nothing to any server,
 * so it needs no approval card; it must honour the signal, since Stop reaches it like an MCP call.
 */
export interface LocalChatTool extends LocalToolDefinition {
  run(args: Record<string, unknown>, signal: AbortSignal): Promise<ToolCallOutcome>
}

/** Runs a local tool of the turn; a throw is its failure, never the turn's. */
export async function runLocalTool(
  locals: readonly LocalChatTool[],
  name: string,
  args: Record<string, unknown>,
  signal: AbortSignal,
): Promise<ToolCallOutcome> {
  const local = locals.find((candidate) => candidate.name === name)
  if (!local)
    return { state: 'failed', text: `There is no local tool named ${name}.`, attachments: [], metadata: {} }
  try {
    return await local.run(args, signal)
  } catch (error) {
    return { state: 'failed', text: `${name} failed: ${messageOf(error)}`, attachments: [], metadata: {} }
  }
}
