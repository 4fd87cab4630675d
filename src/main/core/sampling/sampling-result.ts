import type { CreateMessageResultWithTools } from '@modelcontextprotocol/client'
import type { SamplingResultBlock, SamplingRunResult } from './sampling-runner'

/**
 * The first protocol version whose `CreateMessageResult.content` may be an array (SEP-1577). Before it the
 * spec says sampling MUST NOT return an array: older servers read `content` as one block.
 */
export const ARRAY_CONTENT_PROTOCOL_VERSION = '2025-11-25'

/** MCP protocol versions are ISO dates, so they compare as strings. */
const PROTOCOL_DATE = /^\d{4}-\d{2}-\d{2}$/

/** Whether a server that negotiated `protocolVersion` may be sent several content blocks as an array. */
export function acceptsArrayContent(protocolVersion: string | undefined): boolean {
  return (
    protocolVersion !== undefined &&
    PROTOCOL_DATE.test(protocolVersion) &&
    protocolVersion >= ARRAY_CONTENT_PROTOCOL_VERSION
  )
}

/**
 * The `sampling/createMessage` result for a finished run. One block is sent as that block (the shape every
 * protocol version knows); several (parallel tool calls, text before a call) as an array, but only to a
 * server that negotiated 2025-11-25 or later. An older (or unknown) version gets the first block and the
 * rest is dropped with a warning: the spec forbids the array there, and a partial answer the server can
 * read beats an error for a request that was already run and paid for.
 */
export function toCreateMessageResult(
  result: Pick<SamplingRunResult, 'content' | 'stopReason'>,
  modelRef: string,
  protocolVersion: string | undefined,
  warn: (message: string) => void,
): CreateMessageResultWithTools {
  const [first = { type: 'text', text: '' }] = result.content
  let content: SamplingResultBlock | SamplingResultBlock[] = first
  if (result.content.length > 1) {
    if (acceptsArrayContent(protocolVersion)) {
      content = result.content
    } else {
      const kinds = result.content.map((block) => block.type).join(', ')
      warn(
        `sampling result from ${modelRef} has ${result.content.length} content blocks (${kinds}), but the ` +
          `server's protocol version ${protocolVersion ?? '(unknown)'} predates array content ` +
          `(${ARRAY_CONTENT_PROTOCOL_VERSION}); sent only the first (${first.type}), dropped the rest`,
      )
    }
  }
  return { role: 'assistant', content, model: modelRef, stopReason: result.stopReason }
}
