import { APICallError, InvalidPromptError, RetryError, UnsupportedFunctionalityError } from 'ai'
import type { McpError } from '@modelcontextprotocol/sdk/types.js'
import { internalError, invalidParams } from './sampling-errors'

/** Provider messages can be whole HTML error pages; the server needs the gist, not a page. */
const MAX_MESSAGE_CHARS = 1_000

/**
 * Turns what the `ai` SDK reported as the stream's error into the error the server gets:
 * - the provider's adapter could not express the request (an audio format the API does not take, say)
 *   → InvalidParams, since the request is what has to change;
 * - anything else → InternalError with the HTTP status and the provider's own message.
 * Every given secret value (API key, header values) is cut out of the message first: some providers echo
 * the key they were sent, and the message goes to an MCP server we do not control.
 */
export function providerFailure(error: unknown, modelRef: string, secretValues: readonly string[]): McpError {
  const cause = RetryError.isInstance(error) ? error.lastError : error
  const clean = (text: string): string => truncate(scrubSecrets(text, secretValues))

  if (UnsupportedFunctionalityError.isInstance(cause) || InvalidPromptError.isInstance(cause)) {
    return invalidParams(clean(`the model ${modelRef} cannot take this request: ${messageOf(cause)}`))
  }
  if (APICallError.isInstance(cause)) {
    const status = cause.statusCode === undefined ? '' : ` (HTTP ${cause.statusCode})`
    return internalError(clean(`the provider of ${modelRef} failed${status}: ${withCause(cause)}`))
  }
  return internalError(clean(`the model call to ${modelRef} failed: ${messageOf(cause)}`))
}

/** Replaces every occurrence of each non-empty secret value with a marker. Longest first, so a secret that
 * contains another is removed whole. */
export function scrubSecrets(text: string, secretValues: readonly string[]): string {
  const secrets = [...new Set(secretValues.filter((value) => value.length > 0))].sort(
    (a, b) => b.length - a.length,
  )
  let scrubbed = text
  for (const secret of secrets) scrubbed = scrubbed.split(secret).join('[redacted]')
  return scrubbed
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message.length > 0 ? error.message : error.name
  if (typeof error === 'string') return error
  return 'unknown error'
}

/** "Failed to process successful response" says little; the cause ("terminated") says what happened. */
function withCause(error: Error): string {
  const message = messageOf(error)
  const cause = error.cause instanceof Error ? messageOf(error.cause) : undefined
  return cause === undefined || message.includes(cause) ? message : `${message} (${cause})`
}

function truncate(text: string): string {
  return text.length <= MAX_MESSAGE_CHARS ? text : `${text.slice(0, MAX_MESSAGE_CHARS)}…`
}
