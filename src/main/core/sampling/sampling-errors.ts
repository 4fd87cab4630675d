import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/client'

/**
 * The JSON-RPC errors a `sampling/createMessage` request can end with. Each is an McpError, which the SDK's
 * request handler turns into the error response as is (code, message, data). The table (issue 5):
 *
 * | code   | when                                                                  | data                      |
 * | ------ | --------------------------------------------------------------------- | ------------------------- |
 * | -1     | policy or ruleset denied, no one to ask, the user refused, rate       | `{ reason: <label> }`     |
 * |        | limited, daily token budget exceeded                                  |                           |
 * | -32602 | a malformed request (the message names the field), no eligible model  | per case (e.g. rejected   |
 * |        | (data lists each model and why), content the chosen model cannot take | models)                   |
 * | -32001 | the server cancelled / the client closed / quit, or the model stalled | `{ chunks, chars }`       |
 * | -32603 | the provider failed (HTTP status and its message, secrets scrubbed),  | none                      |
 * |        | or stopped for a reason that is not an answer (content filter, error) |                           |
 *
 * -1 is outside the JSON-RPC reserved range on purpose: the MCP spec's own example for a user rejecting a
 * sampling request uses it, and servers check for it to tell "the user said no" from a failure.
 */
export const SAMPLING_DENIED_CODE = -1

/** JSON-RPC -32001, what v1's ErrorCode.RequestTimeout was on the wire (v2 keeps timeouts as SdkErrors). */
export const REQUEST_TIMEOUT_CODE = -32001

/**
 * The reason labels servers (and the audit log) see in a -1's data. Why exactly it was denied (policy or
 * permission rule, timeout, a closed client) goes in the message; the label stays one of these few.
 */
export const SAMPLING_DENIAL_REASONS = {
  denied: 'denied',
  noOneToAsk: 'no one to ask',
  refused: 'refused',
  rateLimited: 'rate limited',
  budgetExceeded: 'budget exceeded',
} as const

export interface SamplingProgressCounts {
  /** Output parts (text, reasoning or tool-input deltas) the model produced so far. */
  chunks: number
  /** Characters in those parts. */
  chars: number
}

/** A -1 as it goes on the wire: the JSON-RPC error object, without building an Error (and its stack). */
export function samplingDeniedError(
  label: string,
  message: string,
): { code: number; message: string; data: { reason: string } } {
  return { code: SAMPLING_DENIED_CODE, message, data: { reason: label } }
}

/** -1: the request was not run because policy, rules, limits or the user said no. */
export function samplingDenied(label: string, message: string): ProtocolError {
  const error = samplingDeniedError(label, message)
  return new ProtocolError(error.code, error.message, error.data)
}

/** -32602: the request (or the model it would need) is not acceptable; the message names what. */
export function invalidParams(message: string, data?: unknown): ProtocolError {
  return data === undefined
    ? new ProtocolError(ProtocolErrorCode.InvalidParams, message)
    : new ProtocolError(ProtocolErrorCode.InvalidParams, message, data)
}

/** -32001: the run was cancelled or stalled; `data` says how far the model got (0 chunks = never started). */
export function requestTimeout(message: string, data: SamplingProgressCounts): ProtocolError {
  return new ProtocolError(REQUEST_TIMEOUT_CODE, message, { chunks: data.chunks, chars: data.chars })
}

/** -32603: the provider or model failed; the message must already be free of secrets. */
export function internalError(message: string): ProtocolError {
  return new ProtocolError(ProtocolErrorCode.InternalError, message)
}

/** True when `error` is a -1 denial (any label). */
export function isSamplingDenied(error: unknown): error is ProtocolError {
  return error instanceof ProtocolError && error.code === SAMPLING_DENIED_CODE
}
