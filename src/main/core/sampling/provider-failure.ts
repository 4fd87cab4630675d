import { APICallError, InvalidPromptError, RetryError, UnsupportedFunctionalityError } from 'ai'
import type { ProtocolError } from '@modelcontextprotocol/client'
import { internalError, invalidParams } from './sampling-errors'

/** Provider messages can be whole HTML error pages; the server needs the gist, not a page. */
const MAX_MESSAGE_CHARS = 1_000

/**
 * Turns what the `ai` SDK reported as the stream's error into the error the server gets:
 * - the provider's adapter could not express the request (an audio format the API does not take, say)
 *   → InvalidParams, since the request is what has to change;
 * - anything else → InternalError with the HTTP status and the provider's own message.
 * The message is describeModelCallFailure's, so a server and the chat window read the same words.
 */
export function providerFailure(
  error: unknown,
  modelRef: string,
  secretValues: readonly string[],
): ProtocolError {
  const message = describeModelCallFailure(error, modelRef, secretValues)
  return isRequestProblem(unwrap(error)) ? invalidParams(message) : internalError(message)
}

/**
 * A failed model call in words, for a server's error and a chat turn's reason alike: what the model could
 * not take, or the provider's HTTP status and its own message. Every given secret value (API key, header
 * values) is cut out first: some providers echo the key they were sent.
 */
export function describeModelCallFailure(
  error: unknown,
  modelRef: string,
  secretValues: readonly string[],
): string {
  const cause = unwrap(error)
  let text: string
  if (isRequestProblem(cause)) {
    text = `the model ${modelRef} cannot take this request: ${messageOf(cause)}`
  } else if (APICallError.isInstance(cause)) {
    const status = cause.statusCode === undefined ? '' : ` (HTTP ${cause.statusCode})`
    text = `the provider of ${modelRef} failed${status}: ${withCause(cause)}`
  } else {
    text = `the model call to ${modelRef} failed: ${messageOf(cause)}`
  }
  return truncate(scrubSecrets(text, secretValues))
}

/** The `ai` SDK wraps the last attempt's error after its retries. */
function unwrap(error: unknown): unknown {
  return RetryError.isInstance(error) ? error.lastError : error
}

function isRequestProblem(cause: unknown): boolean {
  return UnsupportedFunctionalityError.isInstance(cause) || InvalidPromptError.isInstance(cause)
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
