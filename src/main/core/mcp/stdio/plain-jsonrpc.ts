// The common JSON-RPC message shapes, recognised without the SDK's zod schema. Every line a server writes
// goes through the schema otherwise: a union of four strict objects that copies each message and builds
// issue lists for the branches that do not match. Under a flood that was a quarter of the host's
// allocations (issue 19). What is recognised here is exactly what the schema would return unchanged; any
// other message (an unusual key, a `_meta` the schema rewrites, an id outside the safe integers) gets
// `undefined` and goes through the schema as before, which also gives the error message.
import type { JSONRPCMessage } from '@modelcontextprotocol/client'

type Json = Record<string, unknown>

function isPlainObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isRequestId(value: unknown): boolean {
  return typeof value === 'string' || Number.isSafeInteger(value)
}

/** `_meta` of a request or notification: loose, but its related-task entry is rewritten by the schema. */
function isPlainRequestMeta(meta: unknown): boolean {
  if (meta === undefined) return true
  if (!isPlainObject(meta) || 'io.modelcontextprotocol/related-task' in meta) return false
  const token = meta.progressToken
  return token === undefined || isRequestId(token)
}

function isPlainParams(params: unknown): boolean {
  return params === undefined || (isPlainObject(params) && isPlainRequestMeta(params._meta))
}

/** Whether every own key of `object` is one of `allowed` (the schema's objects are strict). */
function hasOnlyKeys(object: Json, allowed: readonly string[]): boolean {
  for (const key in object) if (!allowed.includes(key)) return false
  return true
}

const REQUEST_KEYS = ['jsonrpc', 'id', 'method', 'params'] as const
const NOTIFICATION_KEYS = ['jsonrpc', 'method', 'params'] as const
const RESULT_KEYS = ['jsonrpc', 'id', 'result'] as const
const ERROR_KEYS = ['jsonrpc', 'id', 'error'] as const
const ERROR_OBJECT_KEYS = ['code', 'message', 'data'] as const

function isPlainError(error: unknown): boolean {
  return (
    isPlainObject(error) &&
    hasOnlyKeys(error, ERROR_OBJECT_KEYS) &&
    Number.isSafeInteger(error.code) &&
    typeof error.message === 'string'
  )
}

/** `json` as a message when it is one of the plain shapes; `undefined` means "ask the schema". */
export function plainJsonRpcMessage(json: unknown): JSONRPCMessage | undefined {
  if (!isPlainObject(json) || json.jsonrpc !== '2.0') return undefined
  if (typeof json.method === 'string') {
    if (!isPlainParams(json.params)) return undefined
    if ('id' in json) {
      return isRequestId(json.id) && hasOnlyKeys(json, REQUEST_KEYS) ? (json as JSONRPCMessage) : undefined
    }
    return hasOnlyKeys(json, NOTIFICATION_KEYS) ? (json as JSONRPCMessage) : undefined
  }
  if ('result' in json) {
    // A result's `_meta.serverInfo` is checked and may be dropped by the schema: left to it.
    const result = json.result
    const plain = isPlainObject(result) && !('_meta' in result)
    return plain && isRequestId(json.id) && hasOnlyKeys(json, RESULT_KEYS)
      ? (json as JSONRPCMessage)
      : undefined
  }
  if ('error' in json) {
    const id = json.id
    const plain = (id === undefined || isRequestId(id)) && isPlainError(json.error)
    return plain && hasOnlyKeys(json, ERROR_KEYS) ? (json as JSONRPCMessage) : undefined
  }
  return undefined
}
