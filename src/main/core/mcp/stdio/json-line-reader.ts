// Splits a server's stdout into newline-delimited JSON-RPC messages (the framing of the SDK's ReadBuffer:
// split on \n, strip a trailing \r, JSON.parse, validate) without ever holding more than one capped line.
import type { JSONRPCMessage } from '@modelcontextprotocol/client'
import { JSONRPCMessageSchema, JSONRPCRequestSchema } from '@modelcontextprotocol/core'
import { formatByteSize } from '../../../../shared/format/byte-size'
import { plainJsonRpcMessage } from './plain-jsonrpc'

const NEWLINE = 0x0a

/** A single line on the server's stdout grew past maxMessageBytes; the connection cannot continue. */
export class MessageTooLargeError extends Error {
  readonly limitBytes: number

  constructor(limitBytes: number) {
    super(`a message from the server exceeded ${formatByteSize(limitBytes)} (maxMessageBytes)`)
    this.name = 'MessageTooLargeError'
    this.limitBytes = limitBytes
  }
}

/** A line that is not JSON, or JSON that is not a JSON-RPC message. Reported; reading goes on. */
export class MalformedMessageError extends Error {
  readonly problem: string
  /** The id of a request the schema refused (it has a method and a usable id): it is owed an answer. */
  readonly requestId: string | number | undefined

  constructor(problem: string, requestId?: string | number) {
    super(`the server wrote a line that is not a JSON-RPC message: ${problem}`)
    this.name = 'MalformedMessageError'
    this.problem = problem
    this.requestId = requestId
  }
}

/** The most of the schema's complaint an answer repeats back to the server. */
const MAX_PROBLEM_CHARS = 200

/**
 * JSON-RPC's answer to an invalid request whose id can be read: -32600, so the server's call ends instead
 * of waiting for ever (the SDK drops a message its schema refuses without answering it).
 */
export function invalidRequestAnswer(error: MalformedMessageError): JSONRPCMessage | undefined {
  if (error.requestId === undefined) return undefined
  return {
    jsonrpc: '2.0',
    id: error.requestId,
    error: { code: -32600, message: `Invalid Request: ${error.problem.slice(0, MAX_PROBLEM_CHARS)}` },
  }
}

/** A request's id as JSON-RPC allows it (a string or a whole number), when the line is a request at all. */
function requestIdOf(json: unknown): string | number | undefined {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return undefined
  const { id, method } = json as { id?: unknown; method?: unknown }
  if (typeof method !== 'string') return undefined
  if (typeof id === 'string' || (typeof id === 'number' && Number.isSafeInteger(id))) return id
  return undefined
}

export interface JsonLineHandlers {
  onMessage: (message: JSONRPCMessage) => void
  onMalformed: (error: MalformedMessageError) => void
  /** Called once; after it the reader discards everything. */
  onTooLarge: (error: MessageTooLargeError) => void
}

function parseLine(text: string): JSONRPCMessage | MalformedMessageError {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    return new MalformedMessageError(error instanceof Error ? error.message : String(error))
  }
  const plain = plainJsonRpcMessage(json)
  if (plain !== undefined) return plain
  const parsed = JSONRPCMessageSchema.safeParse(json)
  if (parsed.success) return parsed.data
  const requestId = requestIdOf(json)
  // The message union's own complaint is "Invalid input"; a request is told what is wrong with it.
  const issues =
    requestId === undefined ? parsed.error.issues : JSONRPCRequestSchema.safeParse(json).error?.issues
  const issue = issues?.[0]
  const problem = issue
    ? `${issue.path.join('.') || 'message'}: ${issue.message}`
    : 'invalid JSON-RPC message'
  return new MalformedMessageError(problem, requestId)
}

/**
 * Byte counting happens while a line accumulates, so a server that never sends a newline cannot make the
 * host buffer more than the cap. The partial line is kept as a list of chunk slices and joined once, when
 * its newline arrives (a line that fits in one chunk is not copied at all).
 */
export class JsonLineReader {
  readonly #maxLineBytes: number
  readonly #handlers: JsonLineHandlers
  #pending: Buffer[] = []
  #pendingBytes = 0
  #overflowed = false

  constructor(maxLineBytes: number, handlers: JsonLineHandlers) {
    this.#maxLineBytes = maxLineBytes
    this.#handlers = handlers
  }

  get overflowed(): boolean {
    return this.#overflowed
  }

  push(chunk: Buffer): void {
    let start = 0
    while (!this.#overflowed && start < chunk.length) {
      const newline = chunk.indexOf(NEWLINE, start)
      const end = newline === -1 ? chunk.length : newline
      if (this.#pendingBytes + (end - start) > this.#maxLineBytes) {
        this.#overflow()
        return
      }
      if (newline === -1) {
        this.#pending.push(chunk.subarray(start))
        this.#pendingBytes += chunk.length - start
        return
      }
      const piece = chunk.subarray(start, end)
      const line = this.#pending.length === 0 ? piece : Buffer.concat([...this.#pending, piece])
      this.#pending = []
      this.#pendingBytes = 0
      start = newline + 1
      this.#emit(line)
    }
  }

  #emit(line: Buffer): void {
    let end = line.length
    if (end > 0 && line[end - 1] === 0x0d) end -= 1
    // An empty line carries nothing; anything else has to be a message.
    if (end === 0) return
    const result = parseLine(line.toString('utf8', 0, end))
    if (result instanceof MalformedMessageError) this.#handlers.onMalformed(result)
    else this.#handlers.onMessage(result)
  }

  #overflow(): void {
    this.#overflowed = true
    this.#pending = []
    this.#pendingBytes = 0
    this.#handlers.onTooLarge(new MessageTooLargeError(this.#maxLineBytes))
  }
}
