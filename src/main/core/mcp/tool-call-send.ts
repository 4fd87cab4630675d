import type { CallToolResult, Client, RequestOptions } from '@modelcontextprotocol/client'
import type { ServerFailure } from '../../../shared/mcp/server-state'
import { isSessionGone } from './client-close'
import { crashedOr } from './server-crashed-error'

/** What sending one tools/call needs from its connection. */
export interface ToolCallLine {
  /** The connected client; throws when the server is not connected. */
  client(): Client
  /** Initializes a new session (one however many calls ask at once). */
  newSession(): Promise<void>
  /** Why the transport ended, secrets masked (OpenedTransport.explainFailure); undefined when it has nothing. */
  explainFailure(error: unknown): ServerFailure | undefined
}

type CallParams = Parameters<Client['callTool']>[0]

/**
 * Sends one tools/call. A remote server that answers HTTP 404 has forgotten the session (restarted, expired
 * it): the spec's answer is a new session, so the host initializes again and sends the call once more. That
 * is safe because a server that does not know the session never ran the call. A call cut off by its server's
 * death fails with a ServerCrashedError saying how it died.
 */
export async function sendToolCall(
  line: ToolCallLine,
  params: CallParams,
  options: RequestOptions,
): Promise<CallToolResult> {
  try {
    try {
      return await line.client().callTool(params, options)
    } catch (error) {
      if (!isSessionGone(error)) throw error
      await line.newSession()
      return await line.client().callTool(params, options)
    }
  } catch (error) {
    throw crashedOr(error, (closed) => line.explainFailure(closed))
  }
}
