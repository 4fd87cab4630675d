// Splits a server's stdout into newline-delimited JSON-RPC messages (the framing of the SDK's ReadBuffer:
// split on \n, strip a trailing \r, JSON.parse, validate) without ever holding more than one capped line.
import type { JSONRPCMessage } from '@modelcontextprotocol/client'
import { JSONRPCMessageSchema } from '@modelcontextprotocol/core'
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
  constructor(problem: string) {
    super(`the server wrote a line that is not a JSON-RPC message: ${problem}`)
    this.name = 'MalformedMessageError'
  }
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
  const issue = parsed.error.issues[0]
  return new MalformedMessageError(issue ? issue.message : 'invalid JSON-RPC message')
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
